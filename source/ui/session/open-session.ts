/**
 * Everything that turns credentials into a Session for the TUI, with no Ink or React in sight so it can
 * run while they load: stored credentials (`connect`), the choices of the onboarding screen
 * (`starters`: demo, typed token or client credentials, browser sign-in, another profile), and the list
 * these credentials saw last time. The ways of opening are in session-openings.ts.
 */
import type { RateLimitWait } from '../../api/rate-limit-queue.js';
import { DISCORD_API_BASE } from '../../api/target.js';
import type { LoadedCredentials } from '../../auth/credentials.js';
import type { LastSeenList } from '../../config/list-cache.js';
import type { CliIo } from '../../commands/types.js';
import type { Environment } from '../../config/environment.js';
import { GLOBAL_SCOPE } from '../../discord/model.js';
import { targetLabel, type Target } from './make-session.js';
import { browserSignIn, demoSession, storedSession, typedSession, type Opening } from './session-openings.js';
import type { Session, SessionStarters } from './session.js';
import { emulatorForTry } from './emulator-for-try.js';

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

export function createSessionOpeners(options: SessionOpenerOptions): SessionOpeners {
  const { io, timeoutMs } = options;
  const { environment } = io;
  const targets = targetsOf(environment, options);
  const opening: Opening = {
    io,
    environment,
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(options.debug ? { debug: options.debug } : {}),
    waits: options.onRateLimitWait ? { onRateLimitWait: options.onRateLimitWait } : {},
    ...(options.whileReading ? { whileReading: options.whileReading } : {}),
    onCleanup: options.onCleanup,
    tryOnEmulator: emulatorForTry(options.onCleanup, timeoutMs ? { timeoutMs } : {}),
    started: targets.started,
  };

  const starters: SessionStarters = {
    demo: () => demoSession(opening),
    botToken: (botToken) => typedSession(opening, { botToken }, 'the bot token', 'cmd-tui auth set-bot-token'),
    clientCredentials: (clientId, clientSecret) => typedSession(opening, { clientCredentials: { clientId, clientSecret } }, 'the client credentials', 'cmd-tui auth set-client-credentials', clientId),
    browserSignIn: async (applicationId, onUrl, signal, pasteBack) => {
      const target = await targets.started();
      return browserSignIn(opening, target.url, applicationId, targetLabel(target.url, false), undefined, target).start(onUrl, signal, pasteBack);
    },
    profiles: async () => {
      const [{ readSettingsWithProfiles }, { profileNames }] = await Promise.all([import('../../connect/resolve-target.js'), import('../../config/profiles.js')]);
      return profileNames(await readSettingsWithProfiles(environment.paths()));
    },
    openProfile: async (name) => {
      const target = await targets.resolve({ profile: name });
      const session = await storedSession(opening, target, false, await targets.credentialsFor(target));
      if (!session) throw new Error(`The profile ${name} has no bot token or client credentials stored: run \`cmd-tui auth set-bot-token --profile ${name}\`.`);
      return session;
    },
  };

  const connect = async (): Promise<Session | null> => {
    if (options.demo) return demoSession(opening);
    const target = await targets.started();
    return target.demo ? demoSession(opening) : storedSession(opening, target, true, await targets.initialCredentials());
  };

  return { connect, ...lastSeenKeeper(environment, options.demo, targets), starters };
}

/** Where a run points, and the credentials stored for it: each read once, for `connect` and `lastSeen` alike. */
interface Targets {
  resolve: (choice: { api?: string; profile?: string }) => Promise<Target>;
  /** Where this run points: --api, else the profile's API, else Discord. */
  started: () => Promise<Target>;
  /** Stored (or environment) credentials for a target. */
  credentialsFor: (target: Target) => Promise<LoadedCredentials>;
  /** The credentials of where this run points. */
  initialCredentials: () => Promise<LoadedCredentials>;
}

function targetsOf(environment: Environment, choice: { api?: string; profile?: string }): Targets {
  const resolve = async (choice: { api?: string; profile?: string }): Promise<Target> => {
    const [{ resolveTarget, readSettingsWithProfiles }, { profileNames }] = await Promise.all([import('../../connect/resolve-target.js'), import('../../config/profiles.js')]);
    const { target, profile } = await resolveTarget(choice, environment);
    const outsideProfiles = !profile && profileNames(await readSettingsWithProfiles(environment.paths())).length > 0;
    return { url: target.baseUrl ?? DISCORD_API_BASE, demo: target.kind === 'local', ...(profile ? { profile } : {}), ...(outsideProfiles ? { outsideProfiles } : {}) };
  };
  let resolving: Promise<Target> | undefined;
  const started = () => (resolving ??= resolve({ api: choice.api, profile: choice.profile }));
  const credentialsFor = async ({ url, profile }: Target): Promise<LoadedCredentials> => {
    const { defaultStores, loadCredentials } = await import('../../auth/credentials.js');
    return loadCredentials({ baseUrl: url, overrides: environment.credentials, stores: defaultStores(environment), ...(profile ? { profile } : {}) });
  };
  let loadingInitial: Promise<LoadedCredentials> | undefined;
  return { resolve, started, credentialsFor, initialCredentials: () => (loadingInitial ??= started().then(credentialsFor)) };
}

/** The global list seen with this run's credentials (config/list-cache.ts): read for the first frame, kept for the next start. */
function lastSeenKeeper(environment: Environment, demo: boolean, targets: Targets): Pick<SessionOpeners, 'lastSeen' | 'rememberLastSeen'> {
  /**
   * Where the list seen with this run's credentials is kept; none for the demo (a new emulator each time)
   * or a profile that opens in its guild (the app starts there, not in the global list).
   */
  const lastSeenFile = async () => {
    const target = demo ? undefined : await targets.started();
    if (!target || target.demo || target.profile?.guildId) return undefined;
    const [{ credentials }, cache] = await Promise.all([targets.initialCredentials(), import('../../config/list-cache.js')]);
    const path = cache.lastSeenPath(environment.paths(), target.url, credentials);
    return path === undefined ? undefined : { path, cache };
  };
  const lastSeen = async () => {
    const file = await lastSeenFile();
    return file?.cache.readLastSeen(file.path);
  };
  const rememberLastSeen = async (session: Session, previous?: LastSeenList) => {
    const file = await lastSeenFile();
    const { application, globalCommands, who } = session.opening;
    if (!file || !application || !globalCommands) return;
    // Kept as the list screen draws it: its order, its cells and the header's caps.
    const [{ commandRowCells, visibleCommands }, { capsSummary }] = await Promise.all([import('../format/command-row.js'), import('../format/command-summary.js')]);
    const rows = visibleCommands(globalCommands, '').map((command) => ({ id: command.id, cells: [...commandRowCells(command)] }));
    const list = { savedAt: Date.now(), applicationName: application.name, who: who ?? null, targetLabel: session.target.label, caps: capsSummary(globalCommands, GLOBAL_SCOPE), rows };
    await file.cache.rememberLastSeen(file.path, list, previous);
  };
  return { lastSeen, rememberLastSeen };
}
