import { describe, expect, it } from 'vitest';
import { editorFields } from '../../source/ui/screens/command-editor/editor-fields.js';
import { addOption, moveItem, optionArrayFor, removeAt } from '../../source/ui/screens/command-editor/draft-edits.js';
import { applyPick } from '../../source/ui/screens/command-editor/picker-items.js';
import { placeProblems } from '../../source/ui/screens/command-editor/field-problems.js';
import { saveWarnings } from '../../source/ui/screens/command-editor/save-warnings.js';
import { themeFor } from '../../source/ui/theme/theme.js';
import { readEnvironment } from '../../source/config/environment.js';

const paths = (draft: Parameters<typeof editorFields>[0], scope: 'global' | 'guild', creating = true) => editorFields(draft, { scope, creating }).map((f) => f.path);

describe('editor fields: what the spec allows for the type and scope, and nothing else', () => {
  it('slash command in global scope', () => {
    expect(paths({ type: 1, name: 'a', description: 'b' }, 'global')).toEqual(['type', 'name', 'description', 'default_member_permissions', 'nsfw', 'contexts', 'integration_types']);
  });
  it('guild scope has no contexts or integration types', () => {
    expect(paths({ type: 1, name: 'a', description: 'b' }, 'guild')).toEqual(['type', 'name', 'description', 'default_member_permissions', 'nsfw']);
  });
  it('user and message commands have no description and no options', () => {
    expect(paths({ type: 2, name: 'Report' }, 'global')).toEqual(['type', 'name', 'default_member_permissions', 'nsfw', 'contexts', 'integration_types']);
  });
  it('only the entry point has a handler', () => {
    expect(paths({ type: 4, name: 'launch', description: 'x' }, 'global')).toContain('handler');
    expect(paths({ type: 1, name: 'a', description: 'b' }, 'global')).not.toContain('handler');
  });
  it('option fields depend on the option type; choices and localizations get their own fields', () => {
    const draft = {
      type: 1,
      name: 'a',
      description: 'b',
      name_localizations: { fr: 'a' },
      options: [
        { type: 4, name: 'n', description: 'd', choices: [{ name: 'one', value: 1, name_localizations: { de: 'eins' } }] },
        { type: 7, name: 'c', description: 'd' },
        { type: 11, name: 'f', description: 'd' },
      ],
    };
    const all = paths(draft, 'guild');
    expect(all).toContain('name_localizations.fr');
    expect(all).toEqual(expect.arrayContaining(['options[0].min_value', 'options[0].max_value', 'options[0].autocomplete', 'options[0].choices[0].name', 'options[0].choices[0].name_localizations.de', 'options[0].choices[0].value']));
    expect(all).not.toContain('options[0].min_length');
    expect(all).toContain('options[1].channel_types');
    expect(all).toContain('options[2].file_types');
    expect(all).not.toContain('options[2].choices');
  });
});

describe('draft edits', () => {
  it('adds options inside a subcommand, moves and removes them', () => {
    let draft = { type: 1, name: 'a', description: 'b', options: [{ type: 1, name: 'sub', description: 'd', options: [] }] };
    const array = optionArrayFor(draft, 'options[0].name');
    expect(array).toBe('options[0].options');
    draft = addOption(draft, array).draft as typeof draft;
    draft = addOption(draft, array).draft as typeof draft;
    expect(draft.options[0]?.options).toHaveLength(2);
    const moved = moveItem(draft, 'options[0].options[1]', -1);
    expect(moved.itemPath).toBe('options[0].options[0]');
    const removed = removeAt(moved.draft, 'options[0].options[0]');
    expect((removed.options?.[0] as { options: unknown[] }).options).toHaveLength(1);
  });

  it('changing the command type drops the fields the new type may not have', () => {
    const { draft } = applyPick('command-type', { type: 1, name: 'a', description: 'b', options: [{ type: 3, name: 'x', description: 'y' }] }, 'type', '3', 'global');
    expect(draft).toEqual({ type: 3, name: 'a' });
  });

  it('permission names toggle bits; the bitfield is kept as a decimal string', () => {
    let { draft } = applyPick('permissions', { name: 'a' }, 'default_member_permissions', 'BAN_MEMBERS', 'global');
    ({ draft } = applyPick('permissions', draft, 'default_member_permissions', 'KICK_MEMBERS', 'global'));
    expect(draft.default_member_permissions).toBe('6');
  });

  it('a locale pick adds an empty translation and focuses it', () => {
    const result = applyPick('locale', { name: 'a' }, 'name', 'fr', 'global');
    expect(result.draft.name_localizations).toEqual({ fr: '' });
    expect(result.focusPath).toBe('name_localizations.fr');
  });
});

describe('problem placement', () => {
  it('puts a problem under its field, else under the nearest field inside its path, else on top', () => {
    const fields = editorFields({ type: 1, name: 'a', description: 'b', options: [{ type: 3, name: 'x', description: 'y' }] }, { scope: 'guild', creating: true });
    const problem = (path: string) => ({ path, rule: 'r', message: path, severity: 'error' as const });
    const placed = placeProblems(fields, [problem('name'), problem('options[0].choices'), problem('')]);
    expect(placed.byField.get('name')?.[0]?.path).toBe('name');
    expect(placed.byField.get('options[0].type')?.[0]?.path).toBe('options[0].choices');
    expect(placed.general.map((p) => p.path)).toEqual(['']);
  });
});

describe('theme', () => {
  it('has no colours at all under NO_COLOR', () => {
    const theme = themeFor(readEnvironment({ NO_COLOR: '1' }, 'linux').terminal);
    expect(JSON.stringify(theme)).not.toMatch(/red|green|yellow|cyan|gray/);
    expect(themeFor(readEnvironment({}, 'linux').terminal).status.error).toBe('red');
  });
});

describe('save warnings', () => {
  const existing = [{ id: '1', application_id: '2', version: '3', type: 1, name: 'ping', description: 'x', default_member_permissions: null }];
  it('create: upsert over an existing name, and the daily creates', () => {
    expect(saveWarnings({ type: 1, name: 'ping' }, { existing, scopeLabel: 'Global', createsUsed: 3 })).toEqual([
      'ping already exists in Global: creating it again overwrites that command (id 1).',
      "This create uses one of the day's 200 creates in Global (3 used so far, 197 left).",
    ]);
  });
  it('create: says when the day looks used up', () => {
    expect(saveWarnings({ type: 1, name: 'new' }, { existing, scopeLabel: 'Global', createsUsed: 200 })[0]).toMatch(/look used up/);
  });
  it('edit: only a rename warns', () => {
    expect(saveWarnings({ type: 1, name: 'ping', description: 'y' }, { original: existing[0], existing, scopeLabel: 'Global' })).toEqual([]);
    expect(saveWarnings({ type: 1, name: 'pong' }, { original: existing[0], existing, scopeLabel: 'Global' })[0]).toMatch(/permanently deletes its permission overwrites/);
  });
});
