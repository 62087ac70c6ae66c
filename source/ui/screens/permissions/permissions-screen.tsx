/**
 * The `permissions` screen (p on a command, A for the app-level defaults): overwrites live per guild,
 * so it edits in the current guild, or — when the scope is Global — asks which guild first.
 */
import { useState } from 'react';
import { useAppContext } from '../../state/app-context.js';
import { guildChoices } from '../overlays/guild-choices.js';
import { useRecentGuilds } from '../overlays/use-recent-guilds.js';
import { FilterPicker } from './filter-picker.js';
import { GuildPermissions } from './guild-permissions.js';

export interface PermissionsScreenProps {
  /** A command id, or the application id for the app-level defaults. */
  entryId: string;
  /** Picked on this screen earlier (Global scope). */
  guildId?: string;
  height: number;
  width: number;
  active: boolean;
}

export function PermissionsScreen({ entryId, guildId, height, width, active }: PermissionsScreenProps) {
  const { state } = useAppContext();
  const guild = guildId ?? (state.scope.kind === 'guild' ? state.scope.guildId : undefined);
  if (!guild) return <GuildChoice entryId={entryId} height={height} active={active} />;
  return <GuildPermissions key={`${guild}:${entryId}`} entryId={entryId} guildId={guild} height={height} width={width} active={active} />;
}

/** Global scope: overwrites are per guild, so pick one (the scope itself stays Global), or type its id. */
function GuildChoice({ entryId, height, active }: { entryId: string; height: number; active: boolean }) {
  const { state, dispatch } = useAppContext();
  const [query, setQuery] = useState('');
  const { recent, remember } = useRecentGuilds();
  const choices = guildChoices(state.guilds, recent, query);
  return (
    <FilterPicker
      title="Permission overwrites are set per guild: pick the guild"
      hint="a guild's name, or any guild id"
      query={query}
      onQueryChange={setQuery}
      items={choices.map((c) => ({ key: c.id, label: c.label, note: c.note }))}
      emptyText="No guild by that name. Type a guild id (Developer Mode › right-click the server › Copy Server ID); esc goes back."
      status={state.guilds.length === 0 ? 'No guilds listed (client credentials list none): type a guild id.' : undefined}
      onPick={(id) => {
        remember(id);
        dispatch({ type: 'pop' });
        dispatch({ type: 'push', screen: { id: 'permissions', commandId: entryId, guildId: id } });
      }}
      onClose={() => dispatch({ type: 'pop' })}
      height={height}
      active={active}
    />
  );
}
