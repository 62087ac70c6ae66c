/**
 * Where secrets live: the OS keyring when this machine's keyring really keeps them (keyring-verdict.ts:
 * a new process must read back what was written), otherwise a file in appPaths().data written
 * atomically (temp file, fsync, rename, chmod) with mode 0600 inside a 0700 folder. Reads look in both,
 * so a secret written to the file is still found once the keyring starts working; deletes remove it
 * from both. A damaged file is reported and never overwritten.
 * `CMD_TUI_SECRET_STORE=file` skips the keyring (machines whose keyring misbehaves).
 */
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../config/atomic-write.js';
import { DamagedFileError, moveAside } from '../config/damaged-file.js';
import { appPaths } from '../config/paths.js';
import { parseStrictJson } from '../discord/strict-json.js';
import { openSettings } from '../config/settings.js';
import { describeKeyringFailure, probeKeyring, refusal, verdictHolds, withinTimeout, type Keyring, type KeyringVerdict } from './keyring-verdict.js';
import { readOwnTextFile } from '../config/read-text-file.js';

export const KEYRING_SERVICE = 'cmd-tui';
export const KEYRING_TIMEOUT_MS = 3_000;
const FILE_VERSION = 1;

export type { Keyring, KeyringBackend } from './keyring-verdict.js';

export type SecretPlace = 'keyring' | 'file';

export interface KeyringStatus {
  state: 'in use' | 'not used' | 'not checked yet';
  reason?: string;
  checkedAt?: string;
}

export interface SecretStore {
  readonly filePath: string;
  /** `the OS keyring` or the file's path. */
  describe(place: SecretPlace): string;
  find(account: string): Promise<{ secret: string; place: SecretPlace } | undefined>;
  get(account: string): Promise<string | undefined>;
  /** Stores the secret and says where it went. */
  set(account: string, secret: string): Promise<SecretPlace>;
  delete(account: string): Promise<void>;
  keyringStatus(): KeyringStatus;
}

export class SecretStoreCorruptError extends DamagedFileError {
  override readonly name = 'SecretStoreCorruptError';
  constructor(path: string, detail: string) {
    super(path, 'secrets file', detail, `Move it aside (${moveAside(path)}) and set your credentials again`);
  }
}

/** The keyring service name: one per cmd-tui home, so a separate CMD_TUI_HOME keeps separate secrets. */
export function keyringService(env: NodeJS.ProcessEnv): string {
  return env.CMD_TUI_HOME ? `${KEYRING_SERVICE} ${env.CMD_TUI_HOME}` : KEYRING_SERVICE;
}

/** The 0600 fallback file: `{ version: 1, secrets: { account: secret } }`. */
export class FileSecretStore {
  readonly path: string;
  constructor(private readonly directory: string) {
    this.path = join(directory, 'secrets.json');
  }

  async get(account: string): Promise<string | undefined> {
    const secrets = await this.readAll();
    return Object.hasOwn(secrets, account) ? secrets[account] : undefined;
  }

  async set(account: string, secret: string): Promise<void> {
    const secrets = await this.readAll();
    secrets[account] = secret;
    await this.writeAll(secrets);
  }

  async delete(account: string): Promise<void> {
    const secrets = await this.readAll();
    if (!Object.hasOwn(secrets, account)) return;
    delete secrets[account];
    await this.writeAll(secrets);
  }

  private async readAll(): Promise<Record<string, string>> {
    const text = await readOwnTextFile(this.path);
    if (text === undefined) return Object.create(null) as Record<string, string>;
    const read = parseStrictJson(text);
    if (!read.ok) throw new SecretStoreCorruptError(this.path, 'not valid JSON');
    const parsed = read.value;
    const file = parsed as { version?: unknown; secrets?: unknown };
    if (file?.version !== FILE_VERSION) throw new SecretStoreCorruptError(this.path, `unknown version ${JSON.stringify(file?.version)}`);
    if (file.secrets === null || typeof file.secrets !== 'object' || Object.values(file.secrets).some((value) => typeof value !== 'string')) {
      throw new SecretStoreCorruptError(this.path, 'unexpected contents');
    }
    return Object.assign(Object.create(null) as Record<string, string>, file.secrets);
  }

  private async writeAll(secrets: Record<string, string>): Promise<void> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    // A folder someone loosened by hand is tightened again.
    await chmod(this.directory, 0o700);
    await writeFileAtomic(this.path, `${JSON.stringify({ version: FILE_VERSION, secrets: { ...secrets } }, null, 2)}\n`, { mode: 0o600 });
  }
}

/** Where the keyring verdict is remembered; the settings file by default. */
export interface VerdictMemory {
  read(): KeyringVerdict | undefined;
  write(verdict: KeyringVerdict): Promise<void>;
}

export interface SecretStoreOptions {
  env?: NodeJS.ProcessEnv;
  /** Default: the OS keyring, unless CMD_TUI_SECRET_STORE=file; null: none. */
  keyring?: Keyring | null;
  keyringTimeoutMs?: number;
  verdicts?: VerdictMemory;
  /** Told once when a secret goes to the file because this process found the keyring wanting. */
  notice?: (message: string) => void;
  now?: () => number;
}

function settingsVerdicts(env: NodeJS.ProcessEnv): VerdictMemory {
  const settings = openSettings(env);
  return { read: () => settings.read().keyring, write: (verdict) => settings.update({ keyring: verdict }) };
}

async function defaultKeyring(env: NodeJS.ProcessEnv): Promise<Keyring> {
  const { osKeyring, readInNewProcess } = await import('./os-keyring.js');
  const service = keyringService(env);
  return { ...osKeyring(service), readInNewProcess: (account, timeoutMs) => readInNewProcess(service, account, timeoutMs) };
}

export function openSecretStore(options: SecretStoreOptions = {}): SecretStore {
  const env = options.env ?? process.env;
  const file = new FileSecretStore(appPaths(env).data);
  const timeoutMs = options.keyringTimeoutMs ?? KEYRING_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const disabled = options.keyring === null || (options.keyring === undefined && env.CMD_TUI_SECRET_STORE === 'file');
  const verdicts = options.verdicts ?? settingsVerdicts(env);
  let keyring: Promise<Keyring> | undefined;
  const backend = () => (keyring ??= options.keyring ? Promise.resolve(options.keyring) : defaultKeyring(env));
  /** This process's view: starts from the remembered verdict, changes when the keyring fails or is probed. */
  let verdict: KeyringVerdict | undefined;
  let verdictRead = false;
  const currentVerdict = (): KeyringVerdict | undefined => {
    if (!verdictRead) {
      verdict = verdicts.read();
      verdictRead = true;
    }
    return verdict;
  };
  /** Set when this process found the keyring wanting: the user hears why, once. */
  let refusedNow = false;
  const remember = async (next: KeyringVerdict) => {
    verdict = next;
    verdictRead = true;
    refusedNow ||= !next.usable;
    // The verdict only saves later runs a check: a settings file that cannot be written (reported by
    // whatever writes it next) must not fail a read.
    await verdicts.write(next).catch(() => undefined);
  };
  let noticeGiven = false;
  const announceFile = (reason: string) => {
    if (noticeGiven || !refusedNow) return;
    noticeGiven = true;
    options.notice?.(`Secrets are kept in ${file.path}, readable only by you (OS keyring not used: ${reason}).`);
  };
  /** Reads try the keyring unless it was refused recently: secrets an earlier run stored there must be found. */
  const keyringReadable = () => !disabled && !(verdictHolds(currentVerdict(), now()) && !currentVerdict()!.usable);

  const viaKeyring = async <T>(call: (backend: Keyring, signal: AbortSignal) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; reason: string }> => {
    try {
      const resolved = await backend();
      return { ok: true, value: await withinTimeout(timeoutMs, (signal) => call(resolved, signal)) };
    } catch (error) {
      const reason = describeKeyringFailure(error, env);
      // A failure is news for the next run too: it stops trying (and waiting) until the re-check.
      await remember(refusal(reason, now()));
      return { ok: false, reason };
    }
  };

  /** Whether a write may go to the keyring: the remembered verdict, or a probe when there is none (or it is stale). */
  const keyringWritable = async (): Promise<{ ok: true } | { ok: false; reason: string }> => {
    if (disabled) return { ok: false, reason: 'CMD_TUI_SECRET_STORE=file' };
    const known = currentVerdict();
    if (verdictHolds(known, now())) return known.usable ? { ok: true } : { ok: false, reason: known.reason ?? 'refused' };
    let probed: KeyringVerdict;
    try {
      const resolved = await backend();
      probed = await probeKeyring(resolved, { timeoutMs, now, env });
    } catch (error) {
      probed = refusal(describeKeyringFailure(error, env), now());
    }
    await remember(probed);
    return probed.usable ? { ok: true } : { ok: false, reason: probed.reason ?? 'refused' };
  };

  const store: SecretStore = {
    filePath: file.path,
    describe: (place) => (place === 'keyring' ? 'the OS keyring' : file.path),
    async find(account) {
      if (keyringReadable()) {
        const fromKeyring = await viaKeyring((resolved, signal) => resolved.get(account, signal));
        if (fromKeyring.ok && fromKeyring.value !== null) return { secret: fromKeyring.value, place: 'keyring' };
      }
      const fromFile = await file.get(account);
      return fromFile === undefined ? undefined : { secret: fromFile, place: 'file' };
    },
    async get(account) {
      return (await store.find(account))?.secret;
    },
    async set(account, secret) {
      const writable = await keyringWritable();
      if (writable.ok) {
        const stored = await viaKeyring((resolved, signal) => resolved.set(account, secret, signal));
        if (stored.ok) {
          // A copy left in the file from an earlier fallback would outlive a later logout.
          await file.delete(account);
          return 'keyring';
        }
        announceFile(stored.reason);
      } else {
        announceFile(writable.reason);
      }
      await file.set(account, secret);
      return 'file';
    },
    async delete(account) {
      if (keyringReadable()) await viaKeyring((resolved, signal) => resolved.delete(account, signal));
      await file.delete(account);
    },
    keyringStatus() {
      if (disabled) return { state: 'not used', reason: options.keyring === null ? 'no keyring' : 'CMD_TUI_SECRET_STORE=file' };
      const known = currentVerdict();
      if (!known) return { state: 'not checked yet' };
      return known.usable ? { state: 'in use', checkedAt: known.checkedAt } : { state: 'not used', reason: known.reason ?? 'refused', checkedAt: known.checkedAt };
    },
  };
  return store;
}
