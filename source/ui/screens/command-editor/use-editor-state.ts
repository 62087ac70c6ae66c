/**
 * The editor's state and pure reducer: the draft, which field has focus (by path, so structural
 * edits keep it), whether anything changed, the one overlay (picker / save warnings / discard), and
 * problems the server reported after a failed save (shown at their fields until the next change).
 */
import { useReducer } from 'react';
import type { CommandDraft, Problem } from '../../../discord/model.js';
import type { FieldChange } from '../../../discord/diff.js';
import type { Tone } from '../../state/app-state.js';
import { setAt } from './draft-paths.js';
import type { PickerKind } from './editor-fields.js';

export type EditorOverlay =
  | { kind: 'none' }
  /** `path`: the field being picked for; for `locale`, the name/description that gets a translation. */
  | { kind: 'picker'; picker: PickerKind; path: string }
  /** `changes`: an edit's fields as they are and as they will be. */
  | { kind: 'confirm-save'; warnings: string[]; changes: FieldChange[] }
  /** Unsaved changes and the user asked to leave (esc) or quit (ctrl+c). */
  | { kind: 'discard'; then: 'back' | 'quit' };

export interface EditorState {
  draft: CommandDraft;
  focusPath: string;
  /** Where focus was, for when its field disappears (removed option). */
  focusIndex: number;
  dirty: boolean;
  overlay: EditorOverlay;
  serverProblems: Problem[];
  message?: { text: string; tone: Tone };
  /** What was typed into each text field, by path: shown as typed (`1.50`, `007`), not as the number it became. */
  typed: Readonly<Record<string, string>>;
}

export type EditorAction =
  /** `text`: what was typed, when the value came from a text field. */
  | { type: 'set'; path: string; value: unknown; text?: string }
  | { type: 'replace'; draft: CommandDraft; focusPath?: string }
  | { type: 'focus'; path: string; index: number }
  | { type: 'overlay'; overlay: EditorOverlay }
  | { type: 'server-problems'; problems: Problem[]; message: string }
  | { type: 'message'; text: string; tone: Tone };

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'set':
      return {
        ...state,
        draft: setAt(state.draft, action.path, action.value),
        typed: action.text === undefined ? state.typed : { ...state.typed, [action.path]: action.text },
        dirty: true,
        serverProblems: [],
        message: undefined,
      };
    case 'replace':
      // Items moved or went away, so the paths of what was typed no longer hold.
      return { ...state, draft: action.draft, focusPath: action.focusPath ?? state.focusPath, typed: {}, dirty: true, serverProblems: [], message: undefined };
    case 'focus':
      return { ...state, focusPath: action.path, focusIndex: action.index };
    case 'overlay':
      return { ...state, overlay: action.overlay };
    case 'server-problems':
      return { ...state, serverProblems: action.problems, overlay: { kind: 'none' }, message: { text: action.message, tone: 'error' } };
    case 'message':
      return { ...state, message: { text: action.text, tone: action.tone } };
  }
}

export function initialEditorState(draft: CommandDraft): EditorState {
  // A new command opens with focus in the name field; the type is one field up.
  return { draft, focusPath: 'name', focusIndex: 1, dirty: false, overlay: { kind: 'none' }, serverProblems: [], typed: {} };
}

export function useEditorState(draft: () => CommandDraft) {
  return useReducer(editorReducer, undefined, () => initialEditorState(draft()));
}
