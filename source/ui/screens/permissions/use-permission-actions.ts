/**
 * What the permissions editor can do, as functions the keys and dialogs call: edit the list with the
 * pure functions of overwrite-edit.ts (a refusal such as the 101st overwrite is shown in full under the list),
 * ask before leaving with unsaved edits, save (preview → backup → one PUT) and sign in first when no
 * user token is held, then carry on with the same edits. A user target is resolved to a member (from
 * the search or by id) before it is added or checked, so it is named at once.
 */
import { useApp } from 'ink';
import type { Dispatch } from 'react';
import { lookupMember, notAMemberMessage } from '../../../api/guild-members.js';
import { guildScope, type Member, type PermissionOverwrite } from '../../../discord/model.js';
import { describeChange, summarizeChanges, type OverwriteChange } from '../../../discord/overwrite-diff.js';
import { overwriteCount, removeOverwrite, setOverwrite, toggleOverwrite, type EditOutcome } from '../../../discord/overwrite-edit.js';
import type { PermissionEntry } from '../../../discord/overwrite-entries.js';
import { describeTarget, newTargetProblem, targetPhrase, withMembers, type GuildDirectory, type OverwriteTarget, type TargetRef } from '../../../discord/overwrite-targets.js';
import { describeError, errorLine, type UserError } from '../../format/describe-error.js';
import { WriteUnsettledError } from '../../../operations/write-truth.js';
import { usePasteBack } from '../../components/sign-in-address.js';
import { useAppContext } from '../../state/app-context.js';
import { withNotices, type Tone } from '../../state/app-state.js';
import { describeSaveError, isUserTokenMissing, signInNeeded } from './save-overwrites.js';
import { targetKey, type TargetChoice } from './target-choices.js';
import type { GuildOverwritesHandle } from './use-guild-overwrites.js';
import type { EditorAction, EditorMode, EditorState } from './use-overwrite-editor-state.js';

/** The loaded entry being edited, with everything derived from it. */
export interface PermissionsModel {
  guildId: string;
  guildName: string;
  entry: PermissionEntry;
  appEntry: PermissionEntry | undefined;
  directory: GuildDirectory;
  /** As loaded (or last saved). */
  base: PermissionOverwrite[];
  /** As edited. */
  list: PermissionOverwrite[];
  changes: OverwriteChange[];
}

export type LeaveTo = Extract<EditorMode, { kind: 'discard' }>['then'];

type ResolvedUser = { ok: true; target: OverwriteTarget; unchecked?: string } | { ok: false; problem: UserError };

/** Editing the list: flip, remove, add a target from the picker (a user named first), check a member. */
function useOverwriteEdits(model: PermissionsModel | undefined, editor: EditorState, dispatchEditor: Dispatch<EditorAction>, loaded: GuildOverwritesHandle) {
  const { state, dispatch, flows } = useAppContext();
  const flash = (text: string, tone: Tone, notices?: readonly string[]) => dispatch({ type: 'flash', text, tone, notices });
  const setMode = (mode: EditorMode) => dispatchEditor({ type: 'mode', mode });
  const session = state.session;

  const apply = (outcome: EditOutcome, select?: number): boolean => {
    if (!outcome.ok) {
      dispatchEditor({ type: 'problem', problem: { message: outcome.message } });
      return false;
    }
    dispatchEditor({ type: 'draft', overwrites: outcome.overwrites, select });
    return true;
  };
  const labelled = (ref: TargetRef) => (model ? { ...ref, label: targetPhrase(describeTarget(ref, model.directory)) } : ref);
  const selectedOverwrite = model?.list[editor.selected];

  /**
   * The member a user target names, made known to the screen (so it is named everywhere at once):
   * from the search, the directory, or a lookup by id. `unchecked` when no bot token can tell.
   */
  const resolveUser = async (target: OverwriteTarget, found: Member | undefined): Promise<ResolvedUser> => {
    if (!model || !session) return { ok: false, problem: { message: 'The overwrites are not loaded.' } };
    const { directory, guildId, guildName } = model;
    const known = (member: Member): ResolvedUser => {
      loaded.addMembers([member]);
      return { ok: true, target: describeTarget(target, withMembers(directory, [member])) };
    };
    if (found) return known(found);
    if (directory.members?.some((m) => m.user?.id === target.id)) return { ok: true, target };
    const result = await flows.runner.run(`Looking up user ${target.id}`, (signal) => lookupMember(session.api.withSignal(signal), guildId, target.id));
    if (!result.ok) return { ok: false, problem: result.cancelled ? { message: `Stopped looking up user ${target.id}.` } : describeError(result.error) };
    const lookup = result.value;
    if (lookup.status === 'member') return known(lookup.member);
    if (lookup.status === 'unchecked') return { ok: true, target, unchecked: lookup.reason };
    return {
      ok: false,
      problem: {
        message: notAMemberMessage(target.id, guildName, lookup.code),
        hint: 'Check the id, or type part of their name to search the members.',
      },
    };
  };

  return {
    toggle() {
      if (model && selectedOverwrite) apply(toggleOverwrite(model.list, labelled(selectedOverwrite)));
    },
    remove() {
      if (model && selectedOverwrite) apply(removeOverwrite(model.list, labelled(selectedOverwrite)));
    },

    /**
     * A target chosen in the picker: added as allow (space flips it), or selected if already listed.
     * A user is named before it is added — from the search, or by looking the id up — and an id that
     * names no member of the guild is refused rather than saved.
     */
    async pick(choice: TargetChoice) {
      if (!model) return;
      const { target } = choice;
      if (choice.inList) {
        dispatchEditor({ type: 'select', index: model.list.findIndex((o) => targetKey(o) === targetKey(target)) });
        setMode({ kind: 'list' });
        flash(`${targetPhrase(target)} is already in the list; space flips allow/deny.`, 'info');
        return;
      }
      const problem = newTargetProblem(target, model.directory);
      if (problem) {
        dispatchEditor({ type: 'problem', problem: { message: problem } });
        return;
      }
      const named: ResolvedUser = target.kind === 'user' ? await resolveUser(target, choice.member) : { ok: true, target };
      if (!named.ok) {
        dispatchEditor({ type: 'problem', problem: { ...named.problem, message: `${named.problem.message} Nothing was added.` } });
        return;
      }
      const added = apply(setOverwrite(model.list, { id: target.id, type: target.type, label: targetPhrase(named.target) }, true), model.list.length);
      if (!added) return;
      if (named.unchecked) flash(`Added user ${target.id} unchecked: ${named.unchecked}. Make sure the id is right before saving (ctrl+s).`, 'warning');
      else flash(`Added: allow ${targetPhrase(named.target)}. space flips it to deny; ctrl+s saves.`, 'info');
    },

    /** "Check a member": the chosen member's answer in every channel (see checkMember). */
    async checkMember(choice: TargetChoice) {
      const named = await resolveUser(choice.target, choice.member);
      if (!named.ok) {
        setMode({ kind: 'access' });
        flash(errorLine(named.problem), 'error');
        return;
      }
      // An unchecked member is not in the directory: checkMember marks every answer uncertain, saying why.
      setMode({ kind: 'member-answer', userId: choice.target.id });
    },

  };
}

/** Leaving the editor (back, quit, or to the app-level entry): with unsaved edits, asked first. */
function useLeaveEditor(model: PermissionsModel | undefined, dispatchEditor: Dispatch<EditorAction>) {
  const { state, dispatch } = useAppContext();
  const { exit } = useApp();
  const session = state.session;
  const setMode = (mode: EditorMode) => dispatchEditor({ type: 'mode', mode });
  const leaveNow = (to: LeaveTo) => {
    if (to === 'quit') exit();
    else if (to === 'back') dispatch({ type: 'pop' });
    else if (session && model) dispatch({ type: 'push', screen: { id: 'permissions', commandId: session.api.applicationId, guildId: model.guildId } });
  };

  return {
    /** esc, q or A with unsaved edits asks first. */
    leave(to: LeaveTo) {
      if (to === 'app-level' && model?.entry.kind === 'app') return;
      if (model && model.changes.length > 0) setMode({ kind: 'discard', then: to });
      else leaveNow(to);
    },
    leaveNow,
  };
}

/** Saving the list (preview → backup → one PUT through operations/save-overwrites.ts), with the browser sign-in first when no user token is held. */
function useOverwritesSave(model: PermissionsModel | undefined, dispatchEditor: Dispatch<EditorAction>, loaded: GuildOverwritesHandle) {
  const { state, dispatch, flows } = useAppContext();
  const flash = (text: string, tone: Tone, notices?: readonly string[]) => dispatch({ type: 'flash', text, tone, notices });
  const setMode = (mode: EditorMode) => dispatchEditor({ type: 'mode', mode });
  const session = state.session;
  // The address pasted back while signing in (a browser on another machine).
  const paste = usePasteBack();
  return {
    paste,
    requestSave() {
      if (!model || !session) return;
      if (model.changes.length === 0) flash('Nothing to save: the list is as Discord has it.', 'info');
      else {
        const needed = signInNeeded(session);
        setMode(needed ? { kind: 'sign-in', ...needed } : { kind: 'preview' });
      }
    },

    async save() {
      if (!model || !session) return;
      const { guildId, entry, base, list, directory, changes } = model;
      setMode({ kind: 'list' });
      const result = await flows.runner.run(
        `Saving the overwrites of ${entry.label}`,
        async (signal, sent, notice) => (await import('../../../operations/save-overwrites.js')).saveOverwrites(session.workspace, { guildId, entry: { id: entry.id, label: entry.label }, base, next: list, directory }, { signal, sent, notice }),
        { kind: 'write', scope: guildScope(guildId) },
      );
      if (result.ok) {
        const { saved, backup, undone, now } = result.value;
        loaded.replaceOverwrites(entry.id, now);
        dispatch({ type: 'overwrites-saved', guildId, entry: { ...saved, permissions: now } });
        dispatchEditor({ type: 'saved' });
        if (undone.length > 0) {
          // The list shown is Discord's now: what is missing can be redone on it.
          flash(`Saved, but a save elsewhere undid part of it right after (another writer?): ${undone.map(describeChange).join(', ')} is not on Discord now. Backup: ${backup}`, 'error', result.notices);
          return;
        }
        if (result.value.readBackFailed) {
          flash(`${result.value.readBackFailed} Backup: ${backup}`, 'warning', result.notices);
          return;
        }
        flash(`Saved ${summarizeChanges(changes)}; ${entry.label} now has ${overwriteCount(saved.permissions)} overwrites. Backup: ${backup}`, 'success', result.notices);
      } else if (result.cancelled) {
        flash(`Cancelled before it was sent: the overwrites of ${entry.label} are unchanged on Discord; your edits are still here.`, 'warning', result.notices);
      } else if (isUserTokenMissing(result.error)) {
        setMode({ kind: 'sign-in', reason: withNotices(describeSaveError(result.error, entry.label, guildId).message, result.notices) });
      } else {
        dispatchEditor({ type: 'problem', problem: describeSaveError(result.error, entry.label, guildId) });
        const unknown = result.error instanceof WriteUnsettledError;
        flash(unknown ? `${errorLine(describeError(result.error))} Your edits are still here.` : `Not saved: ${entry.label} is unchanged on Discord; your edits are still here.`, 'error', result.notices);
      }
    },

    /** The browser sign-in; on success the session gains the user token and the preview opens again. */
    async signIn() {
      const start = session?.signIn?.start;
      if (!start) return;
      const controller = new AbortController();
      setMode({ kind: 'signing-in' });
      const result = await flows.runner.run('Waiting for the browser sign-in', () => start((url) => setMode({ kind: 'signing-in', url }), controller.signal, paste.begin()));
      if (result.ok) {
        dispatch({ type: 'session-upgraded', session: result.value });
        setMode({ kind: 'preview' });
        const storedUnder = result.value.signIn?.storedUnder;
        const filed = storedUnder ? ` The sign-in is stored under a new profile, ${storedUnder}, for this app (no other profile was changed).` : '';
        flash(`Signed in.${filed} Review the change and choose Save to send it.`, 'success');
        return;
      }
      controller.abort();
      setMode({ kind: 'list' });
      if (result.cancelled) flash('Stopped waiting for the sign-in; your edits are still here (ctrl+s to try again).', 'warning');
      else flash(`Sign-in failed: ${errorLine(describeError(result.error))}`, 'error');
    },
  };
}

export function usePermissionActions(model: PermissionsModel | undefined, editor: EditorState, dispatchEditor: Dispatch<EditorAction>, loaded: GuildOverwritesHandle) {
  return { ...useOverwriteEdits(model, editor, dispatchEditor, loaded), ...useLeaveEditor(model, dispatchEditor), ...useOverwritesSave(model, dispatchEditor, loaded) };
}

export type PermissionActions = ReturnType<typeof usePermissionActions>;
