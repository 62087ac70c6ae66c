/**
 * Polls until a condition holds, inside act() so React flushes between checks. Never a fixed sleep. The
 * give-up is not what a test checks, only how long a broken one takes to say so: generous, for a loaded runner.
 */
import { act } from 'react';

export async function waitFor(check: () => boolean | void, { timeout = 10_000, message }: { timeout?: number; message?: () => string } = {}): Promise<void> {
  const started = Date.now();
  let lastError: unknown;
  for (;;) {
    try {
      if (check() !== false) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() - started > timeout) {
      throw new Error(`waitFor timed out${message ? `: ${message()}` : ''}${lastError instanceof Error ? ` (${lastError.message})` : ''}`);
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

/** Waits until the frame contains `text`; the error shows the last frame. */
export async function waitForText(frame: () => string, text: string, timeout?: number): Promise<void> {
  await waitFor(() => frame().includes(text), { timeout, message: () => `"${text}" not in frame:\n${frame()}` });
}
