/**
 * The permissions editor for one entry (a command, or the app-level defaults) in one guild: loads the
 * guild's lists and directory, keeps the edits, and shows the list, the "who can use this?" matrix,
 * the add picker, the check-a-member prompt and its answer, or one of the dialogs — whichever the
 * editor's mode says.
 * Keys: use-permissions-input.ts; actions: use-permission-actions.ts; views: permission-panes.tsx and the
 * views and dialogs they use.
 */
import { useMemo, useState } from 'react';
import { canReadCommands } from '../../../api/contract.js';
import { unlistedEntry } from '../../../discord/overwrite-entries.js';
import { accessMatrix, type AccessMatrix, type CommandAccessInput } from '../../../discord/effective-access.js';
import { diffOverwrites } from '../../../discord/overwrite-diff.js';
import { overwriteCount } from '../../../discord/overwrite-edit.js';
import { targetPhrase } from '../../../discord/overwrite-targets.js';
import { useFooterRows } from '../../components/footer.js';
import type { Action, DisabledKeys, KeyScope } from '../../input/key-bindings.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { useUnsavedQuitGuard } from '../../input/use-unsaved-quit-guard.js';
import { useAppContext } from '../../state/app-context.js';
import { overwriteRows } from './overwrites-view.js';
import { AccessPane, AddOverwritePicker, CheckMemberPicker, ListPane, MemberAnswerPane, NOT_A_COMMAND, OverwritesNotShown } from './permission-panes.js';
import { DiscardDialog, SavePreview, SignInDialog, SigningIn } from './permission-dialogs.js';
import { signInNeeded } from './save-overwrites.js';
import { useGuildOverwrites, type GuildOverwritesLoad } from './use-guild-overwrites.js';
import { useMemberSearch } from './use-member-search.js';
import { useOverwriteEditorState, type EditorMode } from './use-overwrite-editor-state.js';
import { usePermissionActions, type PermissionsModel } from './use-permission-actions.js';
import { usePermissionsInput } from './use-permissions-input.js';

export interface GuildPermissionsProps {
  entryId: string;
  guildId: string;
  /** The overwrite selected once the list is read (the audit's finding about it). */
  select?: { type: number; id: string };
  height: number;
  width: number;
  active: boolean;
}

const EMPTY_LIST = 'the list is empty: a adds an overwrite.';
const ONE_MEMBER = "one member's answer has no channel columns: w goes back to the grid.";

/** While a save is in flight, the keys that would change the list it is sending (or read it again over it). */
const WHILE_SAVING: readonly Action[] = ['addOverwrite', 'toggleOverwrite', 'removeOverwrite', 'save', 'refresh'];
const SAVING = "the save is in flight (the line above names it): wait for Discord's answer, which may change the list; esc cancels it until it is sent.";

/**
 * The view's key scope and the keys that cannot act in it now, with why. `writing`: a write is in flight,
 * and what is typed or picked meanwhile would be dropped when it lands, so the keys that edit are off.
 */
export function permissionsKeys(mode: EditorMode['kind'], listLength: number | undefined, matrix: AccessMatrix | string, writing = false): { scope: KeyScope; disabled: DisabledKeys } {
  if (mode === 'access') return { scope: 'access', disabled: {} };
  if (mode === 'member-answer') return { scope: 'access', disabled: { prevColumn: ONE_MEMBER, nextColumn: ONE_MEMBER } };
  if (mode === 'picker' || mode === 'check-member') return { scope: 'search', disabled: {} };
  return {
    scope: 'permissions',
    disabled: {
      ...(listLength === 0 ? { toggleOverwrite: EMPTY_LIST, removeOverwrite: EMPTY_LIST } : {}),
      ...(typeof matrix === 'string' ? { whoCanUse: matrix } : {}),
      ...(writing ? Object.fromEntries(WHILE_SAVING.map((action) => [action, SAVING])) : {}),
    },
  };
}

/** A browser sign-in alone reads no command, so not its default_member_permissions either, which the answer needs. */
const UNREAD_COMMAND = 'Who can use it depends on the command\'s default_member_permissions, which a browser sign-in cannot read: add a bot token (`cmd-tui auth set-bot-token`) or client credentials to see it.';

/** The editor's state: the guild's lists (loaded), the edits, the entry's model and who can use it, the member search, and the actions. */
function useGuildPermissions({ entryId, guildId, select }: Pick<GuildPermissionsProps, 'entryId' | 'guildId' | 'select'>) {
  const { state } = useAppContext();
  const loaded = useGuildOverwrites(guildId);
  const [editor, dispatchEditor] = useOverwriteEditorState();
  const guildName = state.identity.guilds.find((g) => g.id === guildId)?.name ?? `guild ${guildId}`;
  const signInOnly = state.session ? !canReadCommands(state.session.api) : false;
  const model = useMemo(() => modelOf(loaded.load, entryId, guildId, guildName, editor.draft, signInOnly), [loaded.load, entryId, guildId, guildName, editor.draft, signInOnly]);
  const accessInput = useMemo((): CommandAccessInput | undefined => {
    if (!model || model.entry.kind !== 'command') return undefined;
    const { entry, appEntry, list, directory } = model;
    return { applicationId: state.session?.api.applicationId ?? '', command: entry.command, commandOverwrites: list, appOverwrites: appEntry?.overwrites ?? [], directory };
  }, [model, state.session]);
  const unread = model?.entry.kind === 'unlisted';
  const matrix = useMemo((): AccessMatrix | string => (accessInput ? accessMatrix(accessInput, Date.now()) : unread ? UNREAD_COMMAND : NOT_A_COMMAND), [accessInput, unread]);
  // The overwrite asked for is selected once, when the list first arrives.
  const [toSelect, setToSelect] = useState(select);
  if (toSelect && model) {
    setToSelect(undefined);
    const index = model.list.findIndex((overwrite) => overwrite.id === toSelect.id && overwrite.type === toSelect.type);
    if (index >= 0) dispatchEditor({ type: 'select', index });
  }
  const actions = usePermissionActions(model, editor, dispatchEditor, loaded);
  // The add picker and the check-a-member prompt search members as the name is typed.
  const searchQuery = editor.mode.kind === 'picker' || editor.mode.kind === 'check-member' ? editor.mode.query : undefined;
  const search = useMemberSearch(guildId, searchQuery ?? '', searchQuery !== undefined);
  return {
    loaded,
    editor,
    dispatchEditor,
    guildName,
    signInOnly,
    model,
    accessInput,
    matrix,
    actions,
    search,
    canSave: state.session ? signInNeeded(state.session) === undefined : false,
    canSignIn: state.session?.signIn !== undefined,
    writing: state.busy?.write === true,
  };
}

export function GuildPermissions({ entryId, guildId, select, height: screenHeight, width, active }: GuildPermissionsProps) {
  // What the footer leaves, less the blank row above it.
  const height = screenHeight - (useFooterRows() - 2);
  const screen = useGuildPermissions({ entryId, guildId, ...(select ? { select } : {}) });
  const { editor, dispatchEditor, model, matrix, actions, guildName } = screen;
  const page = model ? overwriteRows({ entry: model.entry, appEntry: model.appEntry, canSave: screen.canSave, problem: editor.problem, height: height - 2, width }) : 1;
  const keys = permissionsKeys(editor.mode.kind, model?.list.length, matrix, screen.writing);
  useDisabledKeys(keys.scope, keys.disabled, active);
  usePermissionsInput({ active, editor, dispatchEditor, actions, listLength: model?.list.length, page, matrix, dirty: (model?.changes.length ?? 0) > 0, reload: screen.loaded.reload, disabled: keys.disabled });
  const askingToQuit = editor.mode.kind === 'discard' && editor.mode.then === 'quit';
  useUnsavedQuitGuard((model?.changes.length ?? 0) > 0, () => actions.leave('quit'), !askingToQuit);
  const back = () => dispatchEditor({ type: 'mode', mode: { kind: 'list' } });

  if (!model) return <OverwritesNotShown load={screen.loaded.load} entryId={entryId} guildName={guildName} />;
  const { entry, list, base, changes } = model;
  const mode = editor.mode;
  switch (mode.kind) {
    case 'picker':
      return <AddOverwritePicker model={model} query={mode.query} search={screen.search} onQuery={(query) => dispatchEditor({ type: 'mode', mode: { kind: 'picker', query } })} onPick={(choice) => void actions.pick(choice)} onClose={back} height={screenHeight} active={active} />;
    case 'check-member':
      return <CheckMemberPicker model={model} query={mode.query} search={screen.search} onQuery={(query) => dispatchEditor({ type: 'mode', mode: { kind: 'check-member', query } })} onPick={(choice) => void actions.checkMember(choice)} onClose={() => dispatchEditor({ type: 'mode', mode: { kind: 'access' } })} height={screenHeight} active={active} />;
    case 'member-answer':
      return <MemberAnswerPane model={model} accessInput={screen.accessInput} matrix={matrix} userId={mode.userId} width={width} height={height} disabled={keys.disabled} />;
    case 'preview':
      return <SavePreview title={`Replace the overwrites of ${entry.label} in ${guildName}?`} changes={changes} counts={`${overwriteCount(base)} → ${overwriteCount(list)}`} commandsBackedUp={!screen.signInOnly} onSave={() => void actions.save()} onCancel={back} />;
    case 'discard':
      return <DiscardDialog key={mode.then} what={entry.label} quitting={mode.then === 'quit'} summary={changes.map((c) => `${c.kind} ${targetPhrase(c.target)}`).join(', ')} onDiscard={() => actions.leaveNow(mode.then)} onCancel={back} />;
    case 'sign-in':
      return <SignInDialog reason={mode.reason} canSignIn={screen.canSignIn} onSignIn={() => void actions.signIn()} onCancel={back} />;
    case 'signing-in':
      return <SigningIn url={mode.url} paste={actions.paste} active={active} height={screenHeight} />;
    case 'access':
      return <AccessPane model={model} matrix={matrix} cell={editor.cell} width={width} height={height} />;
    case 'list':
      return <ListPane model={model} selected={editor.selected} canSave={screen.canSave} problem={editor.problem} width={width} height={height} disabled={keys.disabled} />;
  }
}

/**
 * `signInOnly`: Discord lists only the commands that have overwrites, and a sign-in alone reads no
 * other, so an id opened by hand (typed on the home screen) is a command with none of its own yet.
 */
function modelOf(load: GuildOverwritesLoad, entryId: string, guildId: string, guildName: string, draft: PermissionsModel['list'] | null, signInOnly: boolean): PermissionsModel | undefined {
  if (load.status !== 'ready') return undefined;
  const { entries, directory } = load.data;
  const entry = entries.find((e) => e.id === entryId) ?? (signInOnly ? unlistedEntry(entryId) : undefined);
  if (!entry) return undefined;
  const base = entry.overwrites;
  const list = draft ?? base;
  return { guildId, guildName, entry, appEntry: entries.find((e) => e.kind === 'app'), directory, base, list, changes: diffOverwrites(base, list, directory) };
}
