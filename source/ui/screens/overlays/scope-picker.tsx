/**
 * `s` (and the copy dialog's target): pick Global or a guild — one of the app's guilds by name, one
 * picked recently, or any guild by its id (client credentials list no guilds, yet `list --guild ID` works with them).
 */
import { useState } from 'react';
import { GLOBAL_SCOPE, guildScope, type PartialGuild, type Scope } from '../../../discord/model.js';
import { FilterPicker } from '../permissions/filter-picker.js';
import { guildChoices } from './guild-choices.js';
import { useRecentGuilds } from './use-recent-guilds.js';

const GLOBAL_KEY = 'global';

export interface ScopePickerProps {
  guilds: readonly PartialGuild[];
  onPick: (scope: Scope) => void;
  onClose: () => void;
  height: number;
  title?: string;
  /** A scope not offered (the copy's source; Global where only a guild will do). */
  exclude?: Scope;
  /** False while something drawn over it has the keys. */
  active?: boolean;
}

export function ScopePicker({ guilds, onPick, onClose, height, title = 'Which commands? Pick a scope', exclude, active = true }: ScopePickerProps) {
  const [query, setQuery] = useState('');
  const { recent, remember } = useRecentGuilds();
  const excluded = exclude?.kind === 'guild' ? exclude.guildId : undefined;
  const choices = guildChoices(guilds, recent, query).filter((choice) => choice.id !== excluded);
  const needle = query.trim().toLowerCase();
  const global = exclude?.kind !== 'global' && (needle === '' || 'global'.includes(needle)) ? [{ key: GLOBAL_KEY, label: 'Global (every guild, and DMs)' }] : [];
  return (
    <FilterPicker
      title={title}
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
      active={active}
    />
  );
}
