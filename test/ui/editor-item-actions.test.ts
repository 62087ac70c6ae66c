import { describe, expect, it } from 'vitest';
import type { CommandDraft } from '../../source/discord/model.js';
import { footerHints } from '../../source/ui/components/footer.js';
import type { Action } from '../../source/ui/input/key-bindings.js';
import { disabledItemActions, footerIdleItemKeys } from '../../source/ui/screens/command-editor/item-actions.js';

const ITEM_KEYS: readonly Action[] = ['addOption', 'addChoice', 'addLocalization', 'removeItem', 'wholeText'];
/** The item keys the footer leaves out at `path` (`textCut`: the focused text is longer than its row). */
const idleItemActions = (of: CommandDraft, path: string, textCut = false) => footerIdleItemKeys(disabledItemActions(of, path), textCut).filter((action) => ITEM_KEYS.includes(action));

const draft = {
  type: 1,
  name: 'music',
  description: 'Play music',
  name_localizations: { fr: 'musique' },
  options: [
    { type: 3, name: 'genre', description: 'Which genre', choices: [{ name: 'Rock', value: 'rock' }] },
    { type: 6, name: 'user', description: 'Who' },
  ],
} as CommandDraft;

describe('item keys where the focus is (the editor footer shows only those)', () => {
  it.each([
    ['type', ['addChoice', 'addLocalization', 'removeItem']],
    ['name', ['addChoice', 'removeItem']],
    ['name_localizations.fr', ['addChoice']],
    ['options[0].name', []],
    ['options[0].choices[0].value', ['addLocalization']],
    ['options[1].required', ['addChoice', 'addLocalization']],
  ] as const)('%s → idle: %j', (path, idle) => {
    // A text that fits its row needs no whole-text view.
    expect(idleItemActions(draft, path)).toEqual([...idle, 'wholeText']);
  });

  it('offers the whole-text view where the focused text is longer than its row, first of the item keys', () => {
    expect(idleItemActions(draft, 'description', true)).not.toContain('wholeText');
    expect(footerHints('editor', 79, idleItemActions(draft, 'description', true))).toContain('ctrl+f whole');
    expect(footerHints('editor', 79, idleItemActions(draft, 'description'))).not.toContain('ctrl+f');
  });

  it('offers no add-option key on a command that cannot have options (an entry point)', () => {
    const entryPoint = { type: 4, name: 'launch', handler: 2 } as CommandDraft;
    expect(idleItemActions(entryPoint, 'name')).toContain('addOption');
    expect(footerHints('editor', 200, idleItemActions(entryPoint, 'name'))).not.toContain('option');
    expect(disabledItemActions(entryPoint, 'name').addOption).toBe('only slash (CHAT_INPUT) commands have options; this is a PRIMARY_ENTRY_POINT command.');
  });

  it('says why the move keys cannot act: no item focused, or at an end', () => {
    expect(disabledItemActions(draft, 'name').moveItemUp).toBe('move to an option or a choice: those are what move.');
    expect(disabledItemActions(draft, 'options[0].name')).toMatchObject({ moveItemUp: 'it is the first already.' });
    expect(disabledItemActions(draft, 'options[0].name').moveItemDown).toBeUndefined();
    expect(disabledItemActions(draft, 'options[1].required')).toMatchObject({ moveItemDown: 'it is the last already.' });
  });

  it('at 80 columns the footer keeps the keys that act at the focus', () => {
    expect(footerHints('editor', 79, idleItemActions(draft, 'name'))).toContain('ctrl+l translate');
    expect(footerHints('editor', 79, idleItemActions(draft, 'options[0].name'))).toContain('ctrl+o choice');
    expect(footerHints('editor', 79, idleItemActions(draft, 'options[1].required'))).toContain('ctrl+x remove');
  });
});
