/**
 * The guilds picked recently in the TUI, per API and application, most recent first: a guild typed
 * by id (client credentials list no guilds) is offered again next time. Kept in the settings file
 * under the API's target, so it is written atomically with everything else there.
 */
import { withTarget, type RecentGuild, type Settings, type SettingsStore } from './settings.js';

/** A short list: these are the guilds someone works in, not a directory. */
export const MAX_RECENT_GUILDS = 8;

export function recentGuildsOf(settings: Settings, baseUrl: string, applicationId: string): RecentGuild[] {
  return settings.targets?.[baseUrl]?.recentGuilds?.[applicationId] ?? [];
}

/** The guild first, an earlier entry for it dropped (its name kept when this one has none). */
export function withRecentGuild(settings: Settings, baseUrl: string, applicationId: string, guild: RecentGuild): Settings {
  const before = recentGuildsOf(settings, baseUrl, applicationId);
  const name = guild.name ?? before.find((g) => g.id === guild.id)?.name;
  const next = [{ id: guild.id, ...(name ? { name } : {}) }, ...before.filter((g) => g.id !== guild.id)].slice(0, MAX_RECENT_GUILDS);
  const recentGuilds = { ...settings.targets?.[baseUrl]?.recentGuilds, [applicationId]: next };
  return withTarget(settings, baseUrl, { recentGuilds });
}

export function rememberRecentGuild(store: SettingsStore, baseUrl: string, applicationId: string, guild: RecentGuild): Promise<void> {
  return store.edit((current) => withRecentGuild(current, baseUrl, applicationId, guild));
}
