/**
 * How the external editor is started on each platform: the file's path quoted as that platform's shell
 * quotes (cmd.exe takes no single quotes). Which editor: test/config/environment.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { editorShellLine } from '../../../source/ui/editor/external-editor.js';

describe('the external editor', () => {
  it('quotes the path for the shell that runs it', () => {
    expect(editorShellLine('code --wait', "/tmp/it's/command.jsonc", 'linux')).toBe("code --wait '/tmp/it'\\''s/command.jsonc'");
    expect(editorShellLine('notepad', 'C:\\Users\\Ada Lovelace\\AppData\\Local\\Temp\\cmd-tui-x\\command.jsonc', 'win32')).toBe('notepad "C:\\Users\\Ada Lovelace\\AppData\\Local\\Temp\\cmd-tui-x\\command.jsonc"');
  });
});
