/**
 * Asks the user to confirm a change on the terminal. Without a terminal (CI, pipes) there is
 * nobody to ask: the answer is no, and the caller tells the user to pass --yes. `signal` (ctrl+c in
 * `apply --watch`) withdraws the question: the answer is no.
 */
import { createInterface } from 'node:readline/promises';
import type { CliIo } from './types.js';

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
