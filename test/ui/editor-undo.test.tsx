/**
 * Undo and redo in the editor (issue 29): ctrl+x removes an option at once and says how to bring it
 * back; ctrl+z brings it back and the draft is the one opened again (save finds nothing changed);
 * typing into one field is one step; ctrl+y redoes.
 */
import { describe, expect, it } from 'vitest';
import { editorReducer, initialEditorState } from '../../source/ui/screens/command-editor/use-editor-state.js';
import { TYPING_BURST_MS } from '../../source/ui/components/text-history.js';
import type { CommandDraft } from '../../source/discord/model.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { renderApp } from './helpers/app.js';
import { waitFor } from './helpers/wait-for.js';

const withOptions: CommandDraft = {
  name: 'upload',
  description: 'Upload a file',
  type: 1,
  options: [
    { type: 3, name: 'title', description: 'The title' },
    { type: 11, name: 'file', description: 'The file' },
  ],
};

describe('the history', () => {
  it('makes typing into one field one step, and each structural change one', () => {
    let state = initialEditorState(withOptions);
    state = editorReducer(state, { type: 'set', path: 'description', value: 'Upload a file!', text: 'Upload a file!', typing: true });
    state = editorReducer(state, { type: 'set', path: 'description', value: 'Upload a file!!', text: 'Upload a file!!', typing: true });
    state = editorReducer(state, { type: 'replace', draft: { ...state.draft, options: [] } });
    expect(state.undo).toHaveLength(2);
    state = editorReducer(state, { type: 'undo' });
    expect(state.draft.options).toHaveLength(2);
    state = editorReducer(state, { type: 'undo' });
    expect(state.draft).toEqual(withOptions);
    expect(state.dirty).toBe(false);
    state = editorReducer(state, { type: 'redo' });
    expect(state.draft.description).toBe('Upload a file!!');
    expect(state.dirty).toBe(true);
    // A new change drops what could be redone.
    state = editorReducer(state, { type: 'set', path: 'name', value: 'up', text: 'up' });
    expect(state.redo).toEqual([]);
  });

  it('makes two bursts of typing in one field two steps: a pause ends the first', () => {
    let state = initialEditorState(withOptions);
    state = editorReducer(state, { type: 'set', path: 'name', value: 'uploadA', text: 'uploadA', typing: true, at: 1000 });
    state = editorReducer(state, { type: 'set', path: 'name', value: 'uploadAB', text: 'uploadAB', typing: true, at: 1000 + TYPING_BURST_MS });
    state = editorReducer(state, { type: 'set', path: 'name', value: 'uploadABC', text: 'uploadABC', typing: true, at: 1000 + 3 * TYPING_BURST_MS });
    state = editorReducer(state, { type: 'undo' });
    expect(state.draft.name).toBe('uploadAB');
    state = editorReducer(state, { type: 'undo' });
    expect(state.draft.name).toBe('upload');
  });

  it('starts a new step when focus moves between two edits of the same field', () => {
    let state = initialEditorState(withOptions);
    state = editorReducer(state, { type: 'set', path: 'name', value: 'upload1', text: 'upload1', typing: true });
    state = editorReducer(state, { type: 'focus', path: 'description', index: 2 });
    state = editorReducer(state, { type: 'focus', path: 'name', index: 1 });
    state = editorReducer(state, { type: 'set', path: 'name', value: 'upload12', text: 'upload12', typing: true });
    expect(editorReducer(state, { type: 'undo' }).draft.name).toBe('upload1');
  });
});

/** The app's editor open on /upload. */
async function editUpload() {
  const app = await renderApp(new FakeApi([makeCommand(withOptions)]), { columns: 100, rows: 40 });
  await app.waitForText('upload');
  await app.pressAndWait('edit', 'Edit upload');
  return app;
}

/** Focus on option 2's type, then ctrl+x. */
async function removeOption2(app: Awaited<ReturnType<typeof editUpload>>) {
  while (!/▸ option 2 type: ATTACHMENT/.test(app.frame())) await app.press('nextField');
  await app.press('removeItem');
}

describe('in the app', () => {
  it('ctrl+x removes option 2 and says how to bring it back; ctrl+z brings it back as it was', async () => {
    const app = await editUpload();
    await removeOption2(app);
    await waitFor(() => app.frame().includes('Removed option 2 "file" (ATTACHMENT) — ctrl+z brings it back.'), { message: app.frame });
    expect(app.frame()).not.toContain('option 2 type');
    await app.press('undo');
    await waitFor(() => app.frame().includes('option 2 type: ATTACHMENT'), { message: app.frame });
    expect(app.frame()).not.toContain('(unsaved)');
    await app.pressAndWait('save', 'Nothing changed.');
    await app.press('redo');
    await waitFor(() => !app.frame().includes('option 2 type'), { message: app.frame });
    expect(app.frame()).toContain('(unsaved)');
  });

  it('undoes typing in a text field back to what it was', async () => {
    const app = await editUpload();
    await app.type('-new');
    await app.waitForText('name: upload-new');
    // ctrl+w deletes back to whitespace, as in a shell: here the whole name, and the hint shows.
    await app.chord('ctrl+w');
    await waitFor(() => /▸ name: +lowercase/m.test(app.frame()), { message: app.frame });
    await app.pressAndWait('undo', 'name: upload-new');
    await app.press('undo');
    await waitFor(() => /▸ name: upload\s*$/m.test(app.frame()), { message: app.frame });
  });
});

describe('the review of a removal', () => {
  it('names the option removed instead of showing its JSON', async () => {
    const app = await editUpload();
    await removeOption2(app);
    await app.waitForText('Removed option 2');
    await app.pressAndWait('save', 'options[1]: removed option "file" (ATTACHMENT): The file');
    expect(app.frame()).not.toContain('{"type"');
  });
});
