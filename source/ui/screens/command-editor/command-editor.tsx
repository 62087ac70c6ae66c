/**
 * The editor screen (new and edit): validates the draft on every change, refuses to save while
 * errors remain, warns before sending (rename, upsert, daily creates), and shows the server's field
 * errors at their fields after a failed save.
 */
import { commandSize, largestParts } from '../../../discord/command-size.js';
import { validateCommand } from '../../../discord/validate.js';
import { draftScopeProblems } from '../../../discord/scope-checks.js';
import { diffFields } from '../../../discord/diff.js';
import { toBodyForm } from '../../../discord/normalize.js';
import { FieldChanges } from '../../components/field-changes.js';
import type { Command, CommandDraft, Problem } from '../../../discord/model.js';
import { useApp, useWindowSize } from 'ink';
import { useRef, useState } from 'react';
import { Text } from '../../components/text.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { useUnsavedQuitGuard } from '../../input/use-unsaved-quit-guard.js';
import { useAppContext } from '../../state/app-context.js';
import { scopeLabel } from '../../state/app-state.js';
import { validationContextOf } from '../../state/validation-context.js';
import { useTheme } from '../../theme/theme-context.js';
import { fitCommandToType, newDraft } from './draft-edits.js';
import { disabledItemActions, footerIdleItemKeys } from './item-actions.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import type { Action } from '../../input/key-bindings.js';
import { CommandEditorView, fieldValueWidth } from './command-editor-view.js';
import { textWidth } from '../../../terminal/text-width.js';
import { EditorPicker } from './editor-picker.js';
import { editorFields, fieldText, isTextLike, optionNumber, valueFromText, type EditorField } from './editor-fields.js';
import { placeProblems } from './field-problems.js';
import { applyPick, pickerModel } from './picker-items.js';
import { saveWarnings } from './save-warnings.js';
import { useEditorInput } from './use-editor-input.js';
import { useEditorState } from './use-editor-state.js';
import { textLimit } from './text-limits.js';
import { WholeTextView } from './whole-text-view.js';

export interface CommandEditorProps {
  /** undefined: a new command. */
  original?: Command;
  height: number;
  active: boolean;
}

/** Keys that change the draft: off while it is being saved, since the editor closes with what was sent. */
const EDITS_DRAFT: readonly Action[] = ['save', 'activate', 'wholeText', 'addOption', 'addChoice', 'addLocalization', 'removeItem', 'moveItemUp', 'moveItemDown', 'undo', 'redo'];
const WHILE_SAVING = "the draft is being saved (the line below names it): wait for Discord's answer; esc cancels the save until it is sent.";

/** Trailing commas or spaces typed into a list field are not part of the value sent. */
function cleaned(draft: CommandDraft): CommandDraft {
  return JSON.parse(JSON.stringify(draft, (key, value: unknown) => (key === 'file_types' && Array.isArray(value) ? value.map((v: string) => v.trim()).filter(Boolean) : value))) as CommandDraft;
}

export function CommandEditor({ original, height, active }: CommandEditorProps) {
  const theme = useTheme();
  const { state: app, dispatch: appDispatch, flows } = useAppContext();
  const { exit } = useApp();
  const { columns } = useWindowSize();
  const scope = app.scope.kind;
  const [state, dispatch] = useEditorState(() => (original ? fitCommandToType(original as CommandDraft, scope) : newDraft()));
  const fields = editorFields(state.draft, { scope, creating: !original });
  const found = fields.findIndex((f) => f.path === state.focusPath);
  const focusIndex = found >= 0 ? found : Math.min(state.focusIndex, fields.length - 1);
  const draft = cleaned(state.draft);
  const existing = app.data.status === 'ready' ? app.data.commands : [];
  const context = validationContextOf(app);
  // The scope's rules too (counts, unique names, the day's creates), as save checks them, so nothing is refused only at Discord.
  const problems: Problem[] = [
    ...validateCommand(draft, context),
    ...draftScopeProblems(draft, { existing, ...(original ? { originalId: original.id } : {}), createsUsed: app.createsUsed, context }),
    ...state.serverProblems,
  ];
  const errors = problems.filter((p) => p.severity === 'error');
  const placed = placeProblems(fields, problems);
  const size = commandSize(draft);
  const textOf = (field: EditorField) => state.typed[field.path] ?? fieldText(state.draft, field);

  // While a save is in flight, esc cancels it (truthfully: only until it leaves) instead of offering to discard.
  const [saving, setSaving] = useState(false);
  /** The last save's answer was lost and could not be read back: discarding must not claim nothing was sent. */
  const [outcomeUnknown, setOutcomeUnknown] = useState(false);
  const send = async () => {
    dispatch({ type: 'overlay', overlay: { kind: 'none' } });
    // The last save's words ("nothing was sent") are not true of this one, which is on its way.
    dispatch({ type: 'clear-message' });
    setSaving(true);
    const outcome = await flows.saveCommand(draft, original);
    setSaving(false);
    setOutcomeUnknown(!outcome.ok && outcome.unknown === true);
    // The status says what the save did, on the screen the editor returns to.
    if (outcome.ok) appDispatch({ type: 'pop', keepStatus: true });
    else {
      const serverProblems = outcome.fieldErrors.map((f) => ({ path: f.path, rule: f.code, message: `Discord: ${f.message}`, severity: 'error' as const }));
      dispatch({ type: 'server-problems', problems: serverProblems, message: outcome.message });
    }
  };
  const save = () => {
    if (errors.length > 0) {
      dispatch({ type: 'message', text: `Not saved: ${errors.length} problem${errors.length === 1 ? '' : 's'} to fix first (shown under their fields).`, tone: 'error' });
      return;
    }
    const changes = original ? diffFields(toBodyForm(original), toBodyForm(draft)) : [];
    if (original && changes.length === 0) {
      dispatch({ type: 'message', text: 'Nothing changed.', tone: 'info' });
      return;
    }
    const warnings = saveWarnings(draft, { original, existing, scopeLabel: scopeLabel(app), createsUsed: app.createsUsed });
    // Every write is reviewed first: an edit shows what changes, field by field; a create, what it spends.
    dispatch({ type: 'overlay', overlay: { kind: 'confirm-save', warnings, changes } });
  };
  const cancel = () => {
    if (saving) flows.runner.cancel();
    else if (state.dirty) dispatch({ type: 'overlay', overlay: { kind: 'discard', then: 'back' } });
    else appDispatch({ type: 'pop' });
  };
  const nextProblem = () => {
    // The first field after the focused one (wrapping around) with a problem under it.
    const next = fields.map((_, i) => (focusIndex + 1 + i) % fields.length).find((i) => placed.byField.has(fields[i]?.path ?? ''));
    const field = next === undefined ? undefined : fields[next];
    if (field && next !== undefined) dispatch({ type: 'focus', path: field.path, index: next });
    else dispatch({ type: 'message', text: placed.general.length > 0 ? 'The problems left are about the whole command (shown at the top).' : 'No problems under any field.', tone: 'info' });
  };
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
    save,
    cancel,
    creating: !original,
    nextProblem,
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
    if (!field || text === undefined || text === textOf(field)) return false;
    dispatch({ type: 'set', path: field.path, value: valueFromText(field, text), text });
    return true;
  };
  const askingToQuit = state.overlay.kind === 'discard' && state.overlay.then === 'quit';
  // ctrl+c in the whole-text view keeps its text in the draft first, then asks like anywhere in the editor.
  useUnsavedQuitGuard(
    state.dirty || state.overlay.kind === 'whole-text',
    () => {
      const kept = keepViewText();
      if (state.dirty || kept) dispatch({ type: 'overlay', overlay: { kind: 'discard', then: 'quit' } });
      else exit();
    },
    !askingToQuit,
  );

  const closeOverlay = () => dispatch({ type: 'overlay', overlay: { kind: 'none' } });
  const focused = fields[focusIndex];
  // The footer offers the whole-text view where the focused text is longer than its row shows (the cursor takes a cell).
  const focusedTextCut = focused !== undefined && isTextLike(focused) && textWidth(textOf(focused)) + 1 > fieldValueWidth(focused, columns - 1);
  const overlay = state.overlay;
  if (overlay.kind === 'picker') {
    return (
      <EditorPicker
        model={pickerModel(overlay.picker, state.draft, overlay.path)}
        height={height}
        onClose={closeOverlay}
        onPick={(value) => {
          const result = applyPick(overlay.picker, state.draft, overlay.path, value, scope);
          if (result.draft !== state.draft) dispatch({ type: 'replace', draft: result.draft, focusPath: result.focusPath });
          if (result.close) closeOverlay();
        }}
      />
    );
  }
  if (overlay.kind === 'whole-text') {
    const field = fields.find((f) => f.path === overlay.path);
    if (field) {
      const before = textOf(field);
      const owner = optionNumber(field.path);
      return (
        <WholeTextView
          label={owner && !field.label.startsWith('option') ? `option ${owner} ${field.label}` : field.label}
          text={before}
          limit={textLimit(field, context.choiceStringMaxLength)}
          height={height}
          active={active}
          onText={(text) => (viewText.current = text)}
          onDone={() => {
            // Everything typed in the view is one change, so one undo brings the field back as it was.
            keepViewText();
            viewText.current = undefined;
            closeOverlay();
          }}
        />
      );
    }
  }
  if (overlay.kind === 'confirm-save') {
    return (
      <ConfirmDialog title={original ? `Save ${draft.name}?` : `Create ${draft.name} in ${scopeLabel(app)}?`} confirmLabel={original ? 'Save' : 'Create'} danger onConfirm={() => void send()} onCancel={closeOverlay}>
        <FieldChanges changes={overlay.changes} />
        {overlay.warnings.map((warning) => (
          <Text key={warning} color={theme.status.warning}>
            ! {warning}
          </Text>
        ))}
      </ConfirmDialog>
    );
  }
  if (overlay.kind === 'discard') {
    return (
      <ConfirmDialog
        key={overlay.then}
        title={overlay.then === 'quit' ? 'Discard unsaved changes and quit?' : 'Discard your unsaved changes?'}
        confirmLabel={overlay.then === 'quit' ? 'Discard and quit' : 'Discard'}
        onConfirm={overlay.then === 'quit' ? exit : () => appDispatch({ type: 'pop' })}
        onCancel={closeOverlay}
      >
        <Text>
          {outcomeUnknown ? 'Whether your last save reached Discord is unknown (see the message); discarding drops only your edits here.' : 'Discord has none of these changes.'}
          {overlay.then === 'quit' ? ' ctrl+c again quits.' : ''}
        </Text>
      </ConfirmDialog>
    );
  }
  return (
    <CommandEditorView
      title={original ? `Edit ${original.name} in ${scopeLabel(app)}` : `New command in ${scopeLabel(app)}`}
      dirty={state.dirty}
      fields={fields}
      focusIndex={focusIndex}
      texts={new Map(fields.filter(isTextLike).map((f) => [f.path, textOf(f)]))}
      onText={(field, text, typing) => dispatch({ type: 'set', path: field.path, value: valueFromText(field, text), text, typing, at: Date.now() })}
      problems={placed}
      errorCount={errors.length}
      warningCount={problems.length - errors.length}
      size={{ total: size.total, biggest: largestParts(size) }}
      message={state.message}
      height={height}
      idleKeys={footerIdleItemKeys(disabled, focusedTextCut)}
      locked={saving}
    />
  );
}
