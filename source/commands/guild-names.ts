/**
 * The names of the guilds a command's messages name — `guild Pixel Pal HQ (1579…)`, not an id alone —
 * looked up once at the door's edge (connect.ts, copy, restore): the name cmd-tui remembered when it
 * last listed the app's guilds, else the guild itself when the credentials may read it (a bot token),
 * remembered for next time. Never a failure: a guild whose name cannot be had is named by its id. Kept
 * for this process, as the secrets to redact are (terminal/redact-secrets.ts).
 */
import type { DiscordApi } from '../api/contract.js';
import { cachedGuilds, rememberGuild } from '../config/guild-cache.js';
import type { AppPaths } from '../config/paths.js';
import type { Scope } from '../discord/model.js';

const known = new Map<string, string>();

export function knownGuildName(guildId: string): string | undefined {
  return known.get(guildId);
}

/** Learns the names of the guild scopes given (the global scope has none); `paths`: where the guild cache is. */
export async function learnGuildNames(api: DiscordApi, paths: AppPaths, ...scopes: Scope[]): Promise<void> {
  const guildIds = scopes.flatMap((scope) => (scope.kind === 'guild' && !known.has(scope.guildId) ? [scope.guildId] : []));
  if (guildIds.length === 0) return;
  const cached = await cachedGuilds(paths, api.baseUrl, api.applicationId);
  await Promise.all(
    guildIds.map(async (guildId) => {
      const remembered = cached.find((guild) => guild.id === guildId)?.name;
      // Any refusal (client credentials read no guild, a bot not in it) only leaves the id.
      const name = remembered ?? (await api.getGuild(guildId).then((guild) => guild.name, () => undefined));
      if (name === undefined || name === '') return;
      known.set(guildId, name);
      if (remembered === undefined) await rememberGuild(paths, api.baseUrl, api.applicationId, { id: guildId, name });
    }),
  );
}
