/**
 * How the external editor is started on each platform: notepad by default on Windows, vi elsewhere,
 * and the file's path quoted as that platform's shell quotes (cmd.exe takes no single quotes).
 */
import { describe, expect, it } from 'vitest';
import { editorCommand, editorShellLine } from '../../../source/ui/editor/external-editor.js';

describe('the external editor', () => {
  it('defaults per platform, $VISUAL then $EDITOR first', () => {
    expect(editorCommand({}, 'win32')).toBe('notepad');
    expect(editorCommand({}, 'linux')).toBe('vi');
    expect(editorCommand({}, 'darwin')).toBe('vi');
    expect(editorCommand({ EDITOR: 'nano', VISUAL: 'code --wait' }, 'linux')).toBe('code --wait');
    expect(editorCommand({ EDITOR: '', VISUAL: '' }, 'win32')).toBe('notepad');
  });

  it('quotes the path for the shell that runs it', () => {
    expect(editorShellLine('code --wait', "/tmp/it's/command.jsonc", 'linux')).toBe("code --wait '/tmp/it'\\''s/command.jsonc'");
    expect(editorShellLine('notepad', 'C:\\Users\\Ada Lovelace\\AppData\\Local\\Temp\\cmd-tui-x\\command.jsonc', 'win32')).toBe('notepad "C:\\Users\\Ada Lovelace\\AppData\\Local\\Temp\\cmd-tui-x\\command.jsonc"');
  });
});
