/** Opens the terminal UI. (Replaced by the Ink app in the TUI issue.) */
import type { CliIo } from '../commands/types.js';

export async function startTui(_argv: string[], io: CliIo): Promise<number> {
  io.stderr.write('cmd-tui: the terminal UI is not part of this build yet. Run `cmd-tui --help` for the commands.\n');
  return 2;
}
