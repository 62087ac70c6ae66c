/**
 * The ways a session opens, each ending in makeSession (make-session.ts): stored credentials, the demo's
 * emulator, credentials typed into onboarding, and the browser sign-in offered where overwrites are
 * edited. Connecting reads the application, the global commands, the account and today's creates
 * before it resolves, so the first frame is complete. What they share within one run is an `Opening`.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Credentials, DiscordApi } from '../../api/contract.js';
import { typedOrigins, type CredentialOrigins } from '../../api/credential-origin.js';
import type { RateLimitWait } from '../../api/rate-limit-queue.js';
import type { AppCredentials, LoadedCredentials } from '../../auth/credentials.js';
import type { CliIo } from '../../commands/types.js';
import { underHome, type Environment } from '../../config/environment.js';
import { GLOBAL_SCOPE } from '../../discord/model.js';
import { emulatorControlOf, firstReads, makeSession, targetLabel, withEnvironmentNote, withProfile, type ProfileOf, type Target } from './make-session.js';
import type { Session, SignInModel } from './session.js';
import { endpointOf, type TryOnEmulator } from './emulator-for-try.js';

/** What every way of opening a session shares within one run. */
export interface Opening {
  io: CliIo;
  environment: Environment;
  timeoutMs?: number;
  debug?: (line: string) => void;
  waits: { onRateLimitWait?: (event: RateLimitWait) => void };
  /** Called once the first reads are on the wire: the moment to load the UI. */
  whileReading?: () => void;
  onCleanup: (cleanup: () => Promise<void>) => void;
  /** One emulator for the whole run's Try screens, whichever session asks. */
  tryOnEmulator: (live: DiscordApi) => TryOnEmulator;
  /** Where this run points: --api, else the profile's API, else Discord. */
  started: () => Promise<Target>;
}

/**
 * The browser sign-in offered where overwrites are edited: signs in with the permissions scopes,
 * stores the user token like `cmd-tui auth login`, and reconnects with every stored credential
 * (plus those typed into onboarding, which may not be stored).
 */
export function browserSignIn(
  opening: Opening,
  baseUrl: string,
  applicationId: string,
  label: string,
  typed: AppCredentials | undefined,
  target: ProfileOf,
  appName: () => Promise<string | undefined> = async () => undefined,
): SignInModel {
  const { environment, io, timeoutMs, waits } = opening;
  const { profile } = target;
  const model: SignInModel = {
    start: async (onUrl, signal, pasteBack) => {
      const [{ signIn }, { rememberSignIn }, { permissionsScopes }, { defaultStores, storesForApplication }, { connectDiscordApi }, { environmentSecretFor, environmentNote }] = await Promise.all([
        import('../../auth/sign-in.js'),
        import('../../auth/remember-sign-in.js'),
        import('../../auth/scopes.js'),
        import('../../auth/credentials.js'),
        import('../../connect/connect.js'),
        import('../../auth/credential-choice.js'),
      ]);
      const typedSecret = typed?.clientCredentials?.clientId === applicationId ? typed.clientCredentials.clientSecret : undefined;
      const clientSecret = typedSecret ?? environmentSecretFor(environment.credentials, applicationId);
      const pasted = pasteBack ? { readPastedRedirect: pasteBack.read, onPasteRefused: pasteBack.refused } : {};
      const user = await signIn({ baseUrl, clientId: applicationId, clientSecret, scopes: permissionsScopes(), onUrl, signal, browsers: environment.browser.commands, ...pasted });
      if (!user) throw new Error('The sign-in returned no token.');
      // Filed for the app on screen: under the profile in use or one that fits it, else a new one named after the app
      // (the sign-in is not refused after the browser approved it because another app's profile is current).
      const stores = storesForApplication(defaultStores(environment, undefined, profile?.name), baseUrl, applicationId, await appName());
      const stored = await rememberSignIn({ stores, baseUrl, clientId: applicationId, user, timeoutMs });
      const { api, environment: choice } = await connectDiscordApi({ baseUrl, environment, applicationId, timeoutMs, stores, typed, ...waits, ...(profile ? { profile } : {}) });
      const signedIn = stored.profile?.created ? { ...model, storedUnder: stored.profile.name } : model;
      return withProfile(withEnvironmentNote(await makeSession(api, label, io, environment, signedIn), typed ? undefined : environmentNote(choice)), target);
    },
  };
  return model;
}

/**
 * Waits for the API, then reads ahead (letting the UI load meanwhile) and ties it to a session.
 * Typed credentials must work now, or onboarding says why; stored ones that fail are reported where
 * they fail instead (the list, the header).
 */
async function openWith(
  opening: Opening,
  connecting: Promise<DiscordApi>,
  label: string,
  opened: { environment: Environment; signInFor?: (api: DiscordApi) => SignInModel; failuresLater?: boolean },
): Promise<Session> {
  const api = await connecting;
  const reading = firstReads(api);
  opening.whileReading?.();
  const making = makeSession(api, label, opening.io, opened.environment, opened.signInFor?.(api));
  const [reads, session, globalCreatesUsed, control] = await Promise.all([
    opened.failuresLater ? reading.catch(() => ({})) : reading,
    making,
    making.then(async (session) => (await session.workspace.createBudget(GLOBAL_SCOPE)).used).catch(() => undefined),
    emulatorControlOf(api.baseUrl, opened.environment).catch(() => undefined),
  ]);
  return { ...session, opening: { ...reads, globalCreatesUsed }, emulators: { forTry: opening.tryOnEmulator(api), ...(control ? { control } : {}) } };
}

function withApi(opening: Opening, credentials: Credentials, baseUrl: string, label: string, sessionEnvironment = opening.environment, applicationId?: string, credentialOrigins?: CredentialOrigins): Promise<Session> {
  const { timeoutMs, debug, waits } = opening;
  const api = import('../../api/client.js').then(({ createDiscordApi }) => createDiscordApi({ baseUrl, credentials, applicationId, timeoutMs, debug, ...waits, ...(credentialOrigins ? { credentialOrigins } : {}) }));
  return openWith(opening, api, label, { environment: sessionEnvironment });
}

/** The embedded emulator, with the demo's guilds and commands, stopped when the app quits. */
export async function demoSession(opening: Opening): Promise<Session> {
  const { environment, onCleanup } = opening;
  const [{ startEmulator }, { publishControlSecret }] = await Promise.all([import('../../emulator/server.js'), import('../../config/emulator-secrets.js')]);
  const emulator = await startEmulator({ seed: 'demo', rateLimits: 'discord' });
  onCleanup(() => emulator.close());
  // As serve does: `cmd-tui try --api` the demo's URL, from another terminal, finds its control secret.
  // Not awaited: the first frame does not wait for a file (one that cannot be written costs only that).
  void publishControlSecret(environment.paths().data, emulator.origin, emulator.controlSecret).then(onCleanup, () => undefined);
  // The demo's backups and create counts live in a throwaway folder, not with real data, removed on exit.
  const home = await mkdtemp(join(tmpdir(), 'cmd-tui-demo-'));
  onCleanup(() => rm(home, { recursive: true, force: true }));
  // A write still in flight when the folder went (the guild cache, a ledger) would make it again: the last
  // thing the process does is remove it once more, synchronously, with nothing left to run after.
  process.once('exit', () => rmSync(home, { recursive: true, force: true }));
  const user = { accessToken: emulator.userToken, scopes: ['applications.commands.permissions.update', 'identify', 'guilds'] };
  const session = await withApi(opening, { botToken: emulator.botToken, user }, emulator.baseUrl, targetLabel(emulator.baseUrl, true), underHome(environment, home), emulator.applicationId);
  return { ...session, emulators: { ...session.emulators, own: endpointOf(emulator) } };
}

/**
 * Credentials typed into onboarding: the same browser sign-in as stored ones, and an offer to store
 * them (which makes the first profile, named after the app, when there is none).
 */
export async function typedSession(opening: Opening, typed: AppCredentials, what: string, command: string, applicationId?: string): Promise<Session> {
  const { environment } = opening;
  const target = await opening.started();
  const { url, profile } = target;
  const label = targetLabel(url, false);
  const session = await withApi(opening, typed, url, label, environment, applicationId, typedOrigins(typed));
  const appId = session.api.applicationId;
  const appName = session.opening.application?.name;
  const store = async () => {
    const { defaultStores, storeAppCredentials } = await import('../../auth/credentials.js');
    const stores = defaultStores(environment, undefined, profile?.name);
    return (await storeAppCredentials(stores, url, appId, typed, appName)).where ?? stores.secrets.filePath;
  };
  return withProfile({ ...session, signIn: browserSignIn(opening, url, appId, label, typed, target, async () => appName), rememberCredentials: { what, command, store } }, target);
}

/** Stored (or environment) credentials for a target: a session, or null when there are none. */
export async function storedSession(opening: Opening, target: Target, failuresLater: boolean, loaded: LoadedCredentials): Promise<Session | null> {
  const { environment, timeoutMs, debug, waits } = opening;
  const { url, profile } = target;
  const inProfile = profile ? { profile } : {};
  const { botToken, clientCredentials, user } = loaded.credentials;
  // A user sign-in alone opens the overwrites-only session (screens/sign-in-only).
  if (!botToken && !clientCredentials && !user) {
    if (loaded.keyringMayHold === undefined) return null;
    const { CredentialsUnreachableError } = await import('../../api/errors.js');
    throw new CredentialsUnreachableError(`${loaded.keyringMayHold}.`, 'Run cmd-tui at the desktop, where the keyring can be asked, or start another way below: a token typed here can be kept in the file.');
  }
  const [{ connectDiscordApi }, { environmentNote }] = await Promise.all([import('../../connect/connect.js'), import('../../auth/credential-choice.js')]);
  const label = targetLabel(url, false);
  const connecting = connectDiscordApi({ baseUrl: url, environment, timeoutMs, debug, loaded, ...waits, ...inProfile }).then(({ api }) => api);
  const appName = (api: DiscordApi) => () => api.getApplication().then((application) => application.name, () => undefined);
  const session = await openWith(opening, connecting, label, { environment, signInFor: (api) => browserSignIn(opening, url, api.applicationId, label, undefined, target, appName(api)), failuresLater });
  return withProfile(withEnvironmentNote(session, environmentNote(loaded.environment)), target);
}
