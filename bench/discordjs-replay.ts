/**
 * Child process of audit.bench.ts: replays an audit's requests through @discordjs/rest, the client a
 * discord.js user would reach for. Reads {baseOrigin, botToken, requests} as JSON from argv[2];
 * requests outside a guild run first, one by one, then each guild's requests together with
 * GUILDS_IN_FLIGHT guilds at a time, as `cmd-tui audit` reads them.
 */
import { readFileSync } from 'node:fs';
import { REST } from '@discordjs/rest';

export interface ReplayPlan {
  origin: string;
  botToken: string;
  guildsInFlight: number;
  /** API paths without the /api/v10 prefix, each with the query `cmd-tui audit` sent. */
  requests: { path: string; query?: string; guildId?: string }[];
}

async function replay(plan: ReplayPlan): Promise<void> {
  const rest = new REST({ version: '10', api: `${plan.origin}/api` }).setToken(plan.botToken);
  const get = (request: ReplayPlan['requests'][number]) =>
    rest.get(request.path as `/${string}`, request.query ? { query: new URLSearchParams(request.query) } : {});
  for (const request of plan.requests.filter((r) => r.guildId === undefined)) await get(request);
  const byGuild = new Map<string, ReplayPlan['requests']>();
  for (const request of plan.requests) if (request.guildId !== undefined) byGuild.set(request.guildId, [...(byGuild.get(request.guildId) ?? []), request]);
  const guilds = [...byGuild.values()];
  let next = 0;
  const worker = async () => {
    while (next < guilds.length) {
      const requests = guilds[next++]!;
      await Promise.all(requests.map(get));
    }
  };
  await Promise.all(Array.from({ length: plan.guildsInFlight }, worker));
}

await replay(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ReplayPlan);
