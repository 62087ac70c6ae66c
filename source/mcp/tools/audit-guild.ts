/** `audit_guild`: the audit's findings for one guild and the global scope. */
import { buildReport } from '../../discord/audit.js';
import { openAudit, type GuildOutcome } from '../../operations/audit.js';
import * as z from '../zod.js';
import { guildId } from '../scope-input.js';
import { defineTool } from '../tool.js';

const finding = z.object({
  kind: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  guildId: z.optional(z.string()),
  commandId: z.optional(z.string()),
  commandName: z.optional(z.string()),
  message: z.string(),
  hint: z.optional(z.string()),
  overwrite: z.optional(z.object({ type: z.int(), id: z.string() }).check(z.describe('The overwrite the finding is about (a deleted role\'s, a hidden channel\'s): where its fix lands.'))),
});
const counts = z.array(z.object({ type: z.string(), count: z.int(), cap: z.int() }));

export const auditGuildTool = defineTool({
  name: 'audit_guild',
  title: 'Audit a guild',
  description:
    "Audits a guild and the global scope: ghost duplicates (a global command shadowed by a guild one of the same name), commands only administrators can use, overwrites naming deleted roles or channels the bot cannot see, orphan overwrites, every rule problem of the stored commands, and how close each type is to its cap. Each finding has a severity, a message and usually a hint. Read-only.",
  input: z.object({ guild: guildId }),
  output: z.object({
    applicationId: z.string(),
    global: z.looseObject({ commandCount: z.int(), counts, findings: z.array(finding) }),
    guilds: z.array(z.looseObject({ guildId: z.string(), guildName: z.string(), counts, findings: z.array(finding) })),
    guildsWithCommands: z.array(z.string()),
    totals: z.object({ error: z.int(), warning: z.int(), info: z.int() }),
  }),
  annotations: { readOnlyHint: true, openWorldHint: true },
  async run({ guild }, { door, signal }) {
    const api = (await door.workspace()).api.withSignal(signal);
    const audit = await openAudit(api, { id: guild });
    const outcomes: GuildOutcome[] = [];
    await audit.run((outcome) => outcomes.push(outcome), signal);
    return { output: buildReport(api.applicationId, audit.global, outcomes) };
  },
});
