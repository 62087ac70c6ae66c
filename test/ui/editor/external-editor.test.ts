/** $EDITOR as `kubectl edit` runs it: the edited text comes back; an editor that cannot be run names the variables to set. */
import { describe, expect, it } from 'vitest';
import { editInExternalEditor } from '../../../source/ui/editor/external-editor.js';

describe('the external editor', () => {
  it('returns what the editor saved', () => {
    // `sed -i` stands in for a person editing the file.
    expect(editInExternalEditor('{"name":"ping"}\n', 'sed -i s/ping/pong/')).toBe('{"name":"pong"}\n');
  });

  it('an editor that is not installed says which variable to set, not "exited with code 127"', () => {
    expect(() => editInExternalEditor('{}', 'no-such-editor-cmd-tui')).toThrow(
      /The editor "no-such-editor-cmd-tui" could not be run \(not found\); nothing was changed\. Set VISUAL or EDITOR/,
    );
  });

  it('an editor that leaves a pipe in place of the file is refused, not waited on', () => {
    expect(() => editInExternalEditor('{}', 'sh -c \'rm "$0" && mkfifo "$0"\'')).toThrow(/the edited file is not a regular file/);
  });

  it('an editor that fails says its exit code', () => {
    expect(() => editInExternalEditor('{}', 'false')).toThrow(/The editor "false" exited with code 1; nothing was changed\./);
  });
});
