/**
 * The `permissions` screen (p on a command, A for the app-level defaults): overwrites live per guild,
 * so it edits in the current guild, or — when the scope is Global — asks which guild first.
 */
import { GLOBAL_SCOPE } from '../../../discord/model.js';
import { useAppContext } from '../../state/app-context.js';
import { ScopePicker } from '../overlays/scope-picker.js';
import { GuildPermissions } from './guild-permissions.js';

export interface PermissionsScreenProps {
  /** A command id, or the application id for the app-level defaults. */
  entryId: string;
  /** Picked on this screen earlier (Global scope). */
  guildId?: string;
  /** The overwrite selected at first, when it is in the list. */
  select?: { type: number; id: string };
  height: number;
  width: number;
  active: boolean;
}

export function PermissionsScreen({ entryId, guildId, select, height, width, active }: PermissionsScreenProps) {
  const { state } = useAppContext();
  const guild = guildId ?? (state.scope.kind === 'guild' ? state.scope.guildId : undefined);
  if (!guild) return <GuildChoice entryId={entryId} height={height} active={active} />;
  return <GuildPermissions key={`${guild}:${entryId}`} entryId={entryId} guildId={guild} {...(select ? { select } : {})} height={height} width={width} active={active} />;
}

/** Global scope: overwrites are per guild, so pick one (the scope itself stays Global), or type its id. */
function GuildChoice({ entryId, height, active }: { entryId: string; height: number; active: boolean }) {
  const { state, dispatch } = useAppContext();
  return (
    <ScopePicker
      title="Permission overwrites are set per guild: pick the guild"
      exclude={GLOBAL_SCOPE}
      guilds={state.identity.guilds}
      onPick={(scope) => {
        if (scope.kind !== 'guild') return;
        dispatch({ type: 'pop' });
        dispatch({ type: 'push', screen: { id: 'permissions', commandId: entryId, guildId: scope.guildId } });
      }}
      onClose={() => dispatch({ type: 'pop' })}
      height={height}
      active={active}
    />
  );
}
