/**
 * `E`: edit a command as JSON in $EDITOR, like `kubectl edit`. Ink is suspended while the editor runs;
 * invalid JSON or rule problems reopen the editor with the errors as comments on top; a valid edit
 * opens the review (diff) before anything is sent.
 */
import { useApp } from 'ink';
import { toBodyForm } from '../../discord/normalize.js';
import type { Command } from '../../discord/model.js';
import { validateCommand } from '../../discord/validate.js';
import { describeError } from '../format/describe-error.js';
import { useAppContext } from '../state/app-context.js';
import { validationContextOf } from '../state/validation-context.js';
import { jsonDocument, parseDocument, problemNotes, withNotes } from './json-document.js';

type Outcome = { kind: 'draft'; draft: Record<string, unknown> } | { kind: 'unchanged' } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

export function useJsonEdit(): (command: Command) => Promise<void> {
  const { suspendTerminal } = useApp();
  const { state, dispatch } = useAppContext();
  return async (command) => {
    const session = state.session;
    if (!session) return;
    const context = { ...validationContextOf(state) };
    const original = JSON.stringify(toBodyForm(command));
    let outcome: Outcome = { kind: 'unchanged' };
    await suspendTerminal(async () => {
      const first = jsonDocument(command);
      let document = first;
      for (;;) {
        let edited: string;
        try {
          edited = await session.files.editText(document);
        } catch (error) {
          outcome = { kind: 'failed', message: describeError(error).message };
          return;
        }
        // Closed without saving (`:q!`) after a failed attempt: the user gives up; never reopen it again.
        if (edited === document && document !== first) {
          outcome = { kind: 'cancelled' };
          return;
        }
        const parsed = parseDocument(edited);
        if (!parsed.ok) {
          document = withNotes(edited, [`ERROR: ${parsed.error}`]);
          continue;
        }
        if (JSON.stringify(toBodyForm(parsed.value)) === original) {
          outcome = { kind: 'unchanged' };
          return;
        }
        const errors = validateCommand(parsed.value, context).filter((p) => p.severity === 'error');
        if (errors.length > 0) {
          document = withNotes(edited, problemNotes(errors));
          continue;
        }
        outcome = { kind: 'draft', draft: parsed.value };
        return;
      }
    });
    const result = outcome as Outcome;
    if (result.kind === 'draft') dispatch({ type: 'overlay', overlay: { kind: 'json-review', commandId: command.id, draft: result.draft } });
    else if (result.kind === 'unchanged') dispatch({ type: 'flash', text: `No changes to ${command.name}.`, tone: 'info' });
    else if (result.kind === 'cancelled') dispatch({ type: 'flash', text: `The edit of ${command.name} was closed without changes: cancelled, nothing was sent.`, tone: 'info' });
    else dispatch({ type: 'flash', text: result.message, tone: 'error' });
  };
}
