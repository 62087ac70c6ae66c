/**
 * Asks the user to confirm a change on the terminal. Without a terminal (CI, pipes) there is
 * nobody to ask: the answer is no, and the caller tells the user to pass --yes. `signal` (ctrl+c in
 * `apply --watch`) withdraws the question: the answer is no.
 */
import { createInterface } from 'node:readline/promises';
import type { CliIo } from './types.js';

export async function confirm(io: CliIo, question: string, signal?: AbortSignal): Promise<boolean> {
  if (!io.stdin.isTTY) return false;
  // Not as a terminal: readline would draw with cursor moves of its own, which the output stream (commands/types.ts)
  // shows as text; the terminal echoes the answer itself.
  const prompt = createInterface({ input: io.stdin, output: io.stderr, terminal: false });
  try {
    const asked = prompt.question(`${question} [y/N] `, signal ? { signal } : {});
    const answer = await asked.catch((error: unknown) => {
      if (signal?.aborted) return '';
      throw error;
    });
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}
