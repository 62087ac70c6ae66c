/**
 * Everything that turns credentials into a Session for the TUI, with no Ink or React in sight so it can
 * run while they load: stored credentials (`connect`), the choices of the onboarding screen
 * (`starters`: demo, typed token or client credentials, browser sign-in), and the browser sign-in
 * offered where overwrites are edited. Connecting (stored, demo or typed credentials) reads the
 * application, the global commands, the account and today's creates before it resolves, so the first
 * frame is complete.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Credentials } from '../../api/contract.js';
import type { DiscordApi } from '../../api/contract.js';
import type { ProfileInUse } from '../../connect/resolve-target.js';
import type { RateLimitWait } from '../../api/rate-limit-queue.js';
import { DISCORD_API_BASE, isLoopbackHost } from '../../api/target.js';
import type { EmulatorControl } from '../../discord/emulator-control.js';
import { typedOrigins, type CredentialOrigins } from '../../api/credential-origin.js';
import type { AppCredentials, LoadedCredentials } from '../../auth/credentials.js';
import type { LastSeenList } from '../../config/list-cache.js';
import type { CliIo } from '../../commands/types.js';
import { underHome, type Environment } from '../../config/environment.js';
import { GLOBAL_SCOPE } from '../../discord/model.js';
import { canReadCommands } from '../../api/contract.js';
import { editInExternalEditor } from '../editor/external-editor.js';
import type { Session, SessionStarters } from './session.js';
import { userLabel } from '../format/user-label.js';
import { writeNewFile } from './write-new-file.js';
import { emulatorForTry, endpointOf } from './try-on-emulator.js';

export interface SessionOpenerOptions {
  /** `--demo` (or `--api local`): the embedded emulator instead of stored credentials. */
  demo: boolean;
  /** `--api`: over the profile's API (resolve-target.ts). */
  api?: string;
  /** `--profile`: else CMD_TUI_PROFILE, else the current profile. */
  profile?: string;
  timeoutMs?: number;
  debug?: (line: string) => void;
  io: CliIo;
  /** Receives what must be undone when the app quits (the demo's emulator). */
  onCleanup: (cleanup: () => Promise<void>) => void;
  /** Called once the first reads are on the wire: the moment to load the UI, which would otherwise wait for them. */
  whileReading?: () => void;
  /** Each rate-limit wait of a session's client, from its first request on ("Connecting…" names it). */
  onRateLimitWait?: (event: RateLimitWait) => void;
}

export interface SessionOpeners {
  /** Stored credentials (or the demo): a session, null when there are none, or why they fail. */
  connect: () => Promise<Session | null>;
  /** The global list these credentials saw last time (config/list-cache.ts), to draw while `connect` runs; none for the demo. */
  lastSeen: () => Promise<LastSeenList | undefined>;
  /** Keeps the list of a session `connect` opened, for the next start's first frame (`previous`: the one `lastSeen` gave). */
  rememberLastSeen: (session: Session, previous?: LastSeenList) => Promise<void>;
  starters: SessionStarters;
}

function targetLabel(baseUrl: string, demo: boolean): string {
  if (demo) return `demo emulator ${baseUrl}`;
  if (baseUrl === DISCORD_API_BASE) return 'Discord';
  return isLoopbackHost(new URL(baseUrl).hostname) ? `local ${baseUrl}` : baseUrl;
}

/**
 * The application, the global commands and whose token it is, read together (the first frame shows
 * all three). A list that cannot be read is left to the
 * list screen, which says why and offers to try again.
 */
async function firstReads(api: DiscordApi): Promise<Pick<Session, 'application' | 'globalCommands' | 'who'>> {
  // A browser sign-in alone may read neither the application nor its commands: only whose sign-in it is.
  if (!canReadCommands(api)) return { who: await api.getCurrentUser().then(userLabel, () => null) };
  const [application, globalCommands, who] = await Promise.all([
    api.getApplication(),
    api.listCommands(GLOBAL_SCOPE, { withLocalizations: true }).catch(() => undefined),
    api.getCurrentUser().then(userLabel, () => null),
  ]);
  return { application, globalCommands, who };
}

/** Ties an API to the local ledger, backups, export and $EDITOR; `environment` says where files go (the demo's: its own throwaway home) and which editor. */
async function makeSession(api: DiscordApi, label: string, io: CliIo, environment: Environment, signInUser?: Session['signInUser']): Promise<Session> {
  const { openWorkspace } = await import('../../operations/workspace.js');
  const workspace = openWorkspace(api, environment.paths());
  // The plan engine loads with the first plan, not with the first frame.
  const engine = async () => {
    const [prepare, carryOut] = await Promise.all([import('../../operations/prepare-plan.js'), import('../../operations/carry-out-plan.js')]);
    return { preparePlan: prepare.preparePlan, prepareRestore: prepare.prepareRestore, carryOutPlan: carryOut.carryOutPlan };
  };
  const carryOut: NonNullable<Session['copy']>['carryOut'] = async (prepared, options) => (await engine()).carryOutPlan(workspace, prepared, options);
  return {
    ...workspace,
    targetLabel: label,
    writeExport: (fileName, contents) => writeNewFile(resolve(io.cwd), fileName, contents),
    editText: async (text) => editInExternalEditor(text, environment.editor),
    copy: {
      prepare: async (request) => (await engine()).preparePlan(workspace, { kind: 'copy', request }),
      carryOut,
    },
    backupFiles: {
      list: async () => {
        const { listBackups } = await import('../../backup/store.js');
        return (await listBackups(environment.paths().backups)).filter((entry) => entry.applicationId === api.applicationId).reverse();
      },
      prepare: async (path, known = []) => {
        const backup = await (await import('../../backup/store.js')).readAnyBackup(path);
        return (await engine()).prepareRestore(workspace, { kind: 'restore', backup, path, known });
      },
      carryOut,
    },
    recentGuilds: {
      list: async () => {
        const [{ openSettings }, { recentGuildsOf }] = await Promise.all([import('../../config/settings.js'), import('../../config/recent-guilds.js')]);
        return recentGuildsOf(openSettings(environment.paths()).read(), api.baseUrl, api.applicationId);
      },
      remember: async (guild) => {
        const [{ openSettings }, { rememberRecentGuild }] = await Promise.all([import('../../config/settings.js'), import('../../config/recent-guilds.js')]);
        await rememberRecentGuild(openSettings(environment.paths()), api.baseUrl, api.applicationId, guild);
      },
    },
    rememberGuilds: async (guilds) => (await import('../../config/guild-cache.js')).rememberGuilds(environment.paths(), api.baseUrl, api.applicationId, guilds),
    ...(signInUser ? { signInUser } : {}),
  };
}

type ProfileOf = Pick<Target, 'profile' | 'outsideProfiles'>;

interface Target {
  url: string;
  demo: boolean;
  profile?: ProfileInUse;
  /** Profiles exist, but none is for this API. */
  outsideProfiles?: boolean;
}

/** An API on this machine may be a `cmd-tui serve`: its control secret, as `cmd-tui try` finds it (none for any other API). */
async function emulatorOnThisMachine(baseUrl: string, environment: Environment): Promise<EmulatorControl | undefined> {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || !isLoopbackHost(url.hostname)) return undefined;
  const { emulatorControlFor } = await import('../../config/emulator-secrets.js');
  const control = await emulatorControlFor(url.origin, environment);
  return control.secret === undefined ? undefined : control;
}

export function createSessionOpeners(options: SessionOpenerOptions): SessionOpeners {
  const { io, timeoutMs, debug } = options;
  const waits = options.onRateLimitWait ? { onRateLimitWait: options.onRateLimitWait } : {};
  const { environment } = io;
  const tryOnEmulator = emulatorForTry(options.onCleanup, timeoutMs ? { timeoutMs } : {});
  const resolve = async (choice: { api?: string; profile?: string }): Promise<Target> => {
    const [{ resolveTarget, readSettingsWithProfiles }, { profileNames }] = await Promise.all([import('../../connect/resolve-target.js'), import('../../config/profiles.js')]);
    const { target, profile } = await resolveTarget(choice, environment);
    const outsideProfiles = !profile && profileNames(await readSettingsWithProfiles(environment.paths())).length > 0;
    return { url: target.baseUrl ?? DISCORD_API_BASE, demo: target.kind === 'local', ...(profile ? { profile } : {}), ...(outsideProfiles ? { outsideProfiles } : {}) };
  };
  let resolving: Promise<Target> | undefined;
  /** Where this run points: --api, else the profile's API, else Discord. */
  const started = () => (resolving ??= resolve({ api: options.api, profile: options.profile }));

  /**
   * The browser sign-in offered where overwrites are edited: signs in with the permissions scopes,
   * stores the user token like `cmd-tui auth login`, and reconnects with every stored credential
   * (plus those typed into onboarding, which may not be stored).
   */
  const browserSignIn = (baseUrl: string, applicationId: string, label: string, typed: AppCredentials | undefined, target: ProfileOf, appName: () => Promise<string | undefined> = async () => undefined): NonNullable<Session['signInUser']> => {
    const { profile } = target;
    const signInUser: NonNullable<Session['signInUser']> = async (onUrl, signal, pasteBack) => {
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
      const session = withProfile(withEnvironmentNote(await makeSession(api, label, io, environment, signInUser), typed ? undefined : environmentNote(choice)), target);
      return stored.profile?.created ? { ...session, signInStoredUnder: stored.profile.name } : session;
    };
    return signInUser;
  };

  /**
   * Waits for the API, then reads ahead (letting the UI load meanwhile) and ties it to a session.
   * Typed credentials must work now, or onboarding says why; stored ones that fail are reported where
   * they fail instead (the list, the header).
   */
  const openWith = async (
    connecting: Promise<DiscordApi>,
    label: string,
    opened: { environment: Environment; signInFor?: (api: DiscordApi) => Session['signInUser']; failuresLater?: boolean },
  ): Promise<Session> => {
    const api = await connecting;
    const reading = firstReads(api);
    options.whileReading?.();
    const opening = makeSession(api, label, io, opened.environment, opened.signInFor?.(api));
    const [reads, session, globalCreatesUsed, emulatorControl] = await Promise.all([
      opened.failuresLater ? reading.catch(() => ({})) : reading,
      opening,
      opening.then(async (session) => (await session.createBudget(GLOBAL_SCOPE)).used).catch(() => undefined),
      emulatorOnThisMachine(api.baseUrl, opened.environment).catch(() => undefined),
    ]);
    return { ...session, ...reads, globalCreatesUsed, tryOnEmulator: tryOnEmulator(api), ...(emulatorControl ? { emulatorControl } : {}) };
  };

  const withApi = async (credentials: Credentials, baseUrl: string, label: string, sessionEnvironment = environment, applicationId?: string, credentialOrigins?: CredentialOrigins): Promise<Session> => {
    const { createDiscordApi } = await import('../../api/client.js');
    return openWith(createDiscordApi({ baseUrl, credentials, applicationId, timeoutMs, debug, ...waits, ...(credentialOrigins ? { credentialOrigins } : {}) }), label, { environment: sessionEnvironment });
  };

  const demo = async (): Promise<Session> => {
    const [{ startEmulator }, { publishControlSecret }] = await Promise.all([import('../../emulator/server.js'), import('../../config/emulator-secrets.js')]);
    const emulator = await startEmulator({ seed: 'demo', rateLimits: 'discord' });
    options.onCleanup(() => emulator.close());
    // As serve does: `cmd-tui try --api` the demo's URL, from another terminal, finds its control secret.
    // Not awaited: the first frame does not wait for a file (one that cannot be written costs only that).
    void publishControlSecret(environment.paths().data, emulator.origin, emulator.controlSecret).then(options.onCleanup, () => undefined);
    // The demo's backups and create counts live in a throwaway folder, not with real data, removed on exit.
    const home = await mkdtemp(join(tmpdir(), 'cmd-tui-demo-'));
    options.onCleanup(() => rm(home, { recursive: true, force: true }));
    // A write still in flight when the folder went (the guild cache, a ledger) would make it again: the last
    // thing the process does is remove it once more, synchronously, with nothing left to run after.
    process.once('exit', () => rmSync(home, { recursive: true, force: true }));
    const user = { accessToken: emulator.userToken, scopes: ['applications.commands.permissions.update', 'identify', 'guilds'] };
    const session = await withApi({ botToken: emulator.botToken, user }, emulator.baseUrl, targetLabel(emulator.baseUrl, true), underHome(environment, home), emulator.applicationId);
    return { ...session, ownEmulator: endpointOf(emulator) };
  };

  /**
   * Credentials typed into onboarding: the same browser sign-in as stored ones, and an offer to store
   * them (which makes the first profile, named after the app, when there is none).
   */
  const withTyped = async (typed: AppCredentials, what: string, command: string, applicationId?: string): Promise<Session> => {
    const target = await started();
    const { url, profile } = target;
    const label = targetLabel(url, false);
    const session = await withApi(typed, url, label, environment, applicationId, typedOrigins(typed));
    const appId = session.api.applicationId;
    const store = async () => {
      const { defaultStores, storeAppCredentials } = await import('../../auth/credentials.js');
      const stores = defaultStores(environment, undefined, profile?.name);
      return (await storeAppCredentials(stores, url, appId, typed, session.application?.name)).where ?? stores.secrets.filePath;
    };
    return withProfile({ ...session, signInUser: browserSignIn(url, appId, label, typed, target, async () => session.application?.name), rememberCredentials: { what, command, store } }, target);
  };

  /** Stored (or environment) credentials for a target. */
  const credentialsFor = async ({ url, profile }: Target): Promise<LoadedCredentials> => {
    const { defaultStores, loadCredentials } = await import('../../auth/credentials.js');
    return loadCredentials({ baseUrl: url, overrides: environment.credentials, stores: defaultStores(environment), ...(profile ? { profile } : {}) });
  };
  let loadingInitial: Promise<LoadedCredentials> | undefined;
  /** The credentials of where this run points, read once for both `connect` and `lastSeen`. */
  const initialCredentials = () => (loadingInitial ??= started().then(credentialsFor));

  /** Stored (or environment) credentials for a target: a session, or null when there are none. */
  const stored = async (target: Target, failuresLater: boolean, loaded: LoadedCredentials): Promise<Session | null> => {
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
    const session = await openWith(connecting, label, { environment, signInFor: (api) => browserSignIn(url, api.applicationId, label, undefined, target, () => api.getApplication().then((application) => application.name, () => undefined)), failuresLater });
    return withProfile(withEnvironmentNote(session, environmentNote(loaded.environment)), target);
  };

  const starters: SessionStarters = {
    demo,
    botToken: (botToken) => withTyped({ botToken }, 'the bot token', 'cmd-tui auth set-bot-token'),
    clientCredentials: (clientId, clientSecret) => withTyped({ clientCredentials: { clientId, clientSecret } }, 'the client credentials', 'cmd-tui auth set-client-credentials', clientId),
    browserSignIn: async (applicationId, onUrl, signal, pasteBack) => {
      const target = await started();
      return browserSignIn(target.url, applicationId, targetLabel(target.url, false), undefined, target)(onUrl, signal, pasteBack);
    },
    profiles: async () => {
      const [{ readSettingsWithProfiles }, { profileNames }] = await Promise.all([import('../../connect/resolve-target.js'), import('../../config/profiles.js')]);
      return profileNames(await readSettingsWithProfiles(environment.paths()));
    },
    openProfile: async (name) => {
      const target = await resolve({ profile: name });
      const session = await stored(target, false, await credentialsFor(target));
      if (!session) throw new Error(`The profile ${name} has no bot token or client credentials stored: run \`cmd-tui auth set-bot-token --profile ${name}\`.`);
      return session;
    },
  };

  const connect = async (): Promise<Session | null> => {
    if (options.demo) return demo();
    const target = await started();
    return target.demo ? demo() : stored(target, true, await initialCredentials());
  };

  /**
   * Where the list seen with this run's credentials is kept; none for the demo (a new emulator each time)
   * or a profile that opens in its guild (the app starts there, not in the global list).
   */
  const lastSeenFile = async () => {
    const target = options.demo ? undefined : await started();
    if (!target || target.demo || target.profile?.guildId) return undefined;
    const [{ credentials }, cache] = await Promise.all([initialCredentials(), import('../../config/list-cache.js')]);
    const path = cache.lastSeenPath(environment.paths(), target.url, credentials);
    return path === undefined ? undefined : { path, cache };
  };
  const lastSeen = async () => {
    const file = await lastSeenFile();
    return file?.cache.readLastSeen(file.path);
  };
  const rememberLastSeen = async (session: Session, previous?: LastSeenList) => {
    const file = await lastSeenFile();
    if (!file || !session.application || !session.globalCommands) return;
    const { application, globalCommands, who, targetLabel } = session;
    // Kept as the list screen draws it: its order, its cells and the header's caps.
    const [{ commandRowCells }, { capsSummary }, { visibleCommands }] = await Promise.all([
      import('../format/command-row.js'),
      import('../format/command-summary.js'),
      import('../screens/command-list/use-command-list-state.js'),
    ]);
    const rows = visibleCommands(globalCommands, '').map((command) => ({ id: command.id, cells: [...commandRowCells(command)] }));
    const list = { savedAt: Date.now(), applicationName: application.name, who: who ?? null, targetLabel, caps: capsSummary(globalCommands, GLOBAL_SCOPE), rows };
    await file.cache.rememberLastSeen(file.path, list, previous);
  };

  return { connect, lastSeen, rememberLastSeen, starters };
}

/**
 * The profile in use names the header and gives the app its default guild; with none for this API
 * (resolve-target.ts) while profiles exist, the header says "no profile".
 */
function withEnvironmentNote(session: Session, note: string | undefined): Session {
  return note === undefined ? session : { ...session, environmentNote: note };
}

function withProfile(session: Session, { profile, outsideProfiles }: ProfileOf): Session {
  if (!profile) return outsideProfiles ? { ...session, outsideProfiles } : session;
  return { ...session, profile: profile.name, ...(profile.guildId ? { defaultGuildId: profile.guildId } : {}) };
}
