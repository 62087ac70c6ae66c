/**
 * The editor's state and pure reducer: the draft, which field has focus (by path, so structural
 * edits keep it), whether anything changed, the one overlay (picker / save warnings / discard),
 * problems the server reported after a failed save (shown at their fields until the next change), and
 * the undo history: every change is a step, except that a burst of typing into one field is one step
 * (TYPING_BURST_MS between keys at most) until focus moves or another change comes between.
 */
import { useReducer } from 'react';
import type { CommandDraft, Problem } from '../../../discord/model.js';
import type { FieldChange } from '../../../discord/diff.js';
import type { Tone } from '../../state/app-state.js';
import { TYPING_BURST_MS } from '../../components/text-history.js';
import { setAt } from './draft-paths.js';
import type { PickerKind } from './editor-fields.js';

export type EditorOverlay =
  | { kind: 'none' }
  /** `path`: the field being picked for; for `locale`, the name/description that gets a translation. */
  | { kind: 'picker'; picker: PickerKind; path: string }
  /** `changes`: an edit's fields as they are and as they will be. */
  | { kind: 'confirm-save'; warnings: string[]; changes: FieldChange[] }
  /** Unsaved changes and the user asked to leave (esc) or quit (ctrl+c). */
  | { kind: 'discard'; then: 'back' | 'quit' }
  /** The text field at `path` shown whole, wrapped, to edit (ctrl+f). */
  | { kind: 'whole-text'; path: string };

/** What undo and redo bring back. */
interface Snapshot {
  draft: CommandDraft;
  typed: Readonly<Record<string, string>>;
  focusPath: string;
  focusIndex: number;
}

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
  /** Older states first; `redo` holds what undo took back, the most recent last. */
  undo: readonly Snapshot[];
  redo: readonly Snapshot[];
  /** The field being typed into as one undo step, until focus moves, another change comes or the typing pauses. */
  typing?: string;
  /** When its last key was typed (the action's clock). */
  typedAt?: number;
}

export type EditorAction =
  /** `text`: what was typed, when the value came from a text field; `typing`: a typed key, joining the step of the keys just before it; `at`: when. */
  | { type: 'set'; path: string; value: unknown; text?: string; typing?: boolean; at?: number }
  | { type: 'replace'; draft: CommandDraft; focusPath?: string }
  | { type: 'focus'; path: string; index: number }
  | { type: 'overlay'; overlay: EditorOverlay }
  | { type: 'server-problems'; problems: Problem[]; message: string }
  | { type: 'message'; text: string; tone: Tone }
  | { type: 'clear-message' }
  | { type: 'undo' }
  | { type: 'redo' };

const snapshot = (state: EditorState): Snapshot => ({ draft: state.draft, typed: state.typed, focusPath: state.focusPath, focusIndex: state.focusIndex });

/** `state` after a change, with the state before it as the newest undo step (typing on in one field, without a pause, adds none). */
function changed(state: EditorState, next: Partial<EditorState>, typing?: string, at?: number): EditorState {
  const sameStep = typing !== undefined && typing === state.typing && (at === undefined || state.typedAt === undefined || at - state.typedAt <= TYPING_BURST_MS);
  return {
    ...state,
    ...next,
    undo: sameStep ? state.undo : [...state.undo, snapshot(state)],
    redo: [],
    typing,
    typedAt: typing === undefined ? undefined : at,
    dirty: true,
    serverProblems: [],
    message: undefined,
  };
}

/** Back (or forward) one step: `from` loses its newest snapshot, `to` gains the present. */
function travel(state: EditorState, direction: 'undo' | 'redo'): EditorState {
  const from = state[direction];
  const target = from.at(-1);
  if (!target) return { ...state, message: { text: direction === 'undo' ? 'Nothing to undo.' : 'Nothing to redo.', tone: 'info' } };
  const other = direction === 'undo' ? 'redo' : 'undo';
  const undo = direction === 'undo' ? from.slice(0, -1) : [...state.undo, snapshot(state)];
  return {
    ...state,
    ...target,
    [direction]: from.slice(0, -1),
    [other]: [...state[other], snapshot(state)],
    typing: undefined,
    // Back at the opened draft: nothing to save or lose.
    dirty: undo.length > 0,
    serverProblems: [],
    message: undefined,
  };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'set':
      return changed(
        state,
        { draft: setAt(state.draft, action.path, action.value), typed: action.text === undefined ? state.typed : { ...state.typed, [action.path]: action.text } },
        action.typing ? action.path : undefined,
        action.at,
      );
    case 'replace':
      // Items moved or went away, so the paths of what was typed no longer hold.
      return changed(state, { draft: action.draft, focusPath: action.focusPath ?? state.focusPath, typed: {} });
    case 'focus':
      return { ...state, focusPath: action.path, focusIndex: action.index, typing: undefined };
    case 'undo':
    case 'redo':
      return travel(state, action.type);
    case 'overlay':
      return { ...state, overlay: action.overlay };
    case 'server-problems':
      return { ...state, serverProblems: action.problems, overlay: { kind: 'none' }, message: { text: action.message, tone: 'error' } };
    case 'message':
      return { ...state, message: { text: action.text, tone: action.tone } };
    case 'clear-message':
      return { ...state, message: undefined };
  }
}

export function initialEditorState(draft: CommandDraft): EditorState {
  // A new command opens with focus in the name field; the type is one field up.
  return { draft, focusPath: 'name', focusIndex: 1, dirty: false, overlay: { kind: 'none' }, serverProblems: [], typed: {}, undo: [], redo: [] };
}

export function useEditorState(draft: () => CommandDraft) {
  return useReducer(editorReducer, undefined, () => initialEditorState(draft()));
}
