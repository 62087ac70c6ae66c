/**
 * Asks the user to confirm a change on the terminal. Without a terminal (CI, pipes) there is
 * nobody to ask: the answer is no, and the caller tells the user to pass --yes.
 */
import { createInterface } from 'node:readline/promises';
import type { CliIo } from './types.js';

export async function confirm(io: CliIo, question: string): Promise<boolean> {
  if (!io.stdin.isTTY) return false;
  // Not as a terminal: readline would draw with cursor moves of its own, which the output stream (commands/types.ts)
  // shows as text; the terminal echoes the answer itself.
  const prompt = createInterface({ input: io.stdin, output: io.stderr, terminal: false });
  try {
    const answer = await prompt.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}
