/**
 * The audit of one guild beside the global scope (ghost duplicates, admin-only commands, dead overwrite
 * targets, rule problems, caps) as one report, for a door that asks about a single guild: the agents'
 * door's `audit_guild`. Every finding is decided by discord/audit.ts from what api/guild-audit.ts reads
 * (a guild that cannot be read is a finding, as in `cmd-tui audit --guild`, which runs the same pieces).
 */
import type { DiscordApi } from '../api/contract.js';
import { auditOneGuild, guildNamed } from '../api/guild-audit.js';
import { factsOf } from '../discord/app-facts.js';
import { auditGlobal, buildReport, type AuditReport } from '../discord/audit.js';
import { GLOBAL_SCOPE } from '../discord/model.js';

export async function auditGuild(api: DiscordApi, guildId: string, signal?: AbortSignal): Promise<AuditReport> {
  const reading = signal ? api.withSignal(signal) : api;
  const app = factsOf(await reading.getApplication(), reading.applicationId);
  const globalCommands = await reading.listCommands(GLOBAL_SCOPE, { withLocalizations: true });
  const { id, name } = await guildNamed(reading, guildId);
  const outcome = await auditOneGuild(reading, { id, name }, globalCommands, app, signal);
  return buildReport(reading.applicationId, auditGlobal(globalCommands, app), [outcome]);
}
