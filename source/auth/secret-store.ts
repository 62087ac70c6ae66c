/**
 * Where secrets live: the OS keyring when it really keeps them in this environment (keyring-verdict.ts:
 * a new process must read back what was written; one verdict per environment, so a run over SSH never
 * hides the desktop's keyring), otherwise a file in appPaths().data written atomically under its lock
 * with mode 0600 inside a 0700 folder. Reads look in both (the file first: its copy is the newer), so a
 * secret written to the file is still found once the keyring works, and say when the keyring could not
 * be asked; deletes try both and report each. A damaged file is reported and never overwritten.
 * `CMD_TUI_SECRET_STORE=file` skips the keyring (machines whose keyring misbehaves); `=keyring` refuses
 * to fall back to the file.
 */
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { makeFolder, writeFileAtomic } from '../config/atomic-write.js';
import { DamagedFileError, moveAside } from '../config/damaged-file.js';
import { withFileLock } from '../config/file-lock.js';
import { appPaths } from '../config/paths.js';
import { parseStrictJson } from '../discord/strict-json.js';
import { openSettings } from '../config/settings.js';
import { describeKeyringFailure, keyringEnvironment, probeKeyring, refusal, verdictHolds, withinTimeout, type Keyring, type KeyringVerdict } from './keyring-verdict.js';
import { readOwnTextFile } from '../config/read-text-file.js';

export const KEYRING_SERVICE = 'cmd-tui';
export const KEYRING_TIMEOUT_MS = 3_000;
const FILE_VERSION = 1;

export type { Keyring, KeyringBackend } from './keyring-verdict.js';

export type SecretPlace = 'keyring' | 'file';

/** The keyring verdict for this environment, with when and where it was made: never stated as more than that. */
export interface KeyringStatus {
  state: 'in use' | 'not used' | 'not checked yet';
  reason?: string;
  checkedAt?: string;
  /** Where the verdict was made, e.g. `over SSH (no session bus)`. */
  where?: string;
  /** This process's environment, in the same words. */
  here: string;
  /** What this process itself saw of the keyring (a read, a write, a probe), if it asked. */
  seenNow?: { reached: true } | { reached: false; reason: string };
}

/**
 * What a delete did in one store. `mayHold`: the keyring could not be reached, and cmd-tui has stored
 * in it on this account before (a verdict somewhere found it usable), so a secret may remain there.
 */
export type Removal = { outcome: 'removed' | 'absent' } | { outcome: 'not checked'; reason: string } | { outcome: 'unreachable'; reason: string; mayHold: boolean };

export interface RemovalReport {
  keyring: Removal;
  file: Removal;
}

export interface SecretStore {
  readonly filePath: string;
  /** `the OS keyring` or the file's path. */
  describe(place: SecretPlace): string;
  find(account: string): Promise<{ secret: string; place: SecretPlace } | undefined>;
  get(account: string): Promise<string | undefined>;
  /** Stores the secret and says where it went. */
  set(account: string, secret: string): Promise<SecretPlace>;
  /** Removes the secret from every store it can reach, and says what happened in each. */
  delete(account: string): Promise<RemovalReport>;
  keyringStatus(): KeyringStatus;
  /** Probes the keyring now, whatever was remembered (`auth status --recheck`). */
  recheck(): Promise<KeyringStatus>;
  /**
   * Why this process could not ask the keyring (a failure, or a refusal remembered for this
   * environment) while it may hold secrets (cmd-tui found it usable in another environment); undefined
   * when it could, or when it never held any.
   */
  keyringUnreachable(): string | undefined;
  /**
   * After a read found nothing: says once (through `notice`) that the keyring may hold it, when
   * keyringUnreachable, and returns what it said without the advice (for a door with advice of its own, the TUI's).
   */
  explainNothingFound(): string | undefined;
}

/** CMD_TUI_SECRET_STORE names no store: a usage error. */
export class UnknownSecretStoreError extends Error {
  override readonly name = 'UnknownSecretStoreError';
  readonly hint = 'Use CMD_TUI_SECRET_STORE=file (the 0600 file only) or =keyring (the OS keyring only), or unset it to let cmd-tui choose.';
  constructor(value: string) {
    super(`CMD_TUI_SECRET_STORE=${JSON.stringify(value).slice(0, 40)} is not a secret store.`);
  }
}

/** CMD_TUI_SECRET_STORE=keyring, and the keyring cannot be used here: nothing falls back to the file. */
export class ForcedKeyringError extends Error {
  override readonly name = 'ForcedKeyringError';
  readonly hint = 'Unset CMD_TUI_SECRET_STORE to let cmd-tui use its 0600 file here, or run this where the OS keyring can be reached (the desktop session).';
  constructor(reason: string) {
    super(`CMD_TUI_SECRET_STORE=keyring, but the OS keyring cannot be used here: ${reason}. Nothing was read from or stored in it.`);
  }
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
    await this.locked(async (secrets) => {
      secrets[account] = secret;
      return true;
    });
  }

  /** True when there was an entry to remove. */
  async delete(account: string): Promise<boolean> {
    // Nothing to remove needs no lock, and makes no folder.
    if (!Object.hasOwn(await this.readAll(), account)) return false;
    return this.locked(async (secrets) => {
      if (!Object.hasOwn(secrets, account)) return false;
      delete secrets[account];
      return true;
    });
  }

  /** Read-modify-write under the file's lock: parallel processes never lose each other's secret. */
  private async locked(change: (secrets: Record<string, string>) => Promise<boolean>): Promise<boolean> {
    await makeFolder(this.directory, 0o700);
    return withFileLock(this.path, async () => {
      const secrets = await this.readAll();
      const changed = await change(secrets);
      if (changed) await this.writeAll(secrets);
      return changed;
    });
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
    await makeFolder(this.directory, 0o700);
    // A folder someone loosened by hand is tightened again.
    await chmod(this.directory, 0o700);
    await writeFileAtomic(this.path, `${JSON.stringify({ version: FILE_VERSION, secrets: { ...secrets } }, null, 2)}\n`, { mode: 0o600 });
  }
}

/** Where the keyring verdicts are remembered, one per environment; the settings file by default. */
export interface VerdictMemory {
  read(environment: string): KeyringVerdict | undefined;
  write(verdict: KeyringVerdict): Promise<void>;
  /** Whether any environment found the keyring usable: only then can cmd-tui have stored there. */
  usableAnywhere(): boolean;
}

export interface SecretStoreOptions {
  env?: NodeJS.ProcessEnv;
  /** Default: the OS keyring (CMD_TUI_SECRET_STORE=file: none; =keyring: nothing else); null: none. */
  keyring?: Keyring | null;
  keyringTimeoutMs?: number;
  verdicts?: VerdictMemory;
  /** Told once when a secret goes to the file because this process found the keyring wanting, or a read found nothing while the keyring could not be asked. */
  notice?: (message: string) => void;
  now?: () => number;
  platform?: NodeJS.Platform;
}

/** A desktop, SSH, a container or two: more environments than this are older than anyone remembers. */
const REMEMBERED_ENVIRONMENTS = 8;

function settingsVerdicts(env: NodeJS.ProcessEnv): VerdictMemory {
  const settings = openSettings(env);
  return {
    read: (environment) => settings.read().keyringVerdicts?.find((verdict) => verdict.environment === environment),
    usableAnywhere: () => (settings.read().keyringVerdicts ?? []).some((verdict) => verdict.usable),
    write: (verdict) =>
      settings.edit((current) => {
        const newestFirst = [verdict, ...(current.keyringVerdicts ?? []).filter((other) => other.environment !== verdict.environment)];
        const kept = newestFirst.slice(0, REMEMBERED_ENVIRONMENTS);
        // The newest usable verdict stays however many others came after it: it is what says the keyring may hold secrets.
        const usable = newestFirst.find((other) => other.usable);
        return { ...current, keyringVerdicts: usable && !kept.includes(usable) ? [...kept.slice(0, -1), usable] : kept };
      }),
  };
}

async function defaultKeyring(env: NodeJS.ProcessEnv): Promise<Keyring> {
  const { osKeyring, readInNewProcess } = await import('./os-keyring.js');
  const service = keyringService(env);
  return { ...osKeyring(service), readInNewProcess: (account, timeoutMs) => readInNewProcess(service, account, timeoutMs) };
}

type StoreChoice = 'auto' | 'file' | 'keyring';

function storeChoice(env: NodeJS.ProcessEnv): StoreChoice {
  const value = env.CMD_TUI_SECRET_STORE?.trim() ?? '';
  if (value === '') return 'auto';
  if (value === 'file' || value === 'keyring') return value;
  throw new UnknownSecretStoreError(value);
}

export function openSecretStore(options: SecretStoreOptions = {}): SecretStore {
  const env = options.env ?? process.env;
  const file = new FileSecretStore(appPaths(env).data);
  const timeoutMs = options.keyringTimeoutMs ?? KEYRING_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const choice = storeChoice(env);
  const disabled = options.keyring === null || choice === 'file';
  const forced = choice === 'keyring';
  const environment = keyringEnvironment(env, options.platform);
  const verdicts = options.verdicts ?? settingsVerdicts(env);
  let keyring: Promise<Keyring> | undefined;
  const backend = () => (keyring ??= options.keyring ? Promise.resolve(options.keyring) : defaultKeyring(env));
  /** This process's view: starts from the verdict remembered for this environment, changes when the keyring fails or is probed. */
  let verdict: KeyringVerdict | undefined;
  let verdictRead = false;
  const currentVerdict = (): KeyringVerdict | undefined => {
    if (!verdictRead) {
      verdict = verdicts.read(environment.key);
      verdictRead = true;
    }
    return verdict;
  };
  /** What this process saw of the keyring itself. */
  let seenNow: KeyringStatus['seenNow'];
  /** Set when this process found the keyring wanting: the user hears why, once. */
  let refusedNow = false;
  const remember = async (next: KeyringVerdict) => {
    verdict = next;
    verdictRead = true;
    refusedNow ||= !next.usable;
    seenNow = next.usable ? { reached: true } : { reached: false, reason: next.reason ?? 'refused' };
    // The verdict only saves later runs a check: a settings file that cannot be written (reported by
    // whatever writes it next) must not fail a read.
    await verdicts.write(next).catch(() => undefined);
  };
  const notices = new Set<string>();
  const noticeOnce = (kind: string, message: string) => {
    if (notices.has(kind)) return;
    notices.add(kind);
    options.notice?.(message);
  };
  const announceFile = (reason: string) => {
    if (refusedNow) noticeOnce('file', `Secrets are kept in ${file.path}, readable only by you (OS keyring not used: ${reason}).`);
  };
  /** Why the keyring could not be asked here, whether or not it may hold anything. */
  const notAsked = (): string | undefined => {
    if (disabled) return undefined;
    if (seenNow) return seenNow.reached ? undefined : seenNow.reason;
    const known = currentVerdict();
    return verdictHolds(known, now()) && !known.usable ? (known.reason ?? 'refused') : undefined;
  };
  const unreachable = (): string | undefined => {
    const reason = notAsked();
    return reason !== undefined && verdicts.usableAnywhere() ? reason : undefined;
  };
  /** Reads try the keyring unless it was refused recently in this very environment: secrets an earlier run stored there must be found. */
  const keyringReadable = () => !disabled && !(verdictHolds(currentVerdict(), now()) && !currentVerdict()!.usable);

  const viaKeyring = async <T>(call: (backend: Keyring, signal: AbortSignal) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; reason: string }> => {
    try {
      const resolved = await backend();
      const value = await withinTimeout(timeoutMs, (signal) => call(resolved, signal));
      seenNow = { reached: true };
      return { ok: true, value };
    } catch (error) {
      const reason = describeKeyringFailure(error, env, options.platform);
      // A failure is news for the next run here too: it stops trying (and waiting) until the re-check.
      await remember(refusal(reason, now(), environment));
      if (forced) throw new ForcedKeyringError(reason);
      return { ok: false, reason };
    }
  };

  const probe = async (): Promise<KeyringVerdict> => {
    let probed: KeyringVerdict;
    try {
      probed = await probeKeyring(await backend(), { timeoutMs, now, env, ...(options.platform ? { platform: options.platform } : {}) });
    } catch (error) {
      probed = refusal(describeKeyringFailure(error, env, options.platform), now(), environment);
    }
    await remember(probed);
    return probed;
  };

  /** Whether a write may go to the keyring: the verdict for this environment, or a probe when there is none (or it is stale). */
  const keyringWritable = async (): Promise<{ ok: true } | { ok: false; reason: string }> => {
    if (disabled) return { ok: false, reason: 'CMD_TUI_SECRET_STORE=file' };
    const known = currentVerdict();
    const decided = verdictHolds(known, now()) && !(forced && !known.usable) ? known : await probe();
    if (decided.usable) return { ok: true };
    if (forced) throw new ForcedKeyringError(decided.reason ?? 'refused');
    return { ok: false, reason: decided.reason ?? 'refused' };
  };

  /** A read found nothing in the file, and the keyring could not be asked: the secret may be there. */
  const announceUnreachable = (reason: string): string => {
    const found = `Nothing was found in ${file.path}, and a credential may be in the OS keyring, which this session cannot reach (${environment.noSessionBus ? 'no session bus' : reason})`;
    noticeOnce('unreachable', `${found}: run this at the desktop, or \`cmd-tui auth set-bot-token\` here to keep one in the file.`);
    return found;
  };

  const removeFromKeyring = async (account: string): Promise<Removal> => {
    if (disabled) return { outcome: 'not checked', reason: options.keyring === null ? 'no keyring' : 'CMD_TUI_SECRET_STORE=file' };
    // Tried whatever the verdict says: a logout must not leave a secret behind because a refusal was remembered.
    const present = await viaKeyring((resolved, signal) => resolved.get(account, signal));
    if (!present.ok) return { outcome: 'unreachable', reason: present.reason, mayHold: verdicts.usableAnywhere() };
    if (present.value === null) return { outcome: 'absent' };
    const removed = await viaKeyring((resolved, signal) => resolved.delete(account, signal));
    return removed.ok ? { outcome: 'removed' } : { outcome: 'unreachable', reason: removed.reason, mayHold: true };
  };

  const status = (): KeyringStatus => {
    if (disabled) return { state: 'not used', reason: options.keyring === null ? 'no keyring' : 'CMD_TUI_SECRET_STORE=file', here: environment.where };
    const known = currentVerdict();
    const observed = seenNow ? { seenNow } : {};
    if (!known) return { state: 'not checked yet', here: environment.where, ...observed };
    const made = { checkedAt: known.checkedAt, where: known.where, here: environment.where, ...observed };
    return known.usable ? { state: 'in use', ...made } : { state: 'not used', reason: known.reason ?? 'refused', ...made };
  };

  const store: SecretStore = {
    filePath: file.path,
    describe: (place) => (place === 'keyring' ? 'the OS keyring' : file.path),
    async find(account) {
      // The file first: a write to the keyring removes the file's copy, so a copy there was written
      // later (over SSH, say, while the keyring held an older one) and is the one to use.
      const fromFile = await file.get(account);
      if (fromFile !== undefined) return { secret: fromFile, place: 'file' };
      if (keyringReadable() || forced) {
        const fromKeyring = await viaKeyring((resolved, signal) => resolved.get(account, signal));
        if (fromKeyring.ok && fromKeyring.value !== null) return { secret: fromKeyring.value, place: 'keyring' };
      }
      return undefined;
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
      const keyringRemoval = await removeFromKeyring(account);
      return { keyring: keyringRemoval, file: { outcome: (await file.delete(account)) ? 'removed' : 'absent' } };
    },
    keyringStatus: status,
    async recheck() {
      if (!disabled) await probe();
      return status();
    },
    keyringUnreachable: unreachable,
    explainNothingFound() {
      const reason = unreachable();
      return reason === undefined ? undefined : announceUnreachable(reason);
    },
  };
  return store;
}
