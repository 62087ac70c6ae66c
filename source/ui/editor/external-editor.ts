/**
 * Runs the user's $VISUAL / $EDITOR (config/environment.ts reads which) on a temporary file, the way
 * `kubectl edit` does, and returns the edited text. The caller suspends Ink around it (the editor owns
 * the terminal meanwhile).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTextFileSync } from '../../config/read-text-file.js';

/**
 * The line the shell runs: $EDITOR may carry arguments ("code --wait"), so it goes through the shell,
 * with the path quoted as that shell quotes — cmd.exe on Windows takes no single quotes, and a Windows
 * path holds no double quote.
 */
export function editorShellLine(editor: string, file: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? `${editor} "${file}"` : `${editor} '${file.replace(/'/g, `'\\''`)}'`;
}

/** `editor`: the command line to run, which may carry arguments ("code --wait"). */
export function editInExternalEditor(text: string, editor: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cmd-tui-'));
  const file = join(dir, 'command.jsonc');
  try {
    writeFileSync(file, text, { mode: 0o600 });
    const result = spawnSync(editorShellLine(editor, file), { shell: true, stdio: 'inherit' });
    if (result.error) throw new Error(`Could not start the editor "${editor}": ${result.error.message}. Set $EDITOR.`);
    // The shell answers 127 (not found) or 126 (not executable) for an editor it cannot run.
    if (result.status === 127 || result.status === 126) {
      throw new Error(`The editor "${editor}" could not be run (${result.status === 127 ? 'not found' : 'not executable'}); nothing was changed. Set VISUAL or EDITOR to your editor's command (e.g. EDITOR=nano).`);
    }
    if (result.status !== 0) throw new Error(`The editor "${editor}" exited with code ${result.status}; nothing was changed.`);
    // What the editor left may not be a file any more (a pipe would hang the TUI): read like any input.
    return readTextFileSync(file, 'the edited file');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
