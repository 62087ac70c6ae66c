/**
 * A one-line progress bar on stderr, drawn only when stderr is a terminal (never in pipes,
 * CI logs or `--json` output captured by scripts).
 */
import { ownSequence } from '../terminal/sanitize.js';
import type { CliIo } from './types.js';

export interface Progress {
  tick(): void;
  done(): void;
}

export function progressBar(io: CliIo, label: string, total: number): Progress {
  if (!io.stderr.isTTY || total === 0) return { tick() {}, done() {} };
  let count = 0;
  const width = 30;
  const draw = () => {
    const filled = Math.round((count / total) * width);
    io.stderr.write(`${ownSequence('\r')}${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${count}/${total}`);
  };
  draw();
  return {
    tick() {
      count++;
      draw();
    },
    done() {
      io.stderr.write(ownSequence('\r\u001b[2K'));
    },
  };
}
