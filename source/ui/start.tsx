/**
 * `cmd-tui` with no subcommand: parses the TUI's flags, renders the first frame at once, and only then
 * reads credentials, loads the HTTP client or starts the embedded emulator (`--demo`), so start-up
 * stays fast. Returns the exit code once the app quits.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { render } from 'ink';
import type { DiscordApi } from '../api/contract.js';
import type { Credentials } from '../api/client.js';
import type { AppCredentials } from '../auth/credentials.js';
import { isLoopbackHost, resolveApiBase } from '../api/target.js';
import type { CliIo } from '../commands/types.js';
import { appPaths } from '../config/paths.js';
import { App } from './app.js';
import { editInExternalEditor } from './editor/external-editor.js';
import type { Session, SessionStarters } from './session/session.js';
import { writeNewFile } from './session/write-new-file.js';
import { themeFor } from './theme/theme.js';

const USAGE = 'cmd-tui [--demo | --api URL|local] [--timeout MS] [--debug]';

interface TuiFlags {
  demo: boolean;
  api?: string;
  timeoutMs?: number;
  debug: boolean;
}

function parseFlags(argv: string[]): TuiFlags {
  const { values } = parseArgs({
    args: argv,
    options: { demo: { type: 'boolean' }, api: { type: 'string' }, timeout: { type: 'string' }, debug: { type: 'boolean' } },
    strict: true,
  });
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) throw new Error(`--timeout must be a positive number of milliseconds, not "${values.timeout}"`);
  return { demo: values.demo === true, api: values.api, timeoutMs, debug: values.debug === true };
}

function targetLabel(baseUrl: string, demo: boolean): string {
  if (demo) return `demo emulator ${baseUrl}`;
  if (baseUrl === 'https://discord.com/api/v10') return 'Discord';
  return isLoopbackHost(new URL(baseUrl).hostname) ? `local ${baseUrl}` : baseUrl;
}

/** Ties an API to the local ledger, backups, export and $EDITOR; `env` decides where files go. */
async function makeSession(api: DiscordApi, label: string, io: CliIo, env: NodeJS.ProcessEnv, signInUser?: Session['signInUser']): Promise<Session> {
  const [{ createBudget, recordCreates }, { backupBeforeMutation }] = await Promise.all([import('../backup/create-ledger.js'), import('../backup/capture.js')]);
  return {
    api,
    targetLabel: label,
    createsUsed: async (scope) => (await createBudget(env, api.applicationId, scope)).used,
    recordCreate: async (scope) => {
      await recordCreates(env, api.applicationId, scope, 1);
    },
    backup: (scope, reason) => backupBeforeMutation(api, scope, reason, env),
    writeExport: (fileName, contents) => writeNewFile(resolve(io.cwd), fileName, contents),
    editText: async (text) => editInExternalEditor(text, env),
    ...(signInUser ? { signInUser } : {}),
  };
}

/**
 * The browser sign-in offered where overwrites are edited: signs in with the permissions scopes,
 * stores the user token like `cmd-tui auth login`, and reconnects with every stored credential
 * (plus those typed into onboarding, which may not be stored).
 */
function browserSignIn(baseUrl: string, applicationId: string, io: CliIo, timeoutMs: number | undefined, label: string, typed?: AppCredentials): NonNullable<Session['signInUser']> {
  const { env } = io;
  const signInUser: NonNullable<Session['signInUser']> = async (onUrl, signal) => {
    const [{ signIn }, { rememberSignIn }, { permissionsScopes }, { defaultStores }, { connectDiscordApi }] = await Promise.all([
      import('../auth/sign-in.js'),
      import('../auth/remember-sign-in.js'),
      import('../auth/scopes.js'),
      import('../auth/credentials.js'),
      import('../api/connect.js'),
    ]);
    const typedSecret = typed?.clientCredentials?.clientId === applicationId ? typed.clientCredentials.clientSecret : undefined;
    const clientSecret = typedSecret ?? (env.DISCORD_CLIENT_SECRET?.trim() || undefined);
    const user = await signIn({ baseUrl, clientId: applicationId, clientSecret, scopes: permissionsScopes(), onUrl, signal, env });
    if (!user) throw new Error('The sign-in returned no token.');
    const stores = defaultStores(env);
    await rememberSignIn({ stores, baseUrl, clientId: applicationId, user, timeoutMs });
    const { api } = await connectDiscordApi({ baseUrl, env, applicationId, timeoutMs, stores, typed });
    return makeSession(api, label, io, env, signInUser);
  };
  return signInUser;
}

export async function startTui(argv: string[], io: CliIo): Promise<number> {
  let flags: TuiFlags;
  let baseUrl: string | undefined;
  try {
    flags = parseFlags(argv);
    const target = resolveApiBase(flags.api);
    baseUrl = target.baseUrl;
    if (target.kind === 'local') flags.demo = true;
  } catch (error) {
    io.stderr.write(`cmd-tui: ${error instanceof Error ? error.message : String(error)}\nUsage: ${USAGE}\n`);
    return 2;
  }
  if (!io.stdin.isTTY || !io.stdout.isTTY) {
    io.stderr.write('cmd-tui: the terminal UI needs an interactive terminal. In scripts use the subcommands (`cmd-tui --help`).\n');
    return 2;
  }
  const { env } = io;
  const cleanups: (() => Promise<void>)[] = [];
  // The terminal belongs to the UI, so --debug writes the client's request lines to a file instead.
  const debugFile = flags.debug ? join(appPaths(env).data, 'tui-debug.log') : undefined;
  const debug = debugFile
    ? (line: string) => {
        mkdirSync(dirname(debugFile), { recursive: true });
        appendFileSync(debugFile, `${new Date().toISOString()} ${line}\n`, { mode: 0o600 });
      }
    : undefined;

  const withApi = async (credentials: Credentials, url: string, label: string, sessionEnv = env, applicationId?: string) => {
    const { createDiscordApi } = await import('../api/client.js');
    const api = await createDiscordApi({ baseUrl: url, credentials, applicationId, timeoutMs: flags.timeoutMs, debug });
    // Reaching the API now turns a wrong token into an onboarding message instead of an empty list.
    const application = await api.getApplication();
    return { ...(await makeSession(api, label, io, sessionEnv)), application };
  };
  const demo = async (): Promise<Session> => {
    const { startEmulator } = await import('../emulator/server.js');
    const emulator = await startEmulator({ seed: 'demo', rateLimits: 'discord' });
    cleanups.push(() => emulator.close());
    // The demo's backups and create counts live in a throwaway folder, not with real data.
    const home = await mkdtemp(join(tmpdir(), 'cmd-tui-demo-'));
    const user = { accessToken: emulator.userToken, scopes: ['applications.commands.permissions.update', 'identify', 'guilds'] };
    return withApi({ botToken: emulator.botToken, user }, emulator.baseUrl, targetLabel(emulator.baseUrl, true), { ...env, CMD_TUI_HOME: home }, emulator.applicationId);
  };
  const url = baseUrl ?? 'https://discord.com/api/v10';
  /** Credentials typed into onboarding: the same browser sign-in as stored ones, and an offer to store them. */
  const withTyped = async (typed: AppCredentials, what: string, command: string, applicationId?: string): Promise<Session> => {
    const label = targetLabel(url, false);
    const session = await withApi(typed, url, label, env, applicationId);
    const appId = session.api.applicationId;
    const store = async () => {
      const { defaultStores, storeAppCredentials } = await import('../auth/credentials.js');
      const stores = defaultStores(env);
      await storeAppCredentials(stores, url, appId, typed);
      return stores.secrets.location();
    };
    return { ...session, signInUser: browserSignIn(url, appId, io, flags.timeoutMs, label, typed), rememberCredentials: { what, command, store } };
  };
  const starters: SessionStarters = {
    demo,
    botToken: (botToken) => withTyped({ botToken }, 'the bot token', 'cmd-tui auth set-bot-token'),
    clientCredentials: (clientId, clientSecret) => withTyped({ clientCredentials: { clientId, clientSecret } }, 'the client credentials', 'cmd-tui auth set-client-credentials', clientId),
    browserSignIn: (applicationId, onUrl, signal) => {
      const signInUser = browserSignIn(url, applicationId, io, flags.timeoutMs, targetLabel(url, false));
      return signInUser(onUrl, signal);
    },
  };
  const connect = async (): Promise<Session | null> => {
    if (flags.demo) return demo();
    const { loadCredentials } = await import('../auth/credentials.js');
    const loaded = await loadCredentials({ baseUrl: url, env });
    const { botToken, clientCredentials, user } = loaded.credentials;
    if (!botToken && !clientCredentials) {
      // A user sign-in alone cannot list or edit commands: onboarding explains the options.
      return user ? Promise.reject(new Error('Only a browser sign-in is stored: it can change permission overwrites but not list or edit commands. Add a bot token or client credentials.')) : null;
    }
    const { connectDiscordApi } = await import('../api/connect.js');
    const { api } = await connectDiscordApi({ baseUrl: url, env, timeoutMs: flags.timeoutMs, debug });
    const label = targetLabel(url, false);
    return makeSession(api, label, io, env, browserSignIn(url, api.applicationId, io, flags.timeoutMs, label));
  };

  const instance = render(<App connect={connect} starters={starters} theme={themeFor(env)} />, {
    stdout: io.stdout as NodeJS.WriteStream,
    stdin: io.stdin as NodeJS.ReadStream,
    exitOnCtrlC: false,
    alternateScreen: true,
    // Both ends are terminals (checked above); CI=true in the environment must not turn Ink non-interactive.
    interactive: true,
  });
  try {
    await instance.waitUntilExit();
    if (debugFile) io.stderr.write(`cmd-tui: request log written to ${debugFile}\n`);
    return 0;
  } finally {
    await Promise.all(cleanups.map((cleanup) => cleanup()));
  }
}
