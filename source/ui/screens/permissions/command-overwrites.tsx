/**
 * The `permissions` screen id. Until the permissions editor (issue 6) replaces it, it shows the
 * command's overwrites in the current guild read-only, and says how to change them.
 */
import type { Command } from '../../../discord/model.js';
import { overwriteLines } from '../../format/detail-lines.js';
import { useAppContext } from '../../state/app-context.js';
import { overwritesOf } from '../../state/app-state.js';
import { PaneScreen } from '../pane-screen.js';

export function CommandOverwrites({ command, height, active }: { command: Command; height: number; active: boolean }) {
  const { state, dispatch } = useAppContext();
  const guildId = state.scope.kind === 'guild' ? state.scope.guildId : undefined;
  const known = guildId !== undefined && state.data.status === 'ready' && state.data.permissions !== null;
  const lines = [
    { text: `Permission overwrites of ${command.name}${guildId ? ` in this guild` : ''}`, tone: 'heading' as const },
    ...overwriteLines({
      overwrites: known ? overwritesOf(state, command.id) : undefined,
      overwritesNote: state.data.status === 'ready' ? state.data.permissionsNote : undefined,
      guildId,
      problems: [],
    }),
    { text: '' },
    { text: 'Read-only here. Only a signed-in user (browser sign-in with applications.commands.permissions.update)', tone: 'secondary' as const },
    { text: 'can change overwrites; a bot token or client credentials cannot.', tone: 'secondary' as const },
  ];
  return (
    <PaneScreen
      scope="permissions"
      lines={lines}
      height={height}
      active={active}
      onAction={(action) => {
        if (action !== 'back') return false;
        dispatch({ type: 'pop' });
        return true;
      }}
    />
  );
}
