/**
 * Where the editor's item keys act, from the focused field's path: the option a new choice goes
 * into, the translation base, the item ctrl+x removes. The input hook acts on these; a key that cannot
 * act at the focused field is disabled with why (help greys it, the footer leaves it out so it fits 80
 * columns, and pressing it says the reason).
 */
import { COMMAND_TYPE_NAMES, CommandType, localeName, OPTION_TYPE_NAMES, type CommandDraft } from '../../../discord/model.js';
import { sanitizeLine } from '../../../terminal/sanitize.js';
import { bindingOf, keyLabel, type Action, type DisabledKeys } from '../../input/key-bindings.js';
import { addChoice, moveItem } from './draft-edits.js';
import { getAt, itemPathOf } from './draft-paths.js';
import { optionNumber } from './editor-fields.js';

/** The name/description whose translations a focused field belongs to (`options[0].name_localizations.fr` → `options[0].name`). */
export function localizableBase(path: string): string | undefined {
  const localization = /^(.*?)(name|description)_localizations\.[^.]+$/.exec(path);
  if (localization) return `${localization[1]}${localization[2]}`;
  return /(^|\.)(name|description)$/.test(path) ? path : undefined;
}

/** The option a choice would be added to, when the field is in (or on a choice of) such an option. */
export function choiceOptionPath(path: string): string | undefined {
  return itemPathOf(path.replace(/\.choices\[\d+\].*$/, ''), 'options');
}

/** What ctrl+x removes from here: a translation, else the choice, else the option the field belongs to. */
export function removalTarget(path: string): string | undefined {
  return /_localizations\.[^.]+$/.test(path) ? path : (itemPathOf(path, 'choices') ?? itemPathOf(path, 'options'));
}

/** An item as the status names it: `option 2 "file" (ATTACHMENT)`, `choice 1 "Rock" of option 1`, `the fr (French) translation of name`. */
export function describeItem(draft: CommandDraft, itemPath: string): string {
  const localization = /^(.*?)(name|description)_localizations\.([^.]+)$/.exec(itemPath);
  if (localization) {
    const [, owner = '', field = '', locale = ''] = localization;
    return `the ${locale} (${localeName(locale)}) translation of ${owner ? `option ${optionNumber(owner)}'s ` : ''}${field}`;
  }
  const item = getAt(draft, itemPath) as { name?: unknown; type?: number } | undefined;
  const name = typeof item?.name === 'string' && item.name ? ` "${sanitizeLine(item.name)}"` : '';
  const choice = /^(.*)\.choices\[(\d+)\]$/.exec(itemPath);
  if (choice) return `choice ${Number(choice[2]) + 1}${name} of option ${optionNumber(choice[1] ?? '')}`;
  const type = item?.type === undefined ? '' : ` (${OPTION_TYPE_NAMES[item.type] ?? `type ${item.type}`})`;
  return `option ${optionNumber(itemPath)}${name}${type}`;
}

/** The item keys that cannot act at this field, each with why. */
export function disabledItemActions(draft: CommandDraft, path: string): DisabledKeys {
  const optionPath = choiceOptionPath(path);
  const type = draft.type ?? CommandType.ChatInput;
  return {
    // Only slash commands have options (user, message and entry point commands have none).
    ...(type !== CommandType.ChatInput ? { addOption: `only slash (CHAT_INPUT) commands have options; this is a ${COMMAND_TYPE_NAMES[type] ?? `type ${type}`} command.` } : {}),
    ...(optionPath === undefined || addChoice(draft, optionPath) === undefined
      ? { addChoice: 'choices belong to STRING, INTEGER and NUMBER options without autocomplete (25 at most): move to such an option first.' }
      : {}),
    ...(localizableBase(path) === undefined ? { addLocalization: 'move to a name or description to add a translation.' } : {}),
    ...(removalTarget(path) === undefined ? { removeItem: `nothing to remove here: ${keyLabel(bindingOf('removeItem'))} removes the focused option, choice or translation.` } : {}),
    ...movesOff(draft, path),
  };
}

/** The option or choice the move keys move, and why they cannot where there is none or it is at an end. */
function movesOff(draft: CommandDraft, path: string): DisabledKeys {
  const item = itemPathOf(path, 'choices') ?? itemPathOf(path, 'options');
  if (!item) {
    const why = 'move to an option or a choice: those are what move.';
    return { moveItemUp: why, moveItemDown: why };
  }
  return {
    ...(moveItem(draft, item, -1).itemPath === item ? { moveItemUp: 'it is the first already.' } : {}),
    ...(moveItem(draft, item, 1).itemPath === item ? { moveItemDown: 'it is the last already.' } : {}),
  };
}

/**
 * The item keys the footer leaves out at this field: those that cannot act, and the whole-text view
 * unless the focused text is longer than its row (`textCut`) — it works on any text, but is worth the
 * footer's room only there.
 */
export function footerIdleItemKeys(disabled: DisabledKeys, textCut: boolean): Action[] {
  return [...(Object.keys(disabled) as Action[]), ...(textCut ? [] : (['wholeText'] as Action[]))];
}
