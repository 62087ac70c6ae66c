import { describe, expect, it } from 'vitest';
import { splitKeys, toChord } from '../../source/ui/input/chord.js';
import { KEY_BINDINGS, actionFor, bindingsFor, type KeyScope } from '../../source/ui/input/key-bindings.js';
import { footerHints } from '../../source/ui/components/footer.js';
import { editText } from '../../source/ui/components/text-editing.js';

const SCOPES: KeyScope[] = ['list', 'filter', 'detail', 'json', 'permissions', 'editor', 'picker', 'confirm', 'type-to-confirm', 'help', 'onboarding', 'text'];

describe('key table', () => {
  it('binds each chord to at most one action per screen', () => {
    for (const scope of SCOPES) {
      const chords = bindingsFor(scope).flatMap((b) => b.keys);
      expect(new Set(chords).size, `duplicate chord in ${scope}`).toBe(chords.length);
    }
  });

  it('has the keys the issue fixes', () => {
    const expected: [string, KeyScope, string][] = [
      ['?', 'list', 'help'], ['q', 'list', 'quit'], ['esc', 'detail', 'back'], ['/', 'list', 'filter'], ['j', 'list', 'down'], ['k', 'list', 'up'],
      ['enter', 'list', 'open'], ['s', 'list', 'scope'], ['ctrl+r', 'list', 'refresh'], ['n', 'list', 'new'], ['e', 'list', 'edit'], ['E', 'list', 'editJson'],
      ['d', 'list', 'delete'], ['ctrl+d', 'list', 'delete'], ['p', 'list', 'permissions'], ['y', 'list', 'rawJson'], ['x', 'list', 'export'],
      ['tab', 'editor', 'nextField'], ['shift+tab', 'editor', 'prevField'], ['ctrl+s', 'editor', 'save'], ['esc', 'editor', 'cancel'],
    ];
    for (const [chord, scope, action] of expected) expect(actionFor(chord, scope), `${chord} in ${scope}`).toBe(action);
  });

  it('binds no letter in text scopes, where letters are text', () => {
    for (const scope of ['editor', 'filter', 'type-to-confirm'] as KeyScope[]) {
      const letters = bindingsFor(scope).flatMap((b) => b.keys).filter((k) => /^[a-zA-Z?/]$/.test(k));
      expect(letters, scope).toEqual([]);
    }
  });

  it('marks every mutating action as dangerous and generates the footer from the table', () => {
    for (const action of ['delete', 'edit', 'editJson', 'new', 'save'] as const) expect(KEY_BINDINGS.find((b) => b.action === action)?.danger).toBe(true);
    expect(footerHints('list')).toBe('enter open · / filter · s scope · n new · e edit · d/ctrl+d delete · p permissions · ? help · q quit');
  });
});

describe('keys that arrive together', () => {
  const plain = { upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false };

  it('splits a run of bytes back into single keypresses', () => {
    expect(splitKeys('/b\r\u0013E', plain).map((k) => toChord(k.input, k.key))).toEqual(['/', 'b', 'enter', 'ctrl+s', 'E']);
  });

  it('leaves a single key alone', () => {
    expect(splitKeys('q', plain)).toEqual([{ input: 'q', key: plain }]);
  });
});

describe('text editing', () => {
  it('inserts at the cursor, deletes and moves', () => {
    let state = { value: 'pg', cursor: 1 };
    state = editText(state, { kind: 'insert', text: 'in' });
    expect(state).toEqual({ value: 'ping', cursor: 3 });
    state = editText(state, { kind: 'backspace' });
    expect(state).toEqual({ value: 'pig', cursor: 2 });
    state = editText(editText(state, { kind: 'home' }), { kind: 'delete' });
    expect(state).toEqual({ value: 'ig', cursor: 0 });
  });
});
