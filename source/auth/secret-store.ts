/**
 * Where secrets live: the OS keyring (@napi-rs/keyring) when it answers within 3 s, otherwise a file
 * in appPaths().data written atomically (temp file, fsync, rename, chmod) with mode 0600 inside a
 * 0700 folder, announced once (on the first write) with its path. A damaged file is reported and never overwritten.
 * `CMD_TUI_SECRET_STORE=file` skips the keyring (tests, machines whose keyring misbehaves).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DamagedFileError, moveAside } from '../config/damaged-file.js';
import { appPaths } from '../config/paths.js';

export const KEYRING_SERVICE = 'cmd-tui';
export const KEYRING_TIMEOUT_MS = 3_000;
const FILE_VERSION = 1;

/** The slice of a keyring cmd-tui needs; injectable so tests can stand in a working, failing or hanging one. */
export interface KeyringBackend {
  get(account: string, signal: AbortSignal): Promise<string | null>;
  set(account: string, secret: string, signal: AbortSignal): Promise<void>;
  delete(account: string, signal: AbortSignal): Promise<void>;
}

export interface SecretStore {
  /** `the OS keyring` or the fallback file's path, for `auth status`. */
  location(): string;
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

export class SecretStoreCorruptError extends DamagedFileError {
  override readonly name = 'SecretStoreCorruptError';
  constructor(path: string, detail: string) {
    super(path, 'secrets file', detail, `Move it aside (${moveAside(path)}) and set your credentials again`);
  }
}

/** The real keyring, loaded only when first needed (native module). */
export function napiKeyring(): KeyringBackend {
  const entry = async (account: string) => {
    const { AsyncEntry } = await import('@napi-rs/keyring');
    return new AsyncEntry(KEYRING_SERVICE, account);
  };
  return {
    get: async (account, signal) => (await (await entry(account)).getPassword(signal)) ?? null,
    set: async (account, secret, signal) => (await entry(account)).setPassword(secret, signal),
    delete: async (account, signal) => {
      await (await entry(account)).deleteCredential(signal);
    },
  };
}

/** Runs one keyring call, giving up after `timeoutMs` even if the backend ignores the abort. */
async function withinTimeout<T>(timeoutMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** The 0600 fallback file: `{ version: 1, secrets: { account: secret } }`. */
export class FileSecretStore implements SecretStore {
  readonly path: string;
  constructor(private readonly directory: string) {
    this.path = join(directory, 'secrets.json');
  }

  location(): string {
    return this.path;
  }

  async get(account: string): Promise<string | undefined> {
    return (await this.readAll())[account];
  }

  async set(account: string, secret: string): Promise<void> {
    const secrets = await this.readAll();
    secrets[account] = secret;
    await this.writeAll(secrets);
  }

  async delete(account: string): Promise<void> {
    const secrets = await this.readAll();
    if (!(account in secrets)) return;
    delete secrets[account];
    await this.writeAll(secrets);
  }

  private async readAll(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new SecretStoreCorruptError(this.path, 'not valid JSON');
    }
    const file = parsed as { version?: unknown; secrets?: unknown };
    if (file?.version !== FILE_VERSION) throw new SecretStoreCorruptError(this.path, `unknown version ${JSON.stringify(file?.version)}`);
    if (file.secrets === null || typeof file.secrets !== 'object' || Object.values(file.secrets).some((value) => typeof value !== 'string')) {
      throw new SecretStoreCorruptError(this.path, 'unexpected contents');
    }
    return { ...(file.secrets as Record<string, string>) };
  }

  private async writeAll(secrets: Record<string, string>): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    await chmod(this.directory, 0o700);
    const temporary = `${this.path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(`${JSON.stringify({ version: FILE_VERSION, secrets }, null, 2)}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.path);
      // rename keeps the temp file's 0600; chmod also repairs a file someone loosened by hand.
      await chmod(this.path, 0o600);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}

export interface SecretStoreOptions {
  env?: NodeJS.ProcessEnv;
  /** Default: the OS keyring, unless CMD_TUI_SECRET_STORE=file. */
  keyring?: KeyringBackend | null;
  keyringTimeoutMs?: number;
  /** Told once when secrets go to the fallback file. */
  notice?: (message: string) => void;
}

/** Keyring first; on its first failure, the file for the rest of the process. */
export function openSecretStore(options: SecretStoreOptions = {}): SecretStore {
  const env = options.env ?? process.env;
  const file = new FileSecretStore(appPaths(env).data);
  let keyring = options.keyring === undefined ? (env.CMD_TUI_SECRET_STORE === 'file' ? null : napiKeyring()) : options.keyring;
  const timeoutMs = options.keyringTimeoutMs ?? KEYRING_TIMEOUT_MS;
  let keyringProblem = 'CMD_TUI_SECRET_STORE=file';
  let noticeGiven = false;
  const fallBack = (reason: string) => {
    keyring = null;
    keyringProblem = reason;
  };
  const viaKeyring = async <T>(call: (backend: KeyringBackend, signal: AbortSignal) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> => {
    const backend = keyring;
    if (!backend) return { ok: false };
    try {
      return { ok: true, value: await withinTimeout(timeoutMs, (signal) => call(backend, signal)) };
    } catch (error) {
      // Only the failure's kind: keyring errors can carry account details.
      fallBack(error instanceof Error && error.message.startsWith('no answer') ? error.message : 'it refused the request');
      return { ok: false };
    }
  };
  return {
    location: () => (keyring ? 'the OS keyring' : file.path),
    async get(account) {
      const fromKeyring = await viaKeyring((backend, signal) => backend.get(account, signal));
      if (fromKeyring.ok && fromKeyring.value !== null) return fromKeyring.value;
      return file.get(account);
    },
    async set(account, secret) {
      const stored = await viaKeyring((backend, signal) => backend.set(account, secret, signal));
      if (stored.ok) {
        // A copy left in the file from an earlier fallback would outlive a later logout.
        await file.delete(account);
        return;
      }
      await file.set(account, secret);
      if (!noticeGiven) {
        noticeGiven = true;
        options.notice?.(`Secrets are kept in ${file.path}, readable only by you (OS keyring not used: ${keyringProblem}).`);
      }
    },
    async delete(account) {
      await viaKeyring((backend, signal) => backend.delete(account, signal));
      await file.delete(account);
    },
  };
}
