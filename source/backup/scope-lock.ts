/**
 * One writer per scope on this machine: every change to a scope's commands or overwrites (apply,
 * copy, restore, perms set, the TUI's saves and deletes) holds a lock file in the data folder from
 * its backup to its last request. A second writer waits a short while, then is refused with who holds
 * the scope (pid, command, since when) — writes never interleave. The lock also serves as the journal
 * of an interrupted write: a lock left by a process that died (kill -9, a CI timeout) names the command
 * and the backup taken before it, and the next writer takes the scope over and says how to finish or undo.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { link, open, rename, rm, stat } from 'node:fs/promises';
import { makeFolder, writeFileAtomic } from '../config/atomic-write.js';
import { fileSystemNow } from '../config/file-clock.js';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppPaths } from '../config/paths.js';
import type { Scope } from '../discord/model.js';
import { parseStrictObject } from '../discord/strict-json.js';
import { readOwnTextFile } from '../config/read-text-file.js';
import { sanitizeLine } from '../terminal/sanitize.js';
import { redactSecretShapes } from '../terminal/secret-shape.js';
import { processAlive } from '../config/process-alive.js';
import { LocalWriteError } from '../config/local-failure.js';

export interface LockHolder {
  /**
   * The journals of interrupted writes this writer took over without finishing them (other commands),
   * oldest first: put back when this one releases, so each is told until that write is finished.
   */
  interrupted?: LockHolder[];
  pid: number;
  host: string;
  /** What is writing, in words a user can run (`apply commands.json`) or recognise (`delete /ping in the TUI`). */
  command: string;
  since: string;
  /** The backup taken before the first write, once there is one. */
  backup?: string;
  /** False for a write made in the TUI: there is no command to run again, only a backup to restore. */
  rerunnable?: boolean;
}

/** A line read from a lock file (a command, a time), as it may be shown: one line, without a token an older cmd-tui or a hand wrote there. */
function shownLine(text: string): string {
  return sanitizeLine(redactSecretShapes(text));
}

export class ScopeLockedError extends Error {
  override readonly name = 'ScopeLockedError';
  readonly hint: string;
  constructor(
    scopeLabel: string,
    readonly holder: LockHolder,
    readonly path: string,
  ) {
    super(`${scopeLabel} is being changed by another cmd-tui: pid ${holder.pid} (${shownLine(holder.command)}) since ${shownLine(holder.since)}.`);
    this.hint = `Wait for it to finish and try again. If that process is gone from another machine's view, remove ${path}.`;
  }
}

export interface ScopeLock {
  /** Records the backup in the lock, so an interruption after this point names it. */
  noteBackup(path: string): Promise<void>;
  release(): Promise<void>;
}

export interface LockOptions {
  /** How long a second writer waits for the first (default 5 s). */
  waitMs?: number;
  /** Told when a dead writer's lock is taken over (an interrupted write). */
  notice?: (message: string) => void;
  /** The journal names a `cmd-tui` command that finishes the write when run again (default: true). */
  rerunnable?: boolean;
}

const DEFAULT_WAIT_MS = 5_000;
const POLL_MS = 100;
/** A lock file read between its creation and its first write is empty: not a crash yet. */
const UNREADABLE_GRACE_MS = 2_000;

function lockPath(paths: AppPaths, applicationId: string, scope: Scope): string {
  return join(paths.data, 'locks', `${applicationId}-${scope.kind === 'global' ? 'global' : `guild-${scope.guildId}`}.lock`);
}

function describe(scope: Scope): string {
  return scope.kind === 'global' ? 'The global scope' : `Guild ${scope.guildId}`;
}

async function readHolder(path: string): Promise<LockHolder | undefined> {
  return holderOf(await readOwnTextFile(path).catch(() => undefined));
}

function holderOf(text: string | undefined): LockHolder | undefined {
  try {
    const parsed: unknown = parseStrictObject(text ?? '');
    const holder = entryOf(parsed);
    if (!holder) return undefined;
    const interrupted = chainOf((parsed as { interrupted?: unknown }).interrupted, 0);
    return interrupted.length > 0 ? { ...holder, interrupted } : holder;
  } catch {
    return undefined;
  }
}

/** One writer as a lock file names it, without what it took over. */
function entryOf(value: unknown): LockHolder | undefined {
  const parsed = value as Partial<LockHolder> | null;
  if (typeof parsed !== 'object' || parsed === null || typeof parsed.pid !== 'number' || typeof parsed.command !== 'string' || typeof parsed.since !== 'string') return undefined;
  return {
    pid: parsed.pid,
    host: String(parsed.host ?? ''),
    command: parsed.command,
    since: parsed.since,
    ...(typeof parsed.backup === 'string' ? { backup: parsed.backup } : {}),
    ...(parsed.rerunnable === false ? { rerunnable: false } : {}),
  };
}

/** A hand-edited lock cannot make the notice endless: past this many, older journals are not told. */
const MAX_CHAIN = 32;

/**
 * The interrupted writes a lock carries, oldest first and flat: a list, or one journal (as lock files
 * written before the list was), either possibly holding older ones of its own.
 */
function chainOf(value: unknown, depth: number): LockHolder[] {
  if (depth > MAX_CHAIN || typeof value !== 'object' || value === null) return [];
  const chain = Array.isArray(value)
    ? value.flatMap((item) => chainOf(item, depth + 1))
    : [...chainOf((value as { interrupted?: unknown }).interrupted, depth + 1), ...[entryOf(value)].filter((entry) => entry !== undefined)];
  return chain.slice(-MAX_CHAIN);
}

/** Every write a dead writer's lock leaves unfinished, oldest first: those it took over, then its own. */
function unfinishedWrites(holder: LockHolder): LockHolder[] {
  const { interrupted = [], ...own } = holder;
  return [...interrupted, own];
}

/** The lock file that keeps unfinished journals after their writer releases: the newest names the rest. */
function journalLock(unfinished: LockHolder[]): LockHolder {
  const newest = unfinished.at(-1)!;
  const older = unfinished.slice(0, -1);
  return older.length > 0 ? { ...newest, interrupted: older } : newest;
}

/** A lock whose writer is gone: on this host with a dead pid, or unreadable for longer than it takes to write one. */
async function stale(path: string, holder: LockHolder | undefined): Promise<boolean> {
  if (holder) return holder.host === hostname() && !processAlive(holder.pid);
  const written = await stat(path).then((info) => info.mtimeMs, () => 0);
  return (await fileSystemNow(dirname(path))) - written > UNREADABLE_GRACE_MS;
}

/**
 * A lock file is as untrusted as any file: what it says is shown as text, and a path it names is
 * offered in a command only shell-quoted, so a hand-edited lock cannot smuggle `; curl …|sh` into advice.
 */
function interruptedNotice(scope: Scope, holder: LockHolder | undefined): string {
  if (!holder) return `${describe(scope)} had a damaged lock file from an interrupted cmd-tui; it was taken over.`;
  return unfinishedWrites(holder).map((entry) => interruptedSentence(scope, entry)).join(' ');
}

function interruptedSentence(scope: Scope, holder: LockHolder): string {
  const undo = holder.backup ? ` To undo what it did, \`cmd-tui restore ${shellQuoted(sanitizeLine(holder.backup))}\`.` : ' It had not written anything yet.';
  const command = shownLine(holder.command);
  const again = holder.rerunnable !== false && !SHELL_SPECIAL.test(command) ? ' Running the same command again finishes it (it converges).' : ' Check the scope before changing it again.';
  return `An earlier \`${command}\` (pid ${holder.pid}, since ${sanitizeLine(holder.since)}) on ${describe(scope).toLowerCase()} was interrupted.${again}${undo}`;
}

/** Characters that would make a shell do more than run one command. */
const SHELL_SPECIAL = /[;&|`$<>(){}\\\n'"!*?[\]#~]/;

/** A word a POSIX shell reads back as exactly `text`: bare when it is plainly safe, else in single quotes. */
export function shellQuoted(text: string): string {
  return /^[\w./:@%+=,-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/** A takeover holds its breaker for milliseconds: one this old was left by a process killed meanwhile. */
const BREAKER_STALE_MS = 10_000;

/**
 * A lock whose writer died is its journal: it is replaced in one step (a rename over it) by a lock that
 * names this writer and carries the journal on, so the path is never empty and the journal never lost.
 * Takeovers take turns through an exclusive breaker file beside the lock, and the taker checks, holding
 * it, that the lock is still the dead one it read — so a live writer's lock is never replaced or moved.
 * `held` when this writer now holds the scope; `gone` when the lock vanished meanwhile (try to create one at once).
 */
async function takeOverIfStale(path: string, scope: Scope, mine: LockHolder, notice?: (message: string) => void): Promise<{ held: true } | { held: false; holder?: LockHolder; gone: boolean }> {
  const text = await readOwnTextFile(path).catch(() => undefined);
  const holder = holderOf(text);
  if (text === undefined && !(await exists(path))) return { held: false, gone: true };
  if (!(await stale(path, holder))) return holder ? { held: false, holder, gone: false } : { held: false, gone: false };
  const taken = withJournal(mine, holder);
  const prepared = `${path}.${process.pid}-${randomUUID()}.tmp`;
  await writeFileAtomic(prepared, JSON.stringify(taken), { mode: 0o600, exclusive: true, createFolder: false });
  try {
    const breaker = await takeBreaker(path);
    if (!breaker) return { held: false, gone: false };
    try {
      const now = await readOwnTextFile(path).catch(() => undefined);
      if (now === undefined || now !== text || !(await stale(path, holderOf(now)))) return { held: false, gone: now === undefined };
      await rename(prepared, path);
    } finally {
      await dropBreaker(breaker);
    }
  } finally {
    await rm(prepared, { force: true });
  }
  if (taken.interrupted) mine.interrupted = taken.interrupted;
  notice?.(interruptedNotice(scope, holder));
  return { held: true };
}

/** This writer's lock after taking over `dead`: the same command run again finishes its interrupted write; every other journal is kept for later. */
function withJournal(mine: LockHolder, dead: LockHolder | undefined): LockHolder {
  const unfinished = [...(mine.interrupted ?? []), ...(dead ? unfinishedWrites(dead) : []).filter((entry) => entry.command !== mine.command)];
  return unfinished.length > 0 ? { ...mine, interrupted: unfinished } : mine;
}

function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

interface Breaker {
  path: string;
  text: string;
}

/**
 * The turn to take a dead lock over: undefined while another writer has it. A breaker whose process died
 * (or that is older than any takeover takes) is moved aside and removed; a live one moved by mistake
 * (replaced between the look and the move) is put back unless another writer made one meanwhile.
 */
async function takeBreaker(lock: string): Promise<Breaker | undefined> {
  const breaker = { path: `${lock}.takeover`, text: JSON.stringify({ pid: process.pid, host: hostname(), nonce: randomUUID() }) };
  try {
    await createLockFile(breaker.path, breaker.text);
    return breaker;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const seen = await readOwnTextFile(breaker.path).catch(() => undefined);
  if (seen === undefined || !(await breakerStale(breaker.path, seen))) return undefined;
  const aside = `${breaker.path}.${process.pid}-${randomUUID()}.stale`;
  if (!(await rename(breaker.path, aside).then(() => true, () => false))) return undefined;
  const moved = await readOwnTextFile(aside).catch(() => undefined);
  if (moved !== seen) await link(aside, breaker.path).catch(() => undefined);
  await rm(aside, { force: true });
  return undefined;
}

async function breakerStale(path: string, text: string): Promise<boolean> {
  const owner = breakerOwner(text);
  if (owner && owner.host === hostname() && !processAlive(owner.pid)) return true;
  const now = await fileSystemNow(dirname(path));
  const written = await stat(path).then((info) => info.mtimeMs, () => now);
  return now - written > BREAKER_STALE_MS;
}

function breakerOwner(text: string): { pid: number; host: string } | undefined {
  try {
    const { pid, host } = parseStrictObject(text) as { pid?: unknown; host?: unknown };
    return typeof pid === 'number' && typeof host === 'string' ? { pid, host } : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the breaker if it is still this writer's (one broken as stale may be another's by now). */
async function dropBreaker(breaker: Breaker): Promise<void> {
  if ((await readOwnTextFile(breaker.path).catch(() => undefined)) === breaker.text) await rm(breaker.path, { force: true });
}

/**
 * What an interrupted write left on the scope, told without settling it (the TUI says it when the scope
 * opens; the next write there takes the journal over): undefined when none was interrupted.
 */
export async function interruptedWrite(paths: AppPaths, applicationId: string, scope: Scope): Promise<string | undefined> {
  const path = lockPath(paths, applicationId, scope);
  if (!(await exists(path))) return undefined;
  const holder = await readHolder(path);
  return (await stale(path, holder)) ? interruptedNotice(scope, holder) : undefined;
}

export async function acquireScopeLock(paths: AppPaths, applicationId: string, scope: Scope, command: string, options: LockOptions = {}): Promise<ScopeLock> {
  const path = lockPath(paths, applicationId, scope);
  const folder = join(paths.data, 'locks');
  await makeFolder(folder, 0o700).catch((error: unknown) => {
    throw LocalWriteError.from(error, folder, 'lock the scope') ?? error;
  });
  const mine: LockHolder = { pid: process.pid, host: hostname(), command, since: new Date().toISOString(), ...(options.rerunnable === false ? { rerunnable: false } : {}) };
  const deadline = Date.now() + (options.waitMs ?? DEFAULT_WAIT_MS);
  for (;;) {
    try {
      await createLockFile(path, JSON.stringify(mine));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw LocalWriteError.from(error, folder, 'lock the scope') ?? error;
    }
    const outcome = await takeOverIfStale(path, scope, mine, options.notice).catch((error: unknown) => {
      throw LocalWriteError.from(error, folder, 'take over the scope\'s lock') ?? error;
    });
    if (outcome.held) break;
    if (outcome.gone) continue;
    if (Date.now() >= deadline) throw new ScopeLockedError(describe(scope), outcome.holder ?? { pid: 0, host: '', command: 'unknown', since: 'just now' }, path);
    await sleep(POLL_MS);
  }
  let held = true;
  return {
    async noteBackup(backup) {
      mine.backup = backup;
      if (!held) return;
      // Written whole or not at all: a full disk must not turn the journal into an empty file.
      await writeFileAtomic(path, JSON.stringify(mine), { mode: 0o600, createFolder: false }).catch((error: unknown) => {
        throw LocalWriteError.from(error, folder, 'record the backup in the scope\'s journal') ?? error;
      });
    },
    async release() {
      if (!held) return;
      held = false;
      const holder = await readHolder(path);
      if (holder?.pid !== process.pid || holder.since !== mine.since) return;
      if (mine.interrupted) await writeFileAtomic(path, JSON.stringify(journalLock(mine.interrupted)), { mode: 0o600, createFolder: false });
      else await rm(path, { force: true });
    },
  };
}

/** The lock file, made exclusively; one that could not be filled in is removed again, never left empty. */
async function createLockFile(path: string, contents: string): Promise<void> {
  const handle = await open(path, 'wx', 0o600);
  try {
    await handle.writeFile(contents);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
  await handle.close();
}

/** Runs `write` holding the scope's lock, released however it ends (a kill leaves it as the journal). */
export async function withScopeLock<T>(paths: AppPaths, applicationId: string, scope: Scope, command: string, write: (lock: ScopeLock) => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = await acquireScopeLock(paths, applicationId, scope, command, options);
  try {
    return await write(lock);
  } finally {
    // The write's own outcome stands: a lock left behind is a warning beside it, never a failure instead of it.
    await lock.release().catch((error: unknown) => {
      const path = lockPath(paths, applicationId, scope);
      options.notice?.(`The write finished, but its lock ${path} could not be removed (${error instanceof Error ? error.message : String(error)}); remove it if no cmd-tui is writing to ${describe(scope).toLowerCase()}.`);
    });
  }
}
