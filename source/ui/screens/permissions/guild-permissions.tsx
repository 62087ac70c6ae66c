/**
 * The permissions editor for one entry (a command, or the app-level defaults) in one guild: loads the
 * guild's lists and directory, keeps the edits, and shows the list, the "who can use this?" matrix,
 * the add picker, the check-a-member prompt and its answer, or one of the dialogs — whichever the
 * editor's mode says.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useMemo, useState } from 'react';
import { canReadCommands } from '../../../api/contract.js';
import { unlistedEntry } from '../../../discord/overwrite-entries.js';
import { accessMatrix, type AccessMatrix, type CommandAccessInput } from '../../../discord/effective-access.js';
import { checkMember } from '../../../discord/member-access.js';
import { diffOverwrites } from '../../../discord/overwrite-diff.js';
import { overwriteCount } from '../../../discord/overwrite-edit.js';
import { targetPhrase } from '../../../discord/overwrite-targets.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import type { Action, DisabledKeys, KeyScope } from '../../input/key-bindings.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { useUnsavedQuitGuard } from '../../input/use-unsaved-quit-guard.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';
import { AccessView } from './access-view.js';
import { MemberAnswerView } from './member-answer-view.js';
import { FilterPicker } from './filter-picker.js';
import { OverwritesView, overwriteRows } from './overwrites-view.js';
import { DiscardDialog, SavePreview, SignInDialog, SigningIn } from './permission-dialogs.js';
import { signInNeeded } from './save-overwrites.js';
import { targetChoices, targetKey } from './target-choices.js';
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

const NOT_A_COMMAND = 'The app-level defaults are not a command: open a command (p on it) to see who can use it.';

/** A browser sign-in alone reads no command, so not its default_member_permissions either, which the answer needs. */
const UNREAD_COMMAND = 'Who can use it depends on the command\'s default_member_permissions, which a browser sign-in cannot read: add a bot token (`cmd-tui auth set-bot-token`) or client credentials to see it.';

export function GuildPermissions({ entryId, guildId, select, height: screenHeight, width, active }: GuildPermissionsProps) {
  // What the footer leaves, less the blank row above it.
  const height = screenHeight - (useFooterRows() - 2);
  const theme = useTheme();
  const { state } = useAppContext();
  const loaded = useGuildOverwrites(guildId);
  const [editor, dispatchEditor] = useOverwriteEditorState();
  const guildName = state.guilds.find((g) => g.id === guildId)?.name ?? `guild ${guildId}`;
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
  const canSave = state.session ? signInNeeded(state.session) === undefined : false;
  const page = model ? overwriteRows({ entry: model.entry, appEntry: model.appEntry, canSave, problem: editor.problem, height: height - 2, width }) : 1;
  const keys = permissionsKeys(editor.mode.kind, model?.list.length, matrix, state.busy?.write === true);
  useDisabledKeys(keys.scope, keys.disabled, active);
  usePermissionsInput({ active, editor, dispatchEditor, actions, listLength: model?.list.length, page, matrix, dirty: (model?.changes.length ?? 0) > 0, reload: loaded.reload, disabled: keys.disabled });
  const askingToQuit = editor.mode.kind === 'discard' && editor.mode.then === 'quit';
  useUnsavedQuitGuard((model?.changes.length ?? 0) > 0, () => actions.leave('quit'), !askingToQuit);
  const back = () => dispatchEditor({ type: 'mode', mode: { kind: 'list' } });

  if (!model) {
    const { load } = loaded;
    return (
      <Box flexDirection="column" flexGrow={1}>
        <Box flexDirection="column" flexGrow={1}>
          {load.status === 'loading' ? <Text color={theme.text.secondary}>Loading the overwrites in {guildName}…</Text> : null}
          {load.status === 'error' ? (
            <>
              <Text color={theme.status.error}>Could not read the overwrites in {guildName}: {load.message}</Text>
              {load.hint ? <Text>{load.hint}</Text> : null}
              <Text color={theme.text.secondary}>ctrl+r tries again · esc goes back</Text>
            </>
          ) : null}
          {load.status === 'ready' ? (
            <Text color={theme.status.error}>
              No command {entryId} in {guildName} or among the global commands: it may have been deleted. esc goes back; ctrl+r reads the guild again.
            </Text>
          ) : null}
        </Box>
        <Footer scope="permissions" />
      </Box>
    );
  }

  const { entry, directory, list, base, changes } = model;
  const mode = editor.mode;
  switch (mode.kind) {
    case 'picker': {
      const choices = targetChoices(directory, mode.query, list, search.members);
      return (
        <FilterPicker
          title={`Add an overwrite to ${entry.kind === 'app' ? 'the app-level defaults' : entry.label} (${overwriteCount(list)})`}
          hint="a name (roles, channels, members), role:ID, channel:ID, user:ID, everyone, all-channels"
          query={mode.query}
          onQueryChange={(query) => dispatchEditor({ type: 'mode', mode: { kind: 'picker', query } })}
          items={choices.map(({ target, inList }) => ({ key: targetKey(target), label: target.label, note: inList ? `${target.kind} · already in the list` : `${target.kind} · ${target.id}` }))}
          emptyText="Nothing matches: no role, channel or member by that name. Type a user id, or role:ID / channel:ID."
          status={search.note}
          onPick={(key) => {
            const choice = choices.find((c) => targetKey(c.target) === key);
            if (choice) void actions.pick(choice);
          }}
          onClose={back}
          height={screenHeight}
          active={active}
        />
      );
    }
    case 'check-member': {
      const people = targetChoices(directory, mode.query, [], search.members).filter((c) => c.target.kind === 'user');
      return (
        <FilterPicker
          title={`Check a member: can they use ${entry.label} in ${guildName}?`}
          hint="a name or a user id"
          query={mode.query}
          onQueryChange={(query) => dispatchEditor({ type: 'mode', mode: { kind: 'check-member', query } })}
          items={people.map(({ target }) => ({ key: targetKey(target), label: target.label, note: `user · ${target.id}` }))}
          emptyText="No member by that name: type part of a username or nickname, or a user id."
          status={search.note}
          onPick={(key) => {
            const choice = people.find((c) => targetKey(c.target) === key);
            if (choice) void actions.checkMember(choice);
          }}
          onClose={() => dispatchEditor({ type: 'mode', mode: { kind: 'access' } })}
          height={screenHeight}
          active={active}
        />
      );
    }
    case 'member-answer':
      return (
        <Box flexDirection="column" flexGrow={1}>
          {accessInput ? (
            <MemberAnswerView
              commandLabel={entry.label}
              guildName={guildName}
              answer={checkMember(accessInput, mode.userId, Date.now())}
              unsaved={changes.length > 0}
              width={width}
              height={height - 3}
            />
          ) : (
            <Text>{typeof matrix === 'string' ? matrix : NOT_A_COMMAND}</Text>
          )}
          <Footer scope="access" hide={Object.keys(keys.disabled) as Action[]} />
        </Box>
      );
    case 'preview':
      return (
        <SavePreview
          title={`Replace the overwrites of ${entry.label} in ${guildName}?`}
          changes={changes}
          counts={`${overwriteCount(base)} → ${overwriteCount(list)}`}
          commandsBackedUp={!signInOnly}
          onSave={() => void actions.save()}
          onCancel={back}
        />
      );
    case 'discard':
      return <DiscardDialog key={mode.then} what={entry.label} quitting={mode.then === 'quit'} summary={changes.map((c) => `${c.kind} ${targetPhrase(c.target)}`).join(', ')} onDiscard={() => actions.leaveNow(mode.then)} onCancel={back} />;
    case 'sign-in':
      return <SignInDialog reason={mode.reason} canSignIn={state.session?.signInUser !== undefined} onSignIn={() => void actions.signIn()} onCancel={back} />;
    case 'signing-in':
      return <SigningIn url={mode.url} paste={actions.paste} active={active} height={screenHeight} />;
    case 'access':
      return (
        <Box flexDirection="column" flexGrow={1}>
          {typeof matrix === 'string' ? (
            <Text>{matrix}</Text>
          ) : (
            <AccessView commandLabel={entry.label} guildName={guildName} matrix={matrix} cell={editor.cell} unsaved={changes.length > 0} width={width} height={height - 3} />
          )}
          <Footer scope="access" />
        </Box>
      );
    case 'list':
      return (
        <Box flexDirection="column" flexGrow={1}>
          <OverwritesView
            entry={entry}
            appEntry={model.appEntry}
            guildName={guildName}
            directory={directory}
            base={base}
            list={list}
            selected={editor.selected}
            canSave={canSave}
            problem={editor.problem}
            height={height - 2}
            width={width}
          />
          <Footer scope="permissions" hide={Object.keys(keys.disabled) as Action[]} />
        </Box>
      );
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
