/**
 * A one-line progress bar on stderr, drawn only when stderr is a terminal (never in pipes,
 * CI logs or `--json` output captured by scripts).
 */
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
    io.stderr.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${count}/${total}`);
  };
  draw();
  return {
    tick() {
      count++;
      draw();
    },
    done() {
      io.stderr.write('\r\u001b[2K');
    },
  };
}
