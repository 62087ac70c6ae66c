/**
 * `s`: pick Global or a guild — one of the app's guilds by name, one picked recently, or any guild by
 * its id (client credentials list no guilds, yet `list --guild ID` works with them).
 */
import { useState } from 'react';
import { GLOBAL_SCOPE, guildScope, type PartialGuild, type Scope } from '../../../discord/model.js';
import { FilterPicker } from '../permissions/filter-picker.js';
import { guildChoices } from './guild-choices.js';
import { useRecentGuilds } from './use-recent-guilds.js';

const GLOBAL_KEY = 'global';

export function ScopePicker({ guilds, onPick, onClose, height }: { guilds: readonly PartialGuild[]; onPick: (scope: Scope) => void; onClose: () => void; height: number }) {
  const [query, setQuery] = useState('');
  const { recent, remember } = useRecentGuilds();
  const choices = guildChoices(guilds, recent, query);
  const needle = query.trim().toLowerCase();
  const global = needle === '' || 'global'.includes(needle) ? [{ key: GLOBAL_KEY, label: 'Global (every guild, and DMs)' }] : [];
  return (
    <FilterPicker
      title="Which commands? Pick a scope"
      hint="a guild's name, or any guild id"
      query={query}
      onQueryChange={setQuery}
      items={[...global, ...choices.map((c) => ({ key: c.id, label: c.label, note: c.note }))]}
      emptyText="No guild by that name. Type a guild id (Developer Mode › right-click the server › Copy Server ID)."
      status={guilds.length === 0 ? 'No guilds listed (client credentials list none): type a guild id.' : undefined}
      onPick={(key) => {
        if (key === GLOBAL_KEY) return onPick(GLOBAL_SCOPE);
        remember(key);
        onPick(guildScope(key));
      }}
      onClose={onClose}
      height={height}
      active
    />
  );
}
