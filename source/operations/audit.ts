/**
 * Auditing guilds, for `cmd-tui audit` and the TUI's audit screen alike: one bounded pool of guilds in
 * flight (the client's queues keep the pace within Discord's limits), each guild's outcome handed on
 * as soon as it is read, the first failure ending the run.
 */
import type { DiscordApi } from '../api/contract.js';
import { auditOneGuild, type GuildOutcome } from '../api/guild-audit.js';
import type { AppFacts } from '../discord/app-facts.js';
import type { Command, PartialGuild } from '../discord/model.js';
import { mapBounded } from './bounded-map.js';

/**
 * Guilds read at once. Each guild costs 2–4 requests on its own per-guild buckets, so 8 in flight
 * keep the client's 50 requests/s global budget busy without piling up queued requests; a raised
 * limit (`--max-rps`) gets proportionally more: one guild per 50/s (40 at 2,000/s) keeps about 80 ms of
 * sends queued. More only waits in the queue, and every waiting request is live memory that each young
 * collection copies (maxRps/6 guilds: a third of a second queued, 15% more CPU per request).
 */
const GUILDS_IN_FLIGHT = 8;

export function guildsInFlight(maxRequestsPerSecond: number): number {
  return Math.max(GUILDS_IN_FLIGHT, Math.ceil(maxRequestsPerSecond / 50));
}

/** `each` is told every guild's outcome as it finishes, with the guild's index in `guilds`; `stop` ends the run early. */
export async function auditGuilds(
  api: DiscordApi,
  guilds: readonly PartialGuild[],
  globalCommands: Command[],
  app: AppFacts,
  each: (outcome: GuildOutcome, index: number) => void,
  stop?: AbortSignal,
): Promise<void> {
  await mapBounded(guilds, guildsInFlight(api.maxRequestsPerSecond), async (guild, index, signal) => each(await auditOneGuild(api, guild, globalCommands, app, signal), index), stop);
}
