/**
 * Whether this machine's OS keyring really keeps secrets: a keyring counts only when a new process can
 * read back what this one wrote (a keyring that accepts a write and forgets it at the end of the
 * process or session is worse than none: it reports a place the secret is not). A verdict belongs to
 * the environment that made it (keyringEnvironment: the OS and the session bus, or its absence): one
 * run over SSH says nothing about the desktop session of the same account (config/environment.ts reads which one this is). It is kept in the settings
 * with its date and where it was made; a refusal is checked again after a week, a working keyring
 * whenever it fails, and any verdict when asked (`auth status --recheck`).
 */
import { randomBytes } from 'node:crypto';
import type { KeyringEnvironment } from '../config/environment.js';

export interface KeyringVerdict {
  usable: boolean;
  /** Why the keyring is not used, in a phrase that follows "OS keyring not used: ". */
  reason?: string;
  /** ISO date of the check. */
  checkedAt: string;
  /** The environment it holds for (KeyringEnvironment.key). */
  environment: string;
  /** That environment in words, e.g. `over SSH (no session bus)`. */
  where: string;
}

/** The slice of a keyring cmd-tui needs; injectable so tests can stand in a working, failing or hanging one. Each call may reject, or hang. */
export interface KeyringBackend {
  get(account: string, signal: AbortSignal): Promise<string | null>;
  set(account: string, secret: string, signal: AbortSignal): Promise<void>;
  delete(account: string, signal: AbortSignal): Promise<void>;
}

/** A keyring with the new-process read its verdict rests on. */
export interface Keyring extends KeyringBackend {
  /** Reads the entry from a new process, as the next `cmd-tui` run would. */
  readInNewProcess(account: string, timeoutMs: number): Promise<string | null>;
}

export const RECHECK_REFUSED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const PROBE_ACCOUNT_PREFIX = 'cmd-tui keyring probe';

/** A verdict that still holds: a working keyring until it fails, a refusal for a week. */
export function verdictHolds(verdict: KeyringVerdict | undefined, now: number): verdict is KeyringVerdict {
  if (!verdict) return false;
  if (verdict.usable) return true;
  const checked = Date.parse(verdict.checkedAt);
  return Number.isFinite(checked) && checked <= now && now - checked < RECHECK_REFUSED_AFTER_MS;
}

export function refusal(reason: string, now: number, environment: KeyringEnvironment): KeyringVerdict {
  return { usable: false, reason, checkedAt: new Date(now).toISOString(), environment: environment.key, where: environment.where };
}

/** Writes a throwaway entry, reads it from a new process, removes it. */
export async function probeKeyring(target: Keyring, options: { timeoutMs: number; now: () => number; environment: KeyringEnvironment }): Promise<KeyringVerdict> {
  const { environment } = options;
  const account = `${PROBE_ACCOUNT_PREFIX} ${randomBytes(6).toString('hex')}`;
  const value = randomBytes(16).toString('hex');
  try {
    await withinTimeout(options.timeoutMs, (signal) => target.set(account, value, signal));
  } catch (error) {
    return refusal(describeKeyringFailure(error, environment), options.now(), environment);
  }
  let readBack: string | null | Error;
  try {
    // Node's start-up comes on top of the keyring's own answer.
    readBack = await target.readInNewProcess(account, options.timeoutMs + 5_000);
  } catch (error) {
    readBack = error instanceof Error ? error : new Error(String(error));
  }
  await withinTimeout(options.timeoutMs, (signal) => target.delete(account, signal)).catch(() => undefined);
  if (readBack instanceof Error) return refusal(`a new process could not read it (${shortDetail(readBack.message)})`, options.now(), environment);
  if (readBack !== value) return refusal('a new process could not read back what this one stored: it keeps secrets only for the session', options.now(), environment);
  return { usable: true, checkedAt: new Date(options.now()).toISOString(), environment: environment.key, where: environment.where };
}

/** A keyring failure as a phrase for "OS keyring not used: …"; never the account or the secret. */
export function describeKeyringFailure(error: unknown, environment: KeyringEnvironment): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('no answer within')) return `${message} (a locked keyring waiting for a prompt?)`;
  if (environment.noSessionBus) {
    return 'no Secret Service (DBUS_SESSION_BUS_ADDRESS is not set: no desktop session, as over SSH or in CI), and the kernel keyring forgets at logout';
  }
  return `it refused (${shortDetail(message)})`;
}

/** Runs one keyring call, giving up after `timeoutMs` even if the backend ignores the abort. */
export async function withinTimeout<T>(timeoutMs: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
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

function shortDetail(message: string): string {
  const line = message.split('\n')[0]!.replace(/[^\x20-\x7e]/g, '?');
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
}
