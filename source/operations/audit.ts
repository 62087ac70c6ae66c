/**
 * The audit, for `cmd-tui audit` and the TUI's audit screen alike: what it reads first (the app, the
 * global commands, the guilds to audit — openAudit), then one bounded pool of guilds in flight (the
 * client's queues keep the pace within Discord's limits), each guild's outcome handed on as soon as it
 * is read, the first failure ending the run; and one scope audited again once a finding is fixed.
 */
import type { DiscordApi } from '../api/contract.js';
import { auditOneGuild, guildNamed, isNotInstalled, type GuildOutcome } from '../api/guild-audit.js';
import { factsOf, type AppFacts } from '../discord/app-facts.js';
import { auditGlobal, type GlobalAudit } from '../discord/audit.js';
import { GLOBAL_SCOPE, type Application, type Command, type PartialGuild, type Scope } from '../discord/model.js';
import { mapBounded } from './bounded-map.js';

export type { GuildOutcome } from '../api/guild-audit.js';

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

/** Which guilds an audit reads beside the global scope: every guild of the credentials, one (by id, its name when known), or none. */
export type AuditedGuilds = 'all' | 'none' | { id: string; name?: string };

/** An audit under way: what it read before the guilds, and the guilds to audit. */
export interface Audit {
  app: AppFacts;
  globalCommands: Command[];
  /** The findings of the global scope. */
  global: GlobalAudit;
  /** The guilds to audit, by id and name only (the listing's other fields would stay for the whole run). */
  guilds: PartialGuild[];
  /** Audits `guilds` (auditGuilds): `each` is told every outcome with its index; `stop` ends the run early. */
  run(each: (outcome: GuildOutcome, index: number) => void, stop?: AbortSignal): Promise<void>;
  /** False for a guild the app is not installed in found by an audit of every guild: a signed-in user's guild list holds guilds that are not the app's. */
  isAppGuild(outcome: GuildOutcome): boolean;
}

export interface AuditOptions {
  /** The application as read already (the TUI's header): not read again. */
  application?: Application;
  /** Called before each read the audit makes (the TUI's progress counts them). */
  onRead?: () => void;
}

/** Reads what an audit starts from — the app, the global commands, the guilds to audit — and audits the global scope; `run` audits the guilds. */
export async function openAudit(api: DiscordApi, guilds: AuditedGuilds, options: AuditOptions = {}): Promise<Audit> {
  const reading = options.onRead ? countingReads(api, options.onRead) : api;
  const app = factsOf(options.application ?? (await reading.getApplication()), api.applicationId);
  const globalCommands = await reading.listCommands(GLOBAL_SCOPE, { withLocalizations: true });
  const global = auditGlobal(globalCommands, app);
  const listed = guilds === 'all' ? await reading.listCurrentUserGuilds() : guilds === 'none' ? [] : [guilds.name === undefined ? await guildNamed(reading, guilds.id) : { id: guilds.id, name: guilds.name }];
  const named = listed.map(({ id, name }) => ({ id, name }));
  return {
    app,
    globalCommands,
    global,
    guilds: named,
    run: (each, stop) => auditGuilds(reading, named, globalCommands, app, each, stop),
    isAppGuild: (outcome) => !(guilds === 'all' && isNotInstalled(outcome)),
  };
}

/** One scope audited again (a finding fixed elsewhere): the global scope, or one guild beside the global commands as they are now. */
export async function auditScopeAgain(api: DiscordApi, app: AppFacts, scope: Scope, guildName: string): Promise<{ global: GlobalAudit } | { guild: GuildOutcome }> {
  const globalCommands = await api.listCommands(GLOBAL_SCOPE, { withLocalizations: true });
  if (scope.kind === 'global') return { global: auditGlobal(globalCommands, app) };
  return { guild: await auditOneGuild(api, { id: scope.guildId, name: guildName }, globalCommands, app) };
}

/** The API with each of its reads told to `onRead` first. */
function countingReads(api: DiscordApi, onRead: () => void): DiscordApi {
  return new Proxy(api, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string' || !/^(list|get)/.test(property)) return value;
      return (...args: unknown[]) => {
        onRead();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
