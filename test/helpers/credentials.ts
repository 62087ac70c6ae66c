/**
 * Credentials for other engineers' tests: an isolated CMD_TUI_HOME (the machine's real keyring
 * decision applies, as for a user), and in-memory keyrings that work, forget, refuse or hang, for the
 * storage tests.
 */
import type { Keyring } from '../../source/auth/secret-store.js';
import { readEnvironment, type Environment } from '../../source/config/environment.js';
import { removeFolder, tempFolder } from './temp-folder.js';
import { cliEnv } from './hermetic-env.js';

export interface IsolatedHome {
  home: string;
  /** Env for runCli / loadCredentials: CMD_TUI_HOME set, no DISCORD_* or store override leaking in from the machine. */
  env: NodeJS.ProcessEnv;
  /** The same, as main.ts reads it for the layers below (config/environment.ts). */
  environment: Environment;
  cleanup(): Promise<void>;
}

export async function isolatedHome(extra: NodeJS.ProcessEnv = {}): Promise<IsolatedHome> {
  // Removed when the test (or, made outside one, the file) ends, also when it fails; cleanup() removes it sooner.
  const home = tempFolder('cmd-tui-home-');
  const env: NodeJS.ProcessEnv = cliEnv({
    CMD_TUI_HOME: home,
    CMD_TUI_SECRET_STORE: undefined,
    DISCORD_BOT_TOKEN: '',
    DISCORD_CLIENT_ID: '',
    DISCORD_CLIENT_SECRET: '',
    ...extra,
  });
  return { home, env, environment: readEnvironment(env, process.platform), cleanup: () => removeFolder(home) };
}

/** A keyring that keeps entries in a Map, as a new process sees them too; `entries` lets a test look inside. */
export function memoryKeyring(): Keyring & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: async (account) => entries.get(account) ?? null,
    set: async (account, secret) => {
      entries.set(account, secret);
    },
    delete: async (account) => {
      entries.delete(account);
    },
    readInNewProcess: async (account) => entries.get(account) ?? null,
  };
}

/** The kernel-keyring case: writes and reads work in this process, and a new process finds nothing. */
export function forgetfulKeyring(): Keyring & { entries: Map<string, string> } {
  return { ...memoryKeyring(), readInNewProcess: async () => null };
}

/** The headless case: every call fails at once, like @napi-rs/keyring without D-Bus. */
export function refusingKeyring(): Keyring {
  const refuse = async (): Promise<never> => {
    throw new Error("GenericFailure: Couldn't access platform storage: AccessDenied");
  };
  return { get: refuse, set: refuse, delete: refuse, readInNewProcess: refuse };
}

/** A keyring that never answers (a locked desktop keyring waiting for a prompt nobody sees). */
export function hangingKeyring(): Keyring {
  const hang = () => new Promise<never>(() => undefined);
  return { get: hang, set: hang, delete: hang, readInNewProcess: hang };
}

/** A recognisable secret: if it shows up in any output, a test can find it. */
export function canary(label = 'CANARY'): string {
  return `${label}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}
