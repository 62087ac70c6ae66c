/**
 * One writer per scope on this machine: every change to a scope's commands or overwrites (apply,
 * copy, restore, perms set, the TUI's saves and deletes) holds a lock file in the data folder from
 * its backup to its last request. A second writer waits a short while, then is refused with who holds
 * the scope (pid, command, since when) — writes never interleave. The lock also serves as the journal
 * of an interrupted write: a lock left by a process that died (kill -9, a CI timeout) names the command
 * and the backup taken before it, and the next writer takes the scope over and says how to finish or undo.
 */
import { hostname } from 'node:os';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { appPaths } from '../config/paths.js';
import type { Scope } from '../discord/model.js';
import { parseStrictObject } from '../discord/strict-json.js';
import { readOwnTextFile } from '../config/read-text-file.js';

export interface LockHolder {
  pid: number;
  host: string;
  /** What is writing, e.g. `apply commands.json` or `TUI: delete /ping`. */
  command: string;
  since: string;
  /** The backup taken before the first write, once there is one. */
  backup?: string;
}

export class ScopeLockedError extends Error {
  override readonly name = 'ScopeLockedError';
  readonly hint: string;
  constructor(
    scopeLabel: string,
    readonly holder: LockHolder,
    readonly path: string,
  ) {
    super(`${scopeLabel} is being changed by another cmd-tui: pid ${holder.pid} (${holder.command}) since ${holder.since}.`);
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
}

const DEFAULT_WAIT_MS = 5_000;
const POLL_MS = 100;
/** A lock file read between its creation and its first write is empty: not a crash yet. */
const UNREADABLE_GRACE_MS = 2_000;

function lockPath(env: NodeJS.ProcessEnv, applicationId: string, scope: Scope): string {
  return join(appPaths(env).data, 'locks', `${applicationId}-${scope.kind === 'global' ? 'global' : `guild-${scope.guildId}`}.lock`);
}

function describe(scope: Scope): string {
  return scope.kind === 'global' ? 'The global scope' : `Guild ${scope.guildId}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(path: string): Promise<LockHolder | undefined> {
  try {
    const parsed = (parseStrictObject((await readOwnTextFile(path)) ?? '') ?? {}) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' && typeof parsed.command === 'string' && typeof parsed.since === 'string'
      ? { pid: parsed.pid, host: String(parsed.host ?? ''), command: parsed.command, since: parsed.since, ...(typeof parsed.backup === 'string' ? { backup: parsed.backup } : {}) }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A lock whose writer is gone: on this host with a dead pid, or unreadable for longer than it takes to write one. */
async function stale(path: string, holder: LockHolder | undefined): Promise<boolean> {
  if (holder) return holder.host === hostname() && !alive(holder.pid);
  const written = await stat(path).then((info) => info.mtimeMs, () => 0);
  return Date.now() - written > UNREADABLE_GRACE_MS;
}

function interruptedNotice(scope: Scope, holder: LockHolder | undefined): string {
  if (!holder) return `${describe(scope)} had a damaged lock file from an interrupted cmd-tui; it was taken over.`;
  const undo = holder.backup ? ` To undo what it did, \`cmd-tui restore ${holder.backup}\`.` : ' It had not written anything yet.';
  return `An earlier \`${holder.command}\` (pid ${holder.pid}, since ${holder.since}) on ${describe(scope).toLowerCase()} was interrupted. Running the same command again finishes it (it converges).${undo}`;
}

/** A lock whose writer died is its journal: the writer's command and backup are told, and the lock removed. */
async function takeOverIfStale(path: string, scope: Scope, notice?: (message: string) => void): Promise<{ holder?: LockHolder; takenOver: boolean }> {
  const holder = await readHolder(path);
  if (!(await stale(path, holder))) return holder ? { holder, takenOver: false } : { takenOver: false };
  notice?.(interruptedNotice(scope, holder));
  await rm(path, { force: true });
  return { takenOver: true };
}

/**
 * What an interrupted write left on the scope, told without settling it (the TUI says it when the scope
 * opens; the next write there takes the journal over): undefined when none was interrupted.
 */
export async function interruptedWrite(env: NodeJS.ProcessEnv, applicationId: string, scope: Scope): Promise<string | undefined> {
  const path = lockPath(env, applicationId, scope);
  if (!(await stat(path).then(() => true, () => false))) return undefined;
  const holder = await readHolder(path);
  return (await stale(path, holder)) ? interruptedNotice(scope, holder) : undefined;
}

/**
 * For a run with nothing to write (a re-run that finds the scope as wanted, because the interrupted
 * run got that far): the earlier run's journal is reported and cleared all the same.
 */
export async function settleInterruptedWrite(env: NodeJS.ProcessEnv, applicationId: string, scope: Scope, notice: (message: string) => void): Promise<void> {
  const path = lockPath(env, applicationId, scope);
  if (await stat(path).then(() => true, () => false)) await takeOverIfStale(path, scope, notice);
}

export async function acquireScopeLock(env: NodeJS.ProcessEnv, applicationId: string, scope: Scope, command: string, options: LockOptions = {}): Promise<ScopeLock> {
  const path = lockPath(env, applicationId, scope);
  await mkdir(join(appPaths(env).data, 'locks'), { recursive: true, mode: 0o700 });
  const mine: LockHolder = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  const deadline = Date.now() + (options.waitMs ?? DEFAULT_WAIT_MS);
  for (;;) {
    try {
      const handle = await open(path, 'wx', 0o600);
      try {
        await handle.writeFile(JSON.stringify(mine));
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const { holder, takenOver } = await takeOverIfStale(path, scope, options.notice);
    if (takenOver) continue;
    if (Date.now() >= deadline) throw new ScopeLockedError(describe(scope), holder ?? { pid: 0, host: '', command: 'unknown', since: 'just now' }, path);
    await sleep(POLL_MS);
  }
  let held = true;
  return {
    async noteBackup(backup) {
      mine.backup = backup;
      if (held) await writeFile(path, JSON.stringify(mine), { mode: 0o600 });
    },
    async release() {
      if (!held) return;
      held = false;
      const holder = await readHolder(path);
      if (holder?.pid === process.pid && holder.since === mine.since) await rm(path, { force: true });
    },
  };
}

/** Runs `write` holding the scope's lock, released however it ends (a kill leaves it as the journal). */
export async function withScopeLock<T>(env: NodeJS.ProcessEnv, applicationId: string, scope: Scope, command: string, write: (lock: ScopeLock) => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = await acquireScopeLock(env, applicationId, scope, command, options);
  try {
    return await write(lock);
  } finally {
    await lock.release();
  }
}
