/**
 * Asks the user to confirm a change on the terminal. Without a terminal (CI, pipes) there is
 * nobody to ask: the answer is no, and the caller tells the user to pass --yes. `signal` (ctrl+c in
 * `apply --watch`) withdraws the question: the answer is no.
 */
import { createInterface } from 'node:readline/promises';
import type { CliIo } from './types.js';

/**
 * Why nothing was asked, after "Nothing was sent.": no terminal to confirm on (none when there is one). A
 * file read from stdin (`cat f.json | cmd-tui apply -`) takes stdin, even at a terminal: said so.
 */
export function whyNotAsked(io: CliIo, toDo: string, fileOnStdin = false): string {
  if (io.stdin.isTTY) return '';
  return fileOnStdin ? `Stdin carries the file, so it cannot take an answer: pass --yes to ${toDo}.` : `There is no terminal to confirm on: pass --yes to ${toDo}.`;
}

export async function confirm(io: CliIo, question: string, signal?: AbortSignal): Promise<boolean> {
  if (!io.stdin.isTTY) return false;
  // Not as a terminal, and the question written here: readline would draw with cursor moves of its own (a
  // withdrawn question ends its line with \r), which the output stream (commands/types.ts) shows as text; the
  // terminal echoes the answer itself.
  io.stderr.write(`${question} [y/N] `);
  const prompt = createInterface({ input: io.stdin, terminal: false });
  try {
    const answer = await prompt.question('', signal ? { signal } : {}).catch((error: unknown) => {
      if (signal?.aborted) return '';
      throw error;
    });
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}
