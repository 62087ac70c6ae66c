/**
 * The permissions editor's own state: the edited list (null until the first edit, so the loaded list
 * is the truth), the selected row, the selected cell of the "who can use this?" matrix, and which part
 * of the screen has the keys. Pure reducer; the edits themselves come from source/discord/overwrite-edit.ts.
 */
import { useReducer } from 'react';
import type { PermissionOverwrite } from '../../../discord/model.js';
import type { UserError } from '../../format/describe-error.js';

export type EditorMode =
  | { kind: 'list' }
  | { kind: 'picker'; query: string }
  | { kind: 'access' }
  /** "Check a member": the name or id being typed, then that member's answer per channel. */
  | { kind: 'check-member'; query: string }
  | { kind: 'member-answer'; userId: string }
  /** `note`: what the sign-in that led here says (where it was stored), shown in the preview, over which no status shows. */
  | { kind: 'preview'; note?: string }
  /** Unsaved edits and the user asked to leave: what to do once they agree. */
  | { kind: 'discard'; then: 'back' | 'quit' | 'app-level' }
  /** reason: why the held sign-in cannot save (e.g. it lacks the scope); absent when there is none. */
  | { kind: 'sign-in'; reason?: string }
  | { kind: 'signing-in'; url?: string };

export interface EditorState {
  draft: PermissionOverwrite[] | null;
  selected: number;
  cell: { row: number; column: number };
  mode: EditorMode;
  /** Why the last edit or save was refused; shown in full (the status line would cut it). */
  problem: UserError | null;
}

export type EditorAction =
  | { type: 'draft'; overwrites: PermissionOverwrite[]; select?: number }
  | { type: 'move'; delta: number; count: number }
  | { type: 'select'; index: number }
  | { type: 'move-cell'; rows: number; columns: number; delta: { row: number; column: number } }
  | { type: 'mode'; mode: EditorMode }
  /** Saved: the loaded list now equals the edits. */
  | { type: 'saved' }
  | { type: 'problem'; problem: UserError };

export const initialEditorState: EditorState = { draft: null, selected: 0, cell: { row: 0, column: 0 }, mode: { kind: 'list' }, problem: null };

function clamp(value: number, count: number): number {
  return Math.max(0, Math.min(value, count - 1));
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'draft':
      return { ...state, draft: action.overwrites, selected: clamp(action.select ?? state.selected, action.overwrites.length), mode: { kind: 'list' }, problem: null };
    case 'move':
      return { ...state, selected: clamp(state.selected + action.delta, action.count) };
    case 'select':
      return { ...state, selected: Math.max(0, action.index) };
    case 'move-cell':
      return {
        ...state,
        cell: { row: clamp(state.cell.row + action.delta.row, action.rows), column: clamp(state.cell.column + action.delta.column, action.columns) },
      };
    case 'mode':
      return { ...state, mode: action.mode };
    case 'saved':
      return { ...state, draft: null, mode: { kind: 'list' }, problem: null };
    case 'problem':
      return { ...state, problem: action.problem, mode: { kind: 'list' } };
  }
}

export function useOverwriteEditorState() {
  return useReducer(editorReducer, initialEditorState);
}
