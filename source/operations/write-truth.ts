/**
 * Telling the truth about a single write (delete, save, overwrites): cancelled before it left, it is
 * "nothing was sent"; once it left it cannot be recalled, so its answer is awaited (the client does
 * that), and when the answer is lost (connection dropped, cancelled between retries) the outcome is
 * read back: carried out, not carried out, or unknown — with the backup taken before it.
 */
import { ConnectionError, mayHaveBeenCarriedOut, RequestCancelledError } from '../api/errors.js';

/** Read back after a lost answer: Discord does not have the change. */
export class WriteNotAppliedError extends Error {
  override readonly name = 'WriteNotAppliedError';
  readonly hint = 'Nothing changed on Discord; try again when you are ready.';
  constructor(what: string, cause: unknown) {
    super(`${what}: not done. The answer was lost, and reading back shows Discord does not have the change.`, { cause });
  }
}

/** Neither the answer nor a read-back could say whether the write happened. */
export class WriteUnsettledError extends Error {
  override readonly name = 'WriteUnsettledError';
  readonly hint: string;
  constructor(what: string, readonly backup: string | undefined, cause: unknown) {
    super(`${what}: unknown whether Discord carried it out (the answer was lost and it could not be read back).`, { cause });
    this.hint = backup
      ? `Reload (ctrl+r) to see the scope as it is now; the state before is saved in ${backup} (\`cmd-tui restore ${backup}\` brings it back).`
      : 'Reload (ctrl+r) to see the scope as it is now.';
  }
}

/** A write that may have left but whose answer never came. */
function answerLost(error: unknown): boolean {
  return (error instanceof RequestCancelledError || error instanceof ConnectionError) && mayHaveBeenCarriedOut(error);
}

/** What a read-back found: the write carried out (with what it made), or not. */
export type ReadBack<T> = { applied: true; value: T } | { applied: false };

/**
 * Sends `write`; when its answer is lost, `readBack` (never cancelled) decides whether it was carried
 * out. `backup` is named when nothing can tell.
 */
export async function settledWrite<T>(what: string, write: () => Promise<T>, readBack: () => Promise<ReadBack<T>>, backup?: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!answerLost(error)) throw error;
    let settled: ReadBack<T>;
    try {
      settled = await readBack();
    } catch {
      throw new WriteUnsettledError(what, backup, error);
    }
    if (!settled.applied) throw new WriteNotAppliedError(what, error);
    return settled.value;
  }
}
