/**
 * The local count of command creates per application, scope and UTC day, kept in the data folder
 * so `apply` can refuse a plan that would hit Discord's 200-creates-a-day limit (error 30034,
 * peers.md §2 complaint 1) and the TUI's header can show what is left. Creates made by other tools
 * are invisible to us, so this is a floor, not the server's truth.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../config/atomic-write.js';
import { withFileLock } from '../config/file-lock.js';
import { appPaths } from '../config/paths.js';
import { LIMITS, scopeKey, type Scope } from '../discord/model.js';
import { parseStrictObject } from '../discord/strict-json.js';
import { readOwnTextFile } from '../config/read-text-file.js';

type LedgerFile = Record<string, { day: string; used: number }>;

export interface CreateBudget {
  used: number;
  remaining: number;
  /** UTC day the count belongs to, `YYYY-MM-DD`. */
  day: string;
}

export function ledgerPath(env: NodeJS.ProcessEnv): string {
  return join(appPaths(env).data, 'daily-creates.json');
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export async function createBudget(env: NodeJS.ProcessEnv, applicationId: string, scope: Scope, now = new Date()): Promise<CreateBudget> {
  const day = utcDay(now);
  const record = (await readLedger(env))[ledgerKey(applicationId, scope)];
  const used = record?.day === day ? record.used : 0;
  return { used, remaining: Math.max(0, LIMITS.dailyCreates - used), day };
}

/** Adds creates that the server confirmed (201); returns the new budget. */
export async function recordCreates(env: NodeJS.ProcessEnv, applicationId: string, scope: Scope, count: number, now = new Date()): Promise<CreateBudget> {
  return updateUsed(env, applicationId, scope, now, (previous) => previous + count);
}

/** The server answered 30034: whatever we counted, nothing is left today (other tools create too). */
export async function recordCreatesExhausted(env: NodeJS.ProcessEnv, applicationId: string, scope: Scope, now = new Date()): Promise<CreateBudget> {
  return updateUsed(env, applicationId, scope, now, () => LIMITS.dailyCreates);
}

/** Read-modify-write under a lock: the TUI and `cmd-tui apply` may both be counting. */
async function updateUsed(env: NodeJS.ProcessEnv, applicationId: string, scope: Scope, now: Date, next: (previous: number) => number): Promise<CreateBudget> {
  const path = ledgerPath(env);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  return withFileLock(path, async () => {
    const ledger = await readLedger(env);
    const day = utcDay(now);
    const key = ledgerKey(applicationId, scope);
    const used = next(ledger[key]?.day === day ? (ledger[key]?.used ?? 0) : 0);
    ledger[key] = { day, used };
    await writeFileAtomic(path, `${JSON.stringify(ledger, null, 2)}\n`, { mode: 0o600 });
    return { used, remaining: Math.max(0, LIMITS.dailyCreates - used), day };
  });
}

function ledgerKey(applicationId: string, scope: Scope): string {
  return `${applicationId}/${scopeKey(scope)}`;
}

/** A missing or damaged ledger counts as "nothing used yet": the server still enforces the limit. */
async function readLedger(env: NodeJS.ProcessEnv): Promise<LedgerFile> {
  try {
    return (parseStrictObject((await readOwnTextFile(ledgerPath(env))) ?? '{}') as LedgerFile | undefined) ?? {};
  } catch {
    return {};
  }
}
