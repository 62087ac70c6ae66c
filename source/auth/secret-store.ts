/**
 * Where secrets live: the OS keyring when it really keeps them in this environment (keyring-verdict.ts:
 * a new process must read back what was written; one verdict per environment, so a run over SSH never
 * hides the desktop's keyring; keyring-access.ts), otherwise a file in the data folder written atomically under its lock
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
import type { Environment } from '../config/environment.js';
import type { AppPaths } from '../config/paths.js';
import { parseStrictJson, strictJsonProblem } from '../discord/strict-json.js';
import { openSettings } from '../config/settings.js';
import { KeyringAccess, type KeyringStatus, type Removal, type VerdictMemory } from './keyring-access.js';
import type { Keyring } from './keyring-verdict.js';
import { readOwnTextFile } from '../config/read-text-file.js';

export const KEYRING_TIMEOUT_MS = 3_000;
const FILE_VERSION = 1;

export type { Keyring, KeyringBackend } from './keyring-verdict.js';

export type SecretPlace = 'keyring' | 'file';

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
    if (!read.ok) throw new SecretStoreCorruptError(this.path, `it ${strictJsonProblem(read)}`);
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

export interface SecretStoreOptions {
  /** Where the file goes (and the settings that remember keyring verdicts), and which store CMD_TUI_SECRET_STORE asks for. */
  environment: Pick<Environment, 'paths' | 'secretStore'>;
  /** Default: the OS keyring (CMD_TUI_SECRET_STORE=file: none; =keyring: nothing else); null: none. */
  keyring?: Keyring | null;
  keyringTimeoutMs?: number;
  verdicts?: VerdictMemory;
  /** Told once when a secret goes to the file because this process found the keyring wanting, or a read found nothing while the keyring could not be asked. */
  notice?: (message: string) => void;
  now?: () => number;
}

/** A desktop, SSH, a container or two: more environments than this are older than anyone remembers. */
const REMEMBERED_ENVIRONMENTS = 8;

function settingsVerdicts(paths: AppPaths): VerdictMemory {
  const settings = openSettings(paths);
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

async function defaultKeyring(service: string): Promise<Keyring> {
  const { osKeyring, readInNewProcess } = await import('./os-keyring.js');
  return { ...osKeyring(service), readInNewProcess: (account, timeoutMs) => readInNewProcess(service, account, timeoutMs) };
}

/** The keyring as the options and CMD_TUI_SECRET_STORE have it (an unknown store name is refused here). */
function keyringAccess(options: SecretStoreOptions): KeyringAccess {
  const { paths, secretStore } = options.environment;
  const { choice } = secretStore;
  if (typeof choice === 'object') throw new UnknownSecretStoreError(choice.unknown);
  let keyring: Promise<Keyring> | undefined;
  const disabled = options.keyring === null ? 'no keyring' : choice === 'file' ? 'CMD_TUI_SECRET_STORE=file' : undefined;
  return new KeyringAccess({
    backend: () => (keyring ??= options.keyring ? Promise.resolve(options.keyring) : defaultKeyring(secretStore.keyringService)),
    verdicts: options.verdicts ?? settingsVerdicts(paths()),
    environment: secretStore.keyring,
    timeoutMs: options.keyringTimeoutMs ?? KEYRING_TIMEOUT_MS,
    now: options.now ?? Date.now,
    forced: choice === 'keyring',
    ...(disabled === undefined ? {} : { disabled }),
    refuse: (reason) => new ForcedKeyringError(reason),
  });
}

/**
 * The secret store: reads look in the file, then the keyring; writes go to the keyring when it keeps
 * secrets here, else to the file; deletes try both. The user hears once why a secret went to the file,
 * and when a read found nothing while the keyring, which may hold it, could not be asked.
 */
export function openSecretStore(options: SecretStoreOptions): SecretStore {
  const keyring = keyringAccess(options);
  const file = new FileSecretStore(options.environment.paths().data);
  const notices = new Set<string>();
  const noticeOnce = (kind: string, message: string) => {
    if (notices.has(kind)) return;
    notices.add(kind);
    options.notice?.(message);
  };
  const announceFile = (reason: string) => {
    if (keyring.refusedHere) noticeOnce('file', `Secrets are kept in ${file.path}, readable only by you (OS keyring not used: ${reason}).`);
  };
  /** A read found nothing in the file, and the keyring could not be asked: the secret may be there. */
  const announceUnreachable = (reason: string): string => {
    const found = `Nothing was found in ${file.path}, and a credential may be in the OS keyring, which this session cannot reach (${keyring.environment.noSessionBus ? 'no session bus' : reason})`;
    noticeOnce('unreachable', `${found}: run this at the desktop, or \`cmd-tui auth set-bot-token\` here to keep one in the file.`);
    return found;
  };

  const store: SecretStore = {
    filePath: file.path,
    describe: (place) => (place === 'keyring' ? 'the OS keyring' : file.path),
    async find(account) {
      // The file first: a write to the keyring removes the file's copy, so a copy there was written
      // later (over SSH, say, while the keyring held an older one) and is the one to use.
      const fromFile = await file.get(account);
      if (fromFile !== undefined) return { secret: fromFile, place: 'file' };
      if (keyring.readable()) {
        const fromKeyring = await keyring.call((resolved, signal) => resolved.get(account, signal));
        if (fromKeyring.ok && fromKeyring.value !== null) return { secret: fromKeyring.value, place: 'keyring' };
      }
      return undefined;
    },
    async get(account) {
      return (await store.find(account))?.secret;
    },
    async set(account, secret) {
      const writable = await keyring.writable();
      if (writable.ok) {
        const stored = await keyring.call((resolved, signal) => resolved.set(account, secret, signal));
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
      const keyringRemoval = await keyring.remove(account);
      return { keyring: keyringRemoval, file: { outcome: (await file.delete(account)) ? 'removed' : 'absent' } };
    },
    keyringStatus: () => keyring.status(),
    recheck: () => keyring.recheck(),
    keyringUnreachable: () => keyring.unreachable(),
    explainNothingFound() {
      const reason = keyring.unreachable();
      return reason === undefined ? undefined : announceUnreachable(reason);
    },
  };
  return store;
}
