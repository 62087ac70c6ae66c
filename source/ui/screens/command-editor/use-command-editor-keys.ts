/**
 * The editor screen's keys around its fields (use-editor-input.ts has the fields' own): what cannot act
 * now and why (an item action the focused field has not, no message to show, everything that edits the
 * draft while it is being saved), and ctrl+c, which keeps the whole-text view's text in the draft first
 * and then asks like anywhere in the editor.
 */
import { useApp } from 'ink';
import { useRef } from 'react';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import type { Action } from '../../input/key-bindings.js';
import { useUnsavedQuitGuard } from '../../input/use-unsaved-quit-guard.js';
import { useAppContext } from '../../state/app-context.js';
import { valueFromText } from './editor-fields.js';
import { disabledItemActions } from './item-actions.js';
import type { CommandEditorModel } from './use-command-editor.js';
import { useEditorInput } from './use-editor-input.js';

/** Keys that change the draft: off while it is being saved, since the editor closes with what was sent. */
const EDITS_DRAFT: readonly Action[] = ['save', 'activate', 'wholeText', 'addOption', 'addChoice', 'addLocalization', 'removeItem', 'moveItemUp', 'moveItemDown', 'undo', 'redo'];
const WHILE_SAVING = "the draft is being saved (the line below names it): wait for Discord's answer; esc cancels the save until it is sent.";

export function useCommandEditorKeys(editor: CommandEditorModel, creating: boolean, active: boolean) {
  const { state: app, dispatch: appDispatch } = useAppContext();
  const { exit } = useApp();
  const { state, dispatch, fields, focusIndex, saving, actions } = editor;
  // The editor's own message, else the app's status its footer shows (an interrupted write, a failed load).
  const statusText = state.message?.text ?? app.flash?.text;
  const disabled = {
    ...disabledItemActions(state.draft, fields[focusIndex]?.path ?? ''),
    ...(statusText ? {} : { showMessage: 'there is no message now.' }),
    ...(saving ? Object.fromEntries(EDITS_DRAFT.map((action) => [action, WHILE_SAVING])) : {}),
  };
  useDisabledKeys('editor', disabled, active && state.overlay.kind === 'none');
  useEditorInput(active && state.overlay.kind === 'none', state, dispatch, fields, focusIndex, {
    disabled,
    save: actions.save,
    cancel: actions.cancel,
    creating,
    nextProblem: actions.nextProblem,
    help: () => appDispatch({ type: 'overlay', overlay: { kind: 'help', scope: 'editor', disabled } }),
    showMessage: () => {
      if (statusText) appDispatch({ type: 'overlay', overlay: { kind: 'message', text: statusText } });
    },
  });
  // The whole-text view's text as it stands (its edits reach the draft when it closes).
  const viewText = useRef<string | undefined>(undefined);
  /** The view's text into the draft, as closing the view does; true when that changed the field. */
  const keepViewText = (): boolean => {
    const path = state.overlay.kind === 'whole-text' ? state.overlay.path : undefined;
    const field = fields.find((f) => f.path === path);
    const text = viewText.current;
    if (!field || text === undefined || text === editor.textOf(field)) return false;
    dispatch({ type: 'set', path: field.path, value: valueFromText(field, text), text });
    return true;
  };
  const askingToQuit = state.overlay.kind === 'discard' && state.overlay.then === 'quit';
  useUnsavedQuitGuard(
    state.dirty || state.overlay.kind === 'whole-text',
    () => {
      const kept = keepViewText();
      if (state.dirty || kept) dispatch({ type: 'overlay', overlay: { kind: 'discard', then: 'quit' } });
      else exit();
    },
    !askingToQuit,
  );
  return {
    disabled,
    /** The whole-text view's text as typed, kept until it closes. */
    viewTextChanged: (text: string) => {
      viewText.current = text;
    },
    /** The whole-text view closes: everything typed in it is one change, so one undo brings the field back as it was. */
    viewClosed: () => {
      keepViewText();
      viewText.current = undefined;
    },
  };
}
