/**
 * One bot token's global limit shared by every cmd-tui process that spends it (four audits at once, the
 * TUI beside a deploy script): each process sending requests keeps a heartbeat in a small file per token
 * and API under the data folder, and paces itself to its share of the limit. The file names the token
 * by a hash only; it holds random member ids and when each one's heartbeat runs out, nothing else.
 * A process that stops sending (an idle TUI) leaves within about 2 s; one that exits leaves as it exits, so
 * the next command on the token does not wait for it to run out (a joiner waits until every member it sees
 * has counted it).
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parseStrictObject } from '../discord/strict-json.js';
import { makeFolder } from './atomic-write.js';
import { fileSystemNow } from './file-clock.js';
import { isLockBusy, withFileLock } from './file-lock.js';
import type { AppPaths } from './paths.js';
import { readTextFile } from './read-text-file.js';

/** How often a sending process renews its place, and so how fast the others see it come. */
const HEARTBEAT_MS = 200;
/** A member not renewed for this long is gone (killed, or finished without saying so). */
const MEMBER_TTL_MS = 2_000;
/**
 * A process that joins beside others sends its first request once each of them has renewed (and so counts
 * it) or run out: until then they send at their old, larger share, and the last second may be theirs in
 * full, so a joiner sending at once met 429s (2 of 646 for an audit started 1.5 s after three others).
 * Usually a heartbeat; a member killed just before is out within its TTL, so this give-up (by the real
 * clock) is only a bound.
 */
const JOIN_SEEN_GIVE_UP_MS = MEMBER_TTL_MS + HEARTBEAT_MS;
/**
 * A process that sent nothing for this long leaves (a finished command, an idle TUI): the others speed up.
 * Not sooner: an audit pauses between its first reads and the guilds, and every leave and return moves
 * the others' pace twice, each time a heartbeat late (half a second let 16 of 660 requests meet a 429).
 */
const IDLE_LEAVE_MS = 2_000;
/** However many members a hostile or broken file lists, no share goes below a tenth of the limit. */
const MOST_MEMBERS = 10;
/**
 * How long a join or a heartbeat waits for the file's lock before skipping: the first request waits for
 * the join, and pacing is best-effort, so a lock left by a killed process must not stall it for seconds
 * (it goes on unshared, and the heartbeat joins once the lock is free or old enough to take over).
 */
const PACE_LOCK_MS = 100;
/** A writer's temporary file lives for one write; one this old was left by a killed process. */
const LEFTOVER_TMP_MS = 10_000;
/** At most this many leftover temporary files are looked at per process, so a crowded folder costs little. */
const TMP_SWEEP_LIMIT = 16;

export interface PaceShare {
  /** Processes sending on this token now, this one included (at least 1). */
  members(): number;
  /**
   * Called before each request: starts the heartbeat if it is not running, and resolves once this process
   * is counted, by the other members too (at once while it is). Never rejects: a data folder that cannot be
   * written means no sharing.
   */
  sending(): Promise<void> | undefined;
  /**
   * Leaves the file now and stops renewing, as a process does at exit: for a command run in a process that
   * goes on (the in-process tests, before they remove a home). A later request joins again. A long-lived
   * process needs none of it: an idle member drops out on its own.
   */
  leave(): Promise<void>;
}

/** The pace file for a token at an API base, named by a hash of both: the token never reaches the disk. */
export function paceFilePath(paths: Pick<AppPaths, 'data'>, baseUrl: string, token: string): string {
  const digest = createHash('sha256').update(`${baseUrl}\n${token}`).digest('hex').slice(0, 32);
  return join(paths.data, 'pace', `${digest}.json`);
}

/** The shares listed in their pace files now, each left at exit by one listener (a TUI can hold several). */
const listedShares = new Set<() => void>();
let exitHooked = false;
function leaveAtExit(leave: () => void, listed: boolean): void {
  if (!listed) {
    listedShares.delete(leave);
    return;
  }
  listedShares.add(leave);
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const each of listedShares) each();
  });
}

/** This process's entry in a pace file: renewed under the file's lock, removed at exit without it. */
class PaceMembership {
  private readonly self = randomBytes(8).toString('hex');
  private folderMade = false;
  private swept = false;
  private listed = false;

  constructor(
    private readonly path: string,
    private readonly now: () => number,
    /** Told how many members are live, this one included, before the file says so: whoever sees the file can count on it. */
    private readonly counted: (members: number) => void,
  ) {}

  /** Renews (or removes) this member; says when, and which other members were live then. */
  async renew(leaving: boolean): Promise<{ at: number; others: string[] }> {
    const { path, self } = this;
    if (!this.folderMade) await makeFolder(dirname(path), 0o700);
    this.folderMade = true;
    return withFileLock(path, async () => {
      if (!this.swept) await removeLeftoverTemporaries(path);
      this.swept = true;
      const at = this.now();
      // A regular file only: a FIFO put in its place must not hang every request of this process.
      const members = liveMembers(await readTextFile(path, 'the pace file').catch(() => ''), at);
      if (leaving) members.delete(self);
      else members.set(self, at + MEMBER_TTL_MS);
      this.counted(members.size);
      const temporary = `${path}.${self}.tmp`;
      await writeFile(temporary, JSON.stringify({ members: Object.fromEntries(members) }), { mode: 0o600 });
      await rename(temporary, path);
      if (this.listed === leaving) {
        this.listed = !leaving;
        leaveAtExit(this.leaveNow, this.listed);
      }
      return { at, others: [...members.keys()].filter((id) => id !== self) };
    }, { giveUpMs: PACE_LOCK_MS });
  }

  /** Leaves the file now, under its lock, if this member is in it. */
  async leave(): Promise<void> {
    if (this.listed) await this.renew(true);
  }

  /** Resolves once every member live at `joined` has renewed since (it counts this one now) or is gone; or at the give-up. */
  async seenByOthers(joined: { at: number; others: string[] }): Promise<void> {
    const givesUp = Date.now() + JOIN_SEEN_GIVE_UP_MS;
    while (joined.others.length > 0 && Date.now() < givesUp) {
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS / 4));
      const members = liveMembers(await readTextFile(this.path, 'the pace file').catch(() => ''), this.now());
      // A renewal after the join runs out after the join's own expiry.
      if (joined.others.every((id) => !members.has(id) || members.get(id)! > joined.at + MEMBER_TTL_MS)) return;
    }
  }

  /**
   * At exit, synchronously: a member left in the file would hold the next command's first request until its
   * heartbeat runs out (up to 2 s). Without the lock (exit cannot wait for it): at worst another member's
   * renewal written at the same instant is lost until its next beat, 200 ms later.
   */
  private readonly leaveNow = (): void => {
    if (!this.listed) return;
    const { path, self } = this;
    try {
      // Non-blocking and a regular file only, as readTextFile reads it: a FIFO in its place must not hang the exit.
      const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
      let text = '';
      try {
        const info = fstatSync(fd);
        if (info.isFile() && info.size <= 64 * 1024) text = readFileSync(fd, 'utf8');
      } finally {
        closeSync(fd);
      }
      const members = liveMembers(text, this.now());
      if (!members.delete(self)) return;
      const temporary = `${path}.${self}.tmp`;
      writeFileSync(temporary, JSON.stringify({ members: Object.fromEntries(members) }), { mode: 0o600 });
      renameSync(temporary, path);
    } catch {
      // Best effort: the member runs out within its TTL all the same.
    }
  };
}

/** The shares this process holds, one per pace file. */
const processShares = new Map<string, PaceShare>();

/**
 * This process's one place in the pace file at `path`: every connection on the token shares it, so a process
 * that runs one command after another (an agent's door, the in-process tests) keeps its place instead of
 * joining beside its own idle one and waiting for it to count the newcomer.
 */
export function processPaceShare(path: string): PaceShare {
  let share = processShares.get(path);
  if (!share) processShares.set(path, (share = sharePace(path)));
  return share;
}

/** Every share of this process leaves its file (see PaceShare.leave). */
export async function leaveProcessPaceShares(): Promise<void> {
  await Promise.all([...processShares.values()].map((share) => share.leave()));
}

/**
 * This process's share of the token's pace: it joins the pace file with its first request (which waits until
 * the others count it), keeps a heartbeat while it sends, and leaves once idle. A data folder that cannot be
 * written means no sharing.
 */
export function sharePace(path: string, now: () => number = Date.now): PaceShare {
  let count = 1;
  const membership = new PaceMembership(path, now, (members) => (count = Math.max(1, Math.min(MOST_MEMBERS, members))));
  let lastSend = Number.NEGATIVE_INFINITY;
  let beating: NodeJS.Timeout | undefined;
  let joining: Promise<void> | undefined;
  let broken = false;
  let renewing: Promise<void> | undefined;

  const stopBeating = () => {
    clearInterval(beating);
    beating = undefined;
    count = 1;
  };
  const beat = () => {
    // A slow disk (or a busy lock) skips beats rather than stacking them.
    if (renewing) return;
    const leaving = now() - lastSend > IDLE_LEAVE_MS;
    renewing = membership.renew(leaving).then(
      () => {
        if (leaving) stopBeating();
      },
      (error: unknown) => {
        if (isLockBusy(error)) return;
        broken = true;
        stopBeating();
      },
    ).finally(() => {
      renewing = undefined;
    });
  };
  const startBeating = () => {
    beating = setInterval(beat, HEARTBEAT_MS);
    beating.unref();
  };

  return {
    members: () => count,
    sending() {
      lastSend = now();
      // A request asked for while this process joins waits for the join too, until the others count it.
      if (joining) return joining;
      if (broken || beating) return undefined;
      joining = membership.renew(false).then(
        (joined) => {
          startBeating();
          return membership.seenByOthers(joined);
        },
        (error: unknown) => {
          if (isLockBusy(error)) startBeating();
          else broken = true;
        },
      ).finally(() => {
        joining = undefined;
      });
      return joining;
    },
    async leave() {
      await joining;
      stopBeating();
      await renewing;
      await membership.leave().catch(() => undefined);
    },
  };
}

/** Removes temporary files of this pace file that killed processes left between their write and rename (once per process). */
async function removeLeftoverTemporaries(path: string): Promise<void> {
  const prefix = `${basename(path)}.`;
  const names = await readdir(dirname(path)).catch(() => []);
  const leftovers = names.filter((name) => name.startsWith(prefix) && /^[0-9a-f]{16}\.tmp$/.test(name.slice(prefix.length))).slice(0, TMP_SWEEP_LIMIT);
  for (const name of leftovers) {
    const file = join(dirname(path), name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && (await fileSystemNow(dirname(path))) - info.mtimeMs > LEFTOVER_TMP_MS) await rm(file, { force: true });
  }
}

/** The members whose heartbeat has not run out; anything else in the file (it is shared, so untrusted) is dropped. */
function liveMembers(text: string, at: number): Map<string, number> {
  const live = new Map<string, number>();
  const listed = parseStrictObject(text)?.members;
  if (typeof listed !== 'object' || listed === null || Array.isArray(listed)) return live;
  for (const [id, expires] of Object.entries(listed)) {
    if (/^[0-9a-f]{16}$/.test(id) && typeof expires === 'number' && expires > at && expires <= at + MEMBER_TTL_MS) live.set(id, expires);
  }
  return live;
}
