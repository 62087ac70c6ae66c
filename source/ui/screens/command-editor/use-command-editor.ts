/**
 * The editor screen's state (command-editor.tsx): the draft and its fields (use-editor-state.ts), every
 * problem the save would meet — the command's rules, the scope's (counts, unique names, the day's
 * creates) and the server's field errors after a failed save — and the save itself: refused while errors
 * remain, reviewed first (what changes, what it spends), sent through the app's flows (esc cancels it
 * until it leaves), the editor closing on success.
 */
import { useState } from 'react';
import { commandSize } from '../../../discord/command-size.js';
import { diffFields } from '../../../discord/diff.js';
import type { Command, CommandDraft, Problem } from '../../../discord/model.js';
import { toBodyForm } from '../../../discord/normalize.js';
import { draftScopeProblems } from '../../../discord/scope-checks.js';
import { validateCommand } from '../../../discord/validate.js';
import { useAppContext } from '../../state/app-context.js';
import { scopeLabel } from '../../state/app-state.js';
import { validationContextOf } from '../../state/validation-context.js';
import { fitCommandToType, newDraft } from './draft-edits.js';
import { editorFields, fieldText, type EditorField } from './editor-fields.js';
import { placeProblems } from './field-problems.js';
import { saveWarnings } from './save-warnings.js';
import { useEditorState } from './use-editor-state.js';

/** Trailing commas or spaces typed into a list field are not part of the value sent. */
function cleaned(draft: CommandDraft): CommandDraft {
  return JSON.parse(JSON.stringify(draft, (key, value: unknown) => (key === 'file_types' && Array.isArray(value) ? value.map((v: string) => v.trim()).filter(Boolean) : value))) as CommandDraft;
}

/** The draft as edited, its fields and focus, and every problem a save of it would meet. */
function useCheckedDraft(original: Command | undefined) {
  const { state: app } = useAppContext();
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
    ...draftScopeProblems(draft, { existing, ...(original ? { originalId: original.id } : {}), createsUsed: app.local.createsUsed, context }),
    ...state.serverProblems,
  ];
  return {
    state,
    dispatch,
    scope,
    fields,
    focusIndex,
    draft,
    existing,
    context,
    problems,
    errors: problems.filter((p) => p.severity === 'error'),
    placed: placeProblems(fields, problems),
    size: commandSize(draft),
    textOf: (field: EditorField) => state.typed[field.path] ?? fieldText(state.draft, field),
  };
}

export function useCommandEditor(original: Command | undefined) {
  const { state: app, dispatch: appDispatch, flows } = useAppContext();
  const checked = useCheckedDraft(original);
  const { state, dispatch, draft, errors, fields, focusIndex, placed } = checked;
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
    const warnings = saveWarnings(draft, { original, existing: checked.existing, scopeLabel: scopeLabel(app), createsUsed: app.local.createsUsed });
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
  return { ...checked, saving, outcomeUnknown, actions: { send, save, cancel, nextProblem } };
}

export type CommandEditorModel = ReturnType<typeof useCommandEditor>;
