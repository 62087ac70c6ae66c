/**
 * The permissions editor's panes (guild-permissions.tsx picks one by the editor's mode), each drawn from
 * what it is given: the overwrites not shown yet (loading, failed, no such command), the add picker,
 * the check-a-member prompt and its answer, the "who can use this?" grid, and the list.
 */
import { Box, useWindowSize } from 'ink';
import type { AccessMatrix, CommandAccessInput } from '../../../discord/effective-access.js';
import { checkMember } from '../../../discord/member-access.js';
import { overwriteCount } from '../../../discord/overwrite-edit.js';
import { Footer } from '../../components/footer.js';
import { DialogLine } from '../../components/dialog-frame.js';
import type { UserError } from '../../format/describe-error.js';
import type { Action, DisabledKeys } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';
import { AccessView } from './access-view.js';
import { FilterPicker } from './filter-picker.js';
import { MemberAnswerView } from './member-answer-view.js';
import { OverwritesView } from './overwrites-view.js';
import { targetChoices, targetKey, type TargetChoice } from './target-choices.js';
import type { GuildOverwritesLoad } from './use-guild-overwrites.js';
import type { MemberSearchState } from './use-member-search.js';
import type { PermissionsModel } from './use-permission-actions.js';

export const NOT_A_COMMAND = 'The app-level defaults are not a command: open a command (p on it) to see who can use it.';

/** Loading, a failed read, or an entry the guild's lists do not have. */
export function OverwritesNotShown({ load, entryId, guildName }: { load: GuildOverwritesLoad; entryId: string; guildName: string }) {
  const theme = useTheme();
  const width = useWindowSize().columns - 1;
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Box flexDirection="column" flexGrow={1}>
        {load.status === 'loading' ? <DialogLine color={theme.text.secondary} text={`Loading the overwrites in ${guildName}…`} width={width} /> : null}
        {load.status === 'error' ? (
          <>
            <DialogLine color={theme.status.error} text={`Could not read the overwrites in ${guildName}: ${load.message}`} width={width} />
            {load.hint ? <DialogLine text={load.hint} width={width} /> : null}
            <DialogLine color={theme.text.secondary} text="ctrl+r tries again · esc goes back" width={width} />
          </>
        ) : null}
        {load.status === 'ready' ? (
          <DialogLine color={theme.status.error} text={`No command ${entryId} in ${guildName} or among the global commands: it may have been deleted. esc goes back; ctrl+r reads the guild again.`} width={width} />
        ) : null}
      </Box>
      <Footer scope="permissions" />
    </Box>
  );
}

interface PickerPaneProps {
  model: PermissionsModel;
  query: string;
  search: MemberSearchState;
  onQuery: (query: string) => void;
  onPick: (choice: TargetChoice) => void;
  onClose: () => void;
  height: number;
  active: boolean;
}

export function AddOverwritePicker({ model, query, search, onQuery, onPick, onClose, height, active }: PickerPaneProps) {
  const { entry, list, directory } = model;
  const choices = targetChoices(directory, query, list, search.members);
  return (
    <FilterPicker
      title={`Add an overwrite to ${entry.kind === 'app' ? 'the app-level defaults' : entry.label} (${overwriteCount(list)})`}
      hint="a name (roles, channels, members), role:ID, channel:ID, user:ID, everyone, all-channels"
      query={query}
      onQueryChange={onQuery}
      items={choices.map(({ target, inList }) => ({ key: targetKey(target), label: target.label, note: inList ? `${target.kind} · already in the list` : `${target.kind} · ${target.id}` }))}
      emptyText="Nothing matches: no role, channel or member by that name. Type a user id, or role:ID / channel:ID."
      status={search.note}
      onPick={(key) => {
        const choice = choices.find((c) => targetKey(c.target) === key);
        if (choice) onPick(choice);
      }}
      onClose={onClose}
      height={height}
      active={active}
    />
  );
}

export function CheckMemberPicker({ model, query, search, onQuery, onPick, onClose, height, active }: PickerPaneProps) {
  const people = targetChoices(model.directory, query, [], search.members).filter((c) => c.target.kind === 'user');
  return (
    <FilterPicker
      title={`Check a member: can they use ${model.entry.label} in ${model.guildName}?`}
      hint="a name or a user id"
      query={query}
      onQueryChange={onQuery}
      items={people.map(({ target }) => ({ key: targetKey(target), label: target.label, note: `user · ${target.id}` }))}
      emptyText="No member by that name: type part of a username or nickname, or a user id."
      status={search.note}
      onPick={(key) => {
        const choice = people.find((c) => targetKey(c.target) === key);
        if (choice) onPick(choice);
      }}
      onClose={onClose}
      height={height}
      active={active}
    />
  );
}

/** One member's answer in every channel; `matrix` a sentence where there is no command to answer for. */
export function MemberAnswerPane({ model, accessInput, matrix, userId, width, height, disabled }: { model: PermissionsModel; accessInput: CommandAccessInput | undefined; matrix: AccessMatrix | string; userId: string; width: number; height: number; disabled: DisabledKeys }) {
  return (
    <Box flexDirection="column" flexGrow={1}>
      {accessInput ? (
        <MemberAnswerView commandLabel={model.entry.label} guildName={model.guildName} answer={checkMember(accessInput, userId, Date.now())} unsaved={model.changes.length > 0} width={width} height={height - 3} />
      ) : (
        <DialogLine text={typeof matrix === 'string' ? matrix : NOT_A_COMMAND} width={width} />
      )}
      <Footer scope="access" hide={Object.keys(disabled) as Action[]} />
    </Box>
  );
}

export function AccessPane({ model, matrix, cell, width, height }: { model: PermissionsModel; matrix: AccessMatrix | string; cell: { row: number; column: number }; width: number; height: number }) {
  return (
    <Box flexDirection="column" flexGrow={1}>
      {typeof matrix === 'string' ? <DialogLine text={matrix} width={width} /> : <AccessView commandLabel={model.entry.label} guildName={model.guildName} matrix={matrix} cell={cell} unsaved={model.changes.length > 0} width={width} height={height - 3} />}
      <Footer scope="access" />
    </Box>
  );
}

export function ListPane({ model, selected, canSave, problem, width, height, disabled }: { model: PermissionsModel; selected: number; canSave: boolean; problem: UserError | null; width: number; height: number; disabled: DisabledKeys }) {
  return (
    <Box flexDirection="column" flexGrow={1}>
      <OverwritesView entry={model.entry} appEntry={model.appEntry} guildName={model.guildName} directory={model.directory} base={model.base} list={model.list} selected={selected} canSave={canSave} problem={problem} height={height - 2} width={width} />
      <Footer scope="permissions" hide={Object.keys(disabled) as Action[]} />
    </Box>
  );
}
