/**
 * The editor screen (new and edit): validates the draft on every change, refuses to save while
 * errors remain, warns before sending (rename, upsert, daily creates), and shows the server's field
 * errors at their fields after a failed save.
 * State: use-command-editor.ts; keys: use-command-editor-keys.ts (and use-editor-input.ts); views:
 * command-editor-view.tsx, editor-overlays.tsx.
 */
import { largestParts } from '../../../discord/command-size.js';
import type { Command } from '../../../discord/model.js';
import { textWidth } from '../../../terminal/text-width.js';
import { useWindowSize } from 'ink';
import { useAppContext } from '../../state/app-context.js';
import { scopeLabel } from '../../state/app-state.js';
import { CommandEditorView, fieldValueWidth } from './command-editor-view.js';
import { EditorPicker } from './editor-picker.js';
import { ConfirmDiscard, ConfirmSave } from './editor-overlays.js';
import { isTextLike, optionNumber, valueFromText } from './editor-fields.js';
import { footerIdleItemKeys } from './item-actions.js';
import { applyPick, pickerModel } from './picker-items.js';
import { textLimit } from './text-limits.js';
import { useCommandEditor } from './use-command-editor.js';
import { useCommandEditorKeys } from './use-command-editor-keys.js';
import { WholeTextView } from './whole-text-view.js';

export interface CommandEditorProps {
  /** undefined: a new command. */
  original?: Command;
  height: number;
  active: boolean;
}

export function CommandEditor({ original, height, active }: CommandEditorProps) {
  const { state: app, dispatch: appDispatch } = useAppContext();
  const { columns } = useWindowSize();
  const editor = useCommandEditor(original);
  const { state, dispatch, fields, focusIndex, draft, textOf } = editor;
  const keys = useCommandEditorKeys(editor, !original, active);
  const closeOverlay = () => dispatch({ type: 'overlay', overlay: { kind: 'none' } });
  const focused = fields[focusIndex];
  // The footer offers the whole-text view where the focused text is longer than its row shows (the cursor takes a cell).
  const focusedTextCut = focused !== undefined && isTextLike(focused) && textWidth(textOf(focused)) + 1 > fieldValueWidth(focused, columns - 1);
  const overlay = state.overlay;
  const wholeText = overlay.kind === 'whole-text' ? fields.find((f) => f.path === overlay.path) : undefined;
  if (overlay.kind === 'picker') {
    return (
      <EditorPicker
        model={pickerModel(overlay.picker, state.draft, overlay.path)}
        height={height}
        onClose={closeOverlay}
        onPick={(value) => {
          const result = applyPick(overlay.picker, state.draft, overlay.path, value, editor.scope);
          if (result.draft !== state.draft) dispatch({ type: 'replace', draft: result.draft, focusPath: result.focusPath });
          if (result.close) closeOverlay();
        }}
      />
    );
  }
  if (wholeText) {
    const owner = optionNumber(wholeText.path);
    return (
      <WholeTextView
        label={owner && !wholeText.label.startsWith('option') ? `option ${owner} ${wholeText.label}` : wholeText.label}
        text={textOf(wholeText)}
        limit={textLimit(wholeText, editor.context.choiceStringMaxLength)}
        height={height}
        active={active}
        onText={keys.viewTextChanged}
        onDone={() => {
          keys.viewClosed();
          closeOverlay();
        }}
      />
    );
  }
  if (overlay.kind === 'confirm-save') {
    const title = original ? `Save ${draft.name}?` : `Create ${draft.name} in ${scopeLabel(app)}?`;
    return <ConfirmSave title={title} creating={!original} changes={overlay.changes} warnings={overlay.warnings} onConfirm={() => void editor.actions.send()} onCancel={closeOverlay} />;
  }
  if (overlay.kind === 'discard') return <ConfirmDiscard then={overlay.then} outcomeUnknown={editor.outcomeUnknown} onLeave={() => appDispatch({ type: 'pop' })} onCancel={closeOverlay} />;
  return (
    <CommandEditorView
      title={original ? `Edit ${original.name} in ${scopeLabel(app)}` : `New command in ${scopeLabel(app)}`}
      dirty={state.dirty}
      fields={fields}
      focusIndex={focusIndex}
      texts={new Map(fields.filter(isTextLike).map((f) => [f.path, textOf(f)]))}
      onText={(field, text, typing) => dispatch({ type: 'set', path: field.path, value: valueFromText(field, text), text, typing, at: Date.now() })}
      problems={editor.placed}
      errorCount={editor.errors.length}
      warningCount={editor.problems.length - editor.errors.length}
      size={{ total: editor.size.total, biggest: largestParts(editor.size) }}
      message={state.message}
      height={height}
      idleKeys={footerIdleItemKeys(keys.disabled, focusedTextCut)}
      locked={editor.saving}
    />
  );
}
