/** The detail screen: the command's full description and the actions on it. */
import { validateCommand } from '../../../discord/validate.js';
import { PermissionType, type Command } from '../../../discord/model.js';
import type { GuildDirectory } from '../../../discord/overwrite-targets.js';
import { detailLines } from '../../format/detail-lines.js';
import type { Action } from '../../input/key-bindings.js';
import { useAppContext } from '../../state/app-context.js';
import { overwritesOf } from '../../state/app-state.js';
import { validationContextOf } from '../../state/validation-context.js';
import { PaneScreen } from '../pane-screen.js';
import { useGuildDirectory } from './use-guild-directory.js';

/** Until the guild's names are read (or when they cannot be), the shared naming shows targets by id. */
function unloadedDirectory(guildId: string): GuildDirectory {
  return { guildId, roles: [], channels: [], unread: ['roles', 'channels'] };
}

export function CommandDetail({ command, height, active, onCommandAction }: { command: Command; height: number; active: boolean; onCommandAction: (action: Action, command: Command) => void }) {
  const { state, dispatch } = useAppContext();
  const known = state.scope.kind === 'guild' && state.data.status === 'ready' && state.data.permissions !== null;
  const guildId = known && state.scope.kind === 'guild' ? state.scope.guildId : undefined;
  const overwrites = guildId ? overwritesOf(state, command.id) : null;
  const userIds = (overwrites?.permissions ?? []).filter((o) => o.type === PermissionType.User).map((o) => o.id);
  const directory = useGuildDirectory(guildId, userIds);
  const lines = detailLines(command, {
    guild: guildId ? { overwrites, directory: directory ?? unloadedDirectory(guildId) } : undefined,
    overwritesNote: state.data.status === 'ready' ? state.data.permissionsNote : undefined,
    problems: validateCommand(command, validationContextOf(state)),
  });
  return (
    <PaneScreen
      scope="detail"
      lines={lines}
      height={height}
      active={active}
      onAction={(action) => {
        if (action === 'back') dispatch({ type: 'pop' });
        else if (['edit', 'editJson', 'delete', 'permissions', 'rawJson', 'copyCommand', 'tryCommand'].includes(action)) onCommandAction(action, command);
        else return false;
        return true;
      }}
    />
  );
}
