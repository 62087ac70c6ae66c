/**
 * The local count of command creates per application, scope and UTC day, kept in the data folder
 * so the plan engine can refuse, for every door, a plan that would hit Discord's 200-creates-a-day
 * limit (error 30034, peers.md §2 complaint 1) and the TUI's header can show what is left. Creates made
 * by other tools are invisible to us, so this is a floor, not the server's truth — until Discord answers
 * 30034, which marks the day's creates used up whichever door met it. A create is counted before it is sent
 * ("maybe used"), and settled by its answer: a run killed while one was in flight leaves it counted, as
 * the server may well have made it.
 */
import { dirname, join } from 'node:path';
import { makeFolder, writeFileAtomic } from '../config/atomic-write.js';
import { withFileLock } from '../config/file-lock.js';
import type { AppPaths } from '../config/paths.js';
import { LIMITS, scopeKey, type Scope } from '../discord/model.js';
import { parseStrictObject } from '../discord/strict-json.js';
import { readOwnTextFile } from '../config/read-text-file.js';
import { DiscordApiError, mayHaveBeenCarriedOut } from '../api/errors.js';

/** `maybe`: creates sent whose answer never came (a kill mid-request); counted as used. */
type LedgerRecord = { day: string; used: number; maybe?: number };
type LedgerFile = Record<string, LedgerRecord>;

export interface CreateBudget {
  /** Including the creates whose answer never came (`unanswered`): the server may have made them. */
  used: number;
  unanswered: number;
  remaining: number;
  /** UTC day the count belongs to, `YYYY-MM-DD`. */
  day: string;
}

export function ledgerPath(paths: AppPaths): string {
  return join(paths.data, 'daily-creates.json');
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export async function createBudget(paths: AppPaths, applicationId: string, scope: Scope, now = new Date()): Promise<CreateBudget> {
  const day = utcDay(now);
  const record = (await readLedger(paths))[ledgerKey(applicationId, scope)];
  return budgetOf(record?.day === day ? record : { day, used: 0 });
}

function budgetOf(record: LedgerRecord): CreateBudget {
  const unanswered = countOf(record.maybe);
  const used = countOf(record.used) + unanswered;
  return { used, unanswered, remaining: Math.max(0, LIMITS.dailyCreates - used), day: record.day };
}

/** A hand-edited ledger cannot make the count negative or not a number. */
function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

/** "Maximum number of daily application command creates has been reached (200)". */
const DAILY_CREATES_REACHED = 30034;

/**
 * Sends one create counted first as "maybe used", then settles it by the answer: made → used; refused by
 * the server (a 4xx) → not used, and a 30034 marks the day's creates used up (other tools create too);
 * never sent (cancelled before it left, no connection opened) → not used; no answer (connection lost) or
 * a 5xx → used, as it may have landed. Every door's creates (apply, copy,
 * restore, the TUI's editor) go through here, so they are counted one way. A ledger that cannot be
 * written never stops the create: `notice` says the count is off.
 */
export async function countedCreate<T extends { created: boolean }>(paths: AppPaths, applicationId: string, scope: Scope, send: () => Promise<T>, notice?: (message: string) => void): Promise<T> {
  const tell = (error: unknown) => notice?.(`A create could not be counted in ${ledgerPath(paths)} (${error instanceof Error ? error.message : String(error)}); today's count there may be off by one.`);
  const counted = await updateRecord(paths, applicationId, scope, new Date(), (record) => ({ ...record, maybe: countOf(record.maybe) + 1 })).then(
    () => true,
    (error: unknown) => {
      tell(error);
      return false;
    },
  );
  const settle = (used: number) =>
    counted ? updateRecord(paths, applicationId, scope, new Date(), (record) => ({ ...record, used: countOf(record.used) + used, maybe: Math.max(0, countOf(record.maybe) - 1) })).catch(tell) : undefined;
  let result: T;
  try {
    result = await send();
  } catch (error) {
    // A 4xx is a refusal and a create cancelled before it left never reached Discord (nothing made); a 5xx or
    // no answer at all may hide a create that landed.
    await settle(mayHaveBeenCarriedOut(error) ? 1 : 0);
    if (error instanceof DiscordApiError && error.code === DAILY_CREATES_REACHED) await recordCreatesExhausted(paths, applicationId, scope).catch(tell);
    throw error;
  }
  await settle(result.created ? 1 : 0);
  return result;
}

/** Adds creates that the server confirmed (201); returns the new budget. */
export async function recordCreates(paths: AppPaths, applicationId: string, scope: Scope, count: number, now = new Date()): Promise<CreateBudget> {
  return updateUsed(paths, applicationId, scope, now, (previous) => previous + count);
}

/** The server answered 30034: whatever we counted, nothing is left today (other tools create too). */
export async function recordCreatesExhausted(paths: AppPaths, applicationId: string, scope: Scope, now = new Date()): Promise<CreateBudget> {
  return updateRecord(paths, applicationId, scope, now, (record) => ({ ...record, used: LIMITS.dailyCreates, maybe: 0 }));
}

/** Read-modify-write under a lock: the TUI and `cmd-tui apply` may both be counting. */
function updateUsed(paths: AppPaths, applicationId: string, scope: Scope, now: Date, next: (previous: number) => number): Promise<CreateBudget> {
  return updateRecord(paths, applicationId, scope, now, (record) => ({ ...record, used: next(countOf(record.used)) }));
}

async function updateRecord(paths: AppPaths, applicationId: string, scope: Scope, now: Date, next: (record: LedgerRecord) => LedgerRecord): Promise<CreateBudget> {
  const path = ledgerPath(paths);
  await makeFolder(dirname(path), 0o700);
  return withFileLock(path, async () => {
    const ledger = await readLedger(paths);
    const day = utcDay(now);
    const key = ledgerKey(applicationId, scope);
    const { maybe, ...record } = next(ledger[key]?.day === day ? ledger[key] : { day, used: 0 });
    ledger[key] = countOf(maybe) > 0 ? { ...record, day, maybe } : { ...record, day };
    await writeFileAtomic(path, `${JSON.stringify(ledger, null, 2)}\n`, { mode: 0o600 });
    return budgetOf(ledger[key]);
  });
}

function ledgerKey(applicationId: string, scope: Scope): string {
  return `${applicationId}/${scopeKey(scope)}`;
}

/** A missing or damaged ledger counts as "nothing used yet": the server still enforces the limit. */
async function readLedger(paths: AppPaths): Promise<LedgerFile> {
  try {
    return (parseStrictObject((await readOwnTextFile(ledgerPath(paths))) ?? '{}') as LedgerFile | undefined) ?? {};
  } catch {
    return {};
  }
}
