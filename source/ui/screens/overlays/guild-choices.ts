/**
 * The guilds a guild picker offers for what was typed: the credentials' guilds (by name or id
 * prefix), then the recently picked ones they do not list (a guild typed by id earlier: client
 * credentials list no guilds at all), then the typed id itself when it is a snowflake nobody listed.
 * Pure; the scope picker and the permissions screen's guild choice both use it.
 */
import type { PartialGuild } from '../../../discord/model.js';
import type { RecentGuild } from '../../../config/settings.js';

export interface GuildChoice {
  id: string;
  label: string;
  note: string;
}

const SNOWFLAKE = /^\d{15,20}$/;

export function guildChoices(guilds: readonly PartialGuild[], recent: readonly RecentGuild[], query: string): GuildChoice[] {
  const needle = query.trim().toLowerCase();
  const matches = (name: string | undefined, id: string) => needle === '' || (name ?? '').toLowerCase().includes(needle) || id.startsWith(needle);
  const listed: GuildChoice[] = guilds.filter((g) => matches(g.name, g.id)).map((g) => ({ id: g.id, label: g.name, note: g.id }));
  const remembered: GuildChoice[] = recent
    .filter((r) => !guilds.some((g) => g.id === r.id) && matches(r.name, r.id))
    .map((r) => ({ id: r.id, label: r.name ?? `guild ${r.id}`, note: `${r.id} · picked recently` }));
  const known = [...listed, ...remembered];
  const typed: GuildChoice[] =
    SNOWFLAKE.test(needle) && !known.some((c) => c.id === needle) ? [{ id: needle, label: `guild ${needle}`, note: 'typed id · Discord answers whether the app is there' }] : [];
  return [...known, ...typed];
}
