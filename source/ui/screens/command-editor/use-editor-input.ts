/**
 * Keys in the editor. The focused text field takes printable text first; here the editor's bindings
 * act (next/previous field, pick/toggle, save, add/remove/move items); every other key is swallowed so
 * letters never trigger global commands while editing.
 */
import type { Dispatch } from 'react';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, bindingOf, keyLabel, type DisabledKeys } from '../../input/key-bindings.js';
import { disabledNotice } from '../../input/disabled-keys.js';
import { addChoice, addOption, moveItem, optionArrayFor, removeAt } from './draft-edits.js';
import { getAt, itemPathOf } from './draft-paths.js';
import { choiceOptionPath, describeItem, localizableBase, removalTarget } from './item-actions.js';
import { isTextLike, type EditorField } from './editor-fields.js';
import type { EditorAction, EditorState } from './use-editor-state.js';

export interface EditorCommands {
  save(): void;
  cancel(): void;
  creating: boolean;
  /** Focus the next field with a problem under it. */
  nextProblem(): void;
  help(): void;
  /** The editor's message whole, when the status line cuts it. */
  showMessage(): void;
  /** The item keys that cannot act at the focused field: pressed, they say why. */
  disabled: DisabledKeys;
}

export function useEditorInput(active: boolean, state: EditorState, dispatch: Dispatch<EditorAction>, fields: readonly EditorField[], focusIndex: number, commands: EditorCommands): void {
  const focused = fields[focusIndex];
  const focusAt = (index: number) => {
    const wrapped = (index + fields.length) % fields.length;
    const field = fields[wrapped];
    if (field) dispatch({ type: 'focus', path: field.path, index: wrapped });
  };
  const say = (text: string) => dispatch({ type: 'message', text, tone: 'warning' });

  useKeyHandler(
    Priority.screen,
    (chord) => {
      const action = actionFor(chord, 'editor');
      const path = focused?.path ?? '';
      const notice = action ? disabledNotice(action, 'editor', commands.disabled) : undefined;
      if (notice) {
        say(notice);
        return true;
      }
      switch (action) {
        case 'nextField':
          focusAt(focusIndex + 1);
          break;
        case 'prevField':
          focusAt(focusIndex - 1);
          break;
        case 'activate':
          if (!focused || isTextLike(focused)) focusAt(focusIndex + 1);
          else if (focused.edit.kind === 'toggle') dispatch({ type: 'set', path, value: getAt(state.draft, path) === true ? undefined : true });
          else if (focused.edit.kind === 'picker') {
            if (focused.edit.picker === 'command-type' && !commands.creating) say("A command's type cannot change; create a new command instead.");
            else dispatch({ type: 'overlay', overlay: { kind: 'picker', picker: focused.edit.picker, path } });
          }
          break;
        case 'save':
          commands.save();
          break;
        case 'cancel':
          commands.cancel();
          break;
        case 'help':
          commands.help();
          break;
        case 'showMessage':
          commands.showMessage();
          break;
        case 'nextProblem':
          commands.nextProblem();
          break;
        case 'wholeText':
          if (isTextLike(focused)) dispatch({ type: 'overlay', overlay: { kind: 'whole-text', path } });
          else say(`${keyLabel(bindingOf('wholeText'))} shows a text field whole: move to a name, description, translation or choice first.`);
          break;
        case 'addOption': {
          const added = addOption(state.draft, optionArrayFor(state.draft, path));
          dispatch({ type: 'replace', draft: added.draft, focusPath: `${added.itemPath}.name` });
          break;
        }
        case 'addChoice': {
          const optionPath = choiceOptionPath(path);
          const added = optionPath ? addChoice(state.draft, optionPath) : undefined;
          if (added) dispatch({ type: 'replace', draft: added.draft, focusPath: `${added.itemPath}.name` });
          break;
        }
        case 'addLocalization': {
          const base = localizableBase(path);
          if (base) dispatch({ type: 'overlay', overlay: { kind: 'picker', picker: 'locale', path: base } });
          break;
        }
        case 'removeItem': {
          const target = removalTarget(path);
          if (target) {
            dispatch({ type: 'replace', draft: removeAt(state.draft, target) });
            dispatch({ type: 'message', text: `Removed ${describeItem(state.draft, target)} — ${keyLabel(bindingOf('undo'))} brings it back.`, tone: 'info' });
          }
          break;
        }
        case 'undo':
        case 'redo':
          dispatch({ type: action });
          break;
        case 'moveItemUp':
        case 'moveItemDown': {
          const item = itemPathOf(path, 'choices') ?? itemPathOf(path, 'options');
          if (!item) break; // disabled, said above
          const moved = moveItem(state.draft, item, action === 'moveItemUp' ? -1 : 1);
          dispatch({ type: 'replace', draft: moved.draft, focusPath: moved.itemPath + path.slice(item.length) });
          break;
        }
        default:
          // ctrl+c goes on to the global handler (cancel request / quit); all else stays in the editor.
          return chord !== 'ctrl+c';
      }
      return true;
    },
    active,
  );
}

