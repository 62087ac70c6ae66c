/**
 * ctrl+c (SIGINT) during a multi-request write (`apply`, `copy`): the first stops the run between
 * requests — the one in flight is answered, none is sent after it, and the command reports what was
 * done and the backup that undoes it. A second ctrl+c ends the process at once, as it would anyway.
 */
import type { CliIo } from './types.js';

export interface InterruptStop {
  signal: AbortSignal;
  dispose(): void;
}

/** What the first ctrl+c during a write says. */
export const INTERRUPT_NOTICE = 'stopping after the request in flight (a request already sent cannot be recalled); ctrl+c again quits at once.';

export function stopOnInterrupt(io: CliIo): InterruptStop {
  const controller = new AbortController();
  const onInterrupt = () => {
    io.stderr.write(`cmd-tui: ${INTERRUPT_NOTICE}\n`);
    controller.abort();
  };
  process.once('SIGINT', onInterrupt);
  return { signal: controller.signal, dispose: () => process.removeListener('SIGINT', onInterrupt) };
}
