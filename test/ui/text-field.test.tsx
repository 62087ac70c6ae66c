/**
 * A text field as a shell's line editor: a long value scrolls around the cursor with a marker where
 * text is hidden, a paste (bracketed, or a burst of typed bytes) is one edit reported once, and
 * readline's keys edit.
 */
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextField } from '../../source/ui/components/text-field.js';
import { editText, type TextState } from '../../source/ui/components/text-editing.js';
import { HIDDEN_AFTER, HIDDEN_BEFORE, textWindow } from '../../source/ui/components/text-window.js';
import { KeyDispatcher } from '../../source/ui/input/dispatcher.js';
import { SelectList } from '../../source/ui/components/select-list.js';
import { chordBytes } from './helpers/keys.js';
import { renderTui } from './helpers/render.js';
import { waitFor } from './helpers/wait-for.js';

describe('the window a field shows', () => {
  it('shows a value that fits whole, with a cell for the cursor at its end', () => {
    expect(textWindow('abc', 3, 4)).toEqual({ start: 0, end: 3, hiddenBefore: false, hiddenAfter: false });
  });

  it('keeps the cursor at the end of a long value in view, marking the hidden start', () => {
    const value = `${'d'.repeat(120)}ENDMARK`;
    const view = textWindow(value, value.length, 40);
    expect(view.hiddenBefore).toBe(true);
    expect(view.hiddenAfter).toBe(false);
    expect(view.end).toBe(value.length);
    expect(value.slice(view.start, view.end)).toMatch(/ENDMARK$/);
    // marker + text + the cursor's cell
    expect(1 + view.end - view.start + 1).toBe(40);
  });

  it('scrolls only when the cursor leaves the window, and shows what is hidden on each side', () => {
    const value = 'x'.repeat(100);
    const atEnd = textWindow(value, 100, 20);
    // Moving left inside the window keeps it where it was.
    expect(textWindow(value, 95, 20, atEnd.start).start).toBe(atEnd.start);
    // Home: the window goes back to the start, with the rest marked as hidden after it.
    const home = textWindow(value, 0, 20, atEnd.start);
    expect(home).toMatchObject({ start: 0, hiddenBefore: false, hiddenAfter: true });
    const middle = textWindow(value, 50, 20, 0);
    expect(middle.hiddenBefore && middle.hiddenAfter).toBe(true);
    expect(50).toBeGreaterThanOrEqual(middle.start);
    expect(50).toBeLessThan(middle.end);
  });

  it('counts wide characters by their cells', () => {
    const value = '天'.repeat(30);
    const view = textWindow(value, value.length, 21);
    // marker (1) + nine 2-cell characters (18) + cursor (1) = 20 ≤ 21
    expect(view.end - view.start).toBe(9);
  });
});

describe("readline's keys", () => {
  const at = (value: string, cursor: number): TextState => ({ value, cursor });
  it('moves by words and deletes to either end and the word before the cursor', () => {
    expect(editText(at('play a song', 11), { kind: 'wordLeft' }).cursor).toBe(7);
    expect(editText(at('play a song', 0), { kind: 'wordRight' }).cursor).toBe(4);
    expect(editText(at('play a song', 6), { kind: 'deleteToStart' })).toEqual(at(' song', 0));
    expect(editText(at('play a song', 6), { kind: 'deleteToEnd' })).toEqual(at('play a', 6));
    expect(editText(at('play a-song', 11), { kind: 'deleteWordBefore' })).toEqual(at('play ', 5));
  });
});

function Field({ width, onChange }: { width?: number; onChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <KeyDispatcher>
      <TextField
        value={value}
        focused
        width={width}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
      />
    </KeyDispatcher>
  );
}

async function send(stdin: { write(data: string): void }, bytes: string) {
  await act(async () => {
    stdin.write(bytes);
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

describe('a field on screen', () => {
  it('shows the end of a long value and the cursor after typing past its width', async () => {
    const app = renderTui(<Field width={30} />, { columns: 40, rows: 5 });
    for (const char of `${'d'.repeat(60)}ENDMARK`) await send(app.stdin, char);
    await waitFor(() => app.frame().includes('ENDMARK'), { message: app.frame });
    expect(app.frame()).toContain(HIDDEN_BEFORE);
    await send(app.stdin, chordBytes('ctrl+a'));
    await waitFor(() => !app.frame().includes('ENDMARK') && app.frame().includes(HIDDEN_AFTER), { message: app.frame });
  });

  it('takes a bracketed paste whole, as one change, with line breaks as spaces', async () => {
    const changes: string[] = [];
    const app = renderTui(<Field onChange={(value) => changes.push(value)} />, { columns: 200, rows: 5 });
    await send(app.stdin, 'a');
    await send(app.stdin, '\u001b[200~one\ntwo q\u001b[201~');
    await waitFor(() => app.frame().includes('aone two q'), { message: app.frame });
    expect(changes).toEqual(['a', 'aone two q']);
  });

  it('leaves a burst of letters to a pick list as single keys (j j moves twice)', async () => {
    const picked: string[] = [];
    const items = ['one', 'two', 'three'].map((label) => ({ label, value: label }));
    const app = renderTui(
      <KeyDispatcher>
        <SelectList items={items} onSelect={(item) => picked.push(item.value)} />
      </KeyDispatcher>,
      { columns: 40, rows: 6 },
    );
    await send(app.stdin, 'jj\r');
    await waitFor(() => picked.length === 1, { message: app.frame });
    expect(picked).toEqual(['three']);
    // Nor does a paste reach it.
    await send(app.stdin, '\u001b[200~kk\u001b[201~');
    await send(app.stdin, '\r');
    await waitFor(() => picked.length === 2, { message: app.frame });
    expect(picked[1]).toBe('three');
  });

  it('takes a burst of typed bytes as one edit, and still acts on the keys after it', async () => {
    const changes: string[] = [];
    const app = renderTui(<Field onChange={(value) => changes.push(value)} />, { columns: 200, rows: 5 });
    await send(app.stdin, `${'x'.repeat(500)}\u0017y`);
    await waitFor(() => app.frame().includes('y') && !app.frame().includes('x'), { message: app.frame });
    // The first character finds the field that takes typing; the other 499 go to it as one edit; then ctrl+w, then "y".
    expect(changes.map((value) => value.length)).toEqual([1, 500, 0, 1]);
  });
});
