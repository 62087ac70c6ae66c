/** The command list screen: wires its state, its keys and the app's flows to the pure view. */
import { Box } from 'ink';
import { useMemo, useState } from 'react';
import { Footer, useFooterRows } from '../../components/footer.js';
import { validateCommand } from '../../../discord/validate.js';
import { commandRowCells } from '../../format/command-row.js';
import type { Command } from '../../../discord/model.js';
import type { Action, DisabledKeys } from '../../input/key-bindings.js';
import { useAppDisabledKeys, useDisabledKeys } from '../../input/disabled-keys.js';
import { useAppContext } from '../../state/app-context.js';
import { scopeLabel, type ScopeData } from '../../state/app-state.js';
import { validationContextOf } from '../../state/validation-context.js';
import { CommandListView, listRows, type CommandRow } from './command-list-view.js';
import { useCommandListInput } from './use-command-list-input.js';
import { visibleCommands } from '../../format/command-row.js';
import { selectedIndex, useCommandListState } from './use-command-list-state.js';

export interface CommandListProps {
  active: boolean;
  width: number;
  height: number;
  /** Opens the JSON of a command in $EDITOR (needs the terminal, so the app root provides it). */
  onEditJson: (command: Command) => void;
}

const ON_COMMAND: readonly Action[] = ['open', 'edit', 'editJson', 'delete', 'permissions', 'rawJson', 'copyCommand', 'tryCommand'];

/** Keys that cannot act now, and why: no command to act on, or no list to add to, filter or export. */
export function listDisabledKeys(status: ScopeData['status'], hasSelection: boolean, filtered: boolean): DisabledKeys {
  const noCommand =
    status === 'error' ? 'the list failed to load: ctrl+r reads it again.'
    : status === 'loading' ? 'the list is still loading.'
    : filtered ? 'no command matches the filter (/ changes it, esc clears it).'
    : 'there is no command in this scope yet: n creates one.';
  const onCommand: DisabledKeys = hasSelection ? {} : Object.fromEntries(ON_COMMAND.map((action) => [action, noCommand]));
  const failed = 'the list failed to load: ctrl+r reads it again.';
  if (status === 'error') return { ...onCommand, new: failed, filter: failed, export: failed };
  return status === 'loading' ? { ...onCommand, export: noCommand } : onCommand;
}

export function CommandList({ active, width, height: screenHeight, onEditJson }: CommandListProps) {
  // What the footer leaves when the status wraps to more than its one line.
  const height = screenHeight - (useFooterRows() - 2);
  const { state, dispatch, flows } = useAppContext();
  const [list, dispatchList] = useCommandListState();
  // A command just created or saved becomes the selection (state adjusted while rendering, not in an effect).
  const [followed, setFollowed] = useState(state.lastSaved);
  if (state.lastSaved !== followed) {
    setFollowed(state.lastSaved);
    if (state.lastSaved) dispatchList({ type: 'select', id: state.lastSaved });
  }
  // Another scope starts unfiltered: a filter typed for one scope would hide the next one's commands.
  const scopeKey = state.scope.kind === 'guild' ? state.scope.guildId : 'global';
  const [filteredScope, setFilteredScope] = useState(scopeKey);
  if (scopeKey !== filteredScope) {
    setFilteredScope(scopeKey);
    dispatchList({ type: 'filter-clear' });
  }
  const commands = state.data.status === 'ready' ? state.data.commands : [];
  const context = validationContextOf(state);
  const contextKey = JSON.stringify(context);
  // Rows are validated when first drawn, not all at once: the first frame of a 130-command scope
  // shows ~25 of them. The cache lives as long as the commands and the app's flags do.
  const rowCache = useMemo(() => new Map<string, CommandRow>(), [commands, contextKey]);
  const rowOf = (command: Command): CommandRow => {
    let row = rowCache.get(command.id);
    if (!row) {
      row = { id: command.id, cells: commandRowCells(command), problems: validateCommand(command, context) };
      rowCache.set(command.id, row);
    }
    return row;
  };
  const visible = useMemo(() => visibleCommands(commands, list.filter), [commands, list.filter]);
  const index = selectedIndex(visible, list.selectedId);
  const selected = visible[index];

  const onCommand = (action: Action, command: Command) => {
    if (action === 'open') dispatch({ type: 'push', screen: { id: 'detail', commandId: command.id } });
    else if (action === 'rawJson') dispatch({ type: 'push', screen: { id: 'json', commandId: command.id } });
    else if (action === 'permissions') dispatch({ type: 'push', screen: { id: 'permissions', commandId: command.id } });
    else if (action === 'edit') dispatch({ type: 'push', screen: { id: 'editor', commandId: command.id } });
    else if (action === 'delete') dispatch({ type: 'overlay', overlay: { kind: 'confirm-delete', commandId: command.id } });
    else if (action === 'editJson') onEditJson(command);
    else if (action === 'copyCommand') dispatch({ type: 'overlay', overlay: { kind: 'copy', commandId: command.id } });
    else if (action === 'tryCommand') dispatch({ type: 'push', screen: { id: 'try', commandId: command.id } });
  };
  const loading = state.busy !== null && state.busy.write !== true;
  const disabled = {
    ...useAppDisabledKeys(),
    ...listDisabledKeys(state.data.status, selected !== undefined, list.filter !== ''),
    ...(loading || list.filter ? {} : { escape: 'nothing to cancel or clear (q quits).' }),
  };
  useDisabledKeys(list.filtering ? 'filter' : 'list', disabled, active);
  useCommandListInput(active, list, dispatchList, visible, selected, {
    disabled,
    // The load's end says it was cancelled, and that ctrl+r loads again.
    cancelLoad: () => void flows.runner.cancel(),
    onCommand,
    pageRows: listRows(height),
    onScopeAction: (action) => {
      if (action === 'scope') dispatch({ type: 'overlay', overlay: { kind: 'scope-picker' } });
      else if (action === 'switchProfile') dispatch({ type: 'overlay', overlay: { kind: 'profile-picker' } });
      else if (action === 'copyScope') dispatch({ type: 'overlay', overlay: { kind: 'copy' } });
      else if (action === 'openBackups') dispatch({ type: 'push', screen: { id: 'backups' } });
      else if (action === 'openAudit') dispatch({ type: 'push', screen: { id: 'audit' } });
      else if (action === 'new') dispatch({ type: 'push', screen: { id: 'editor' } });
      else if (action === 'export') void flows.exportScope();
    },
  });

  return (
    <Box flexDirection="column" flexGrow={1}>
      <CommandListView
      data={state.data}
      commands={visible}
      rowOf={rowOf}
      selectedIndex={index}
      filter={list.filter}
      filtering={list.filtering}
      onFilterChange={(text) => dispatchList({ type: 'filter-text', text })}
      width={width}
      height={height}
      scopeLabel={scopeLabel(state)}
      active={active}
      />
      <Footer scope={list.filtering ? 'filter' : 'list'} hide={Object.keys(disabled) as Action[]} />
    </Box>
  );
}
