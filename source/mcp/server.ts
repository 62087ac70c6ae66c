/**
 * The agents' door: an MCP server whose tools are the operations a person has in the CLI and the TUI,
 * with the same refusals — each tool a thin schema over source/operations (tools/*.ts) — and the rules
 * as resources. One server per connection (stdio) or per request (Streamable HTTP, stateless); the plans
 * they make are kept in one store for the whole process.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { VERSION } from '../version.js';
import type { McpDoor } from './door.js';
import type { PlanStore } from './plan-store.js';
import { registerRulesResources, RULES_URI } from './rules-resources.js';
import { answerResult, failureResult, isDescribed, type Tool } from './tool.js';
import type { PreparedPlan } from '../operations/prepare-plan.js';
import { applyPlan } from './tools/apply-plan.js';
import { auditGuildTool } from './tools/audit-guild.js';
import { listCommands } from './tools/list-commands.js';
import { planChanges } from './tools/plan-changes.js';
import { tryCommand } from './tools/try-command.js';
import { validateCommands } from './tools/validate-commands.js';
import { whoCanUseTool } from './tools/who-can-use.js';

/** The tools, in the order an agent meets them. Their names are the interface. */
export const TOOLS: readonly Tool[] = [listCommands, validateCommands, planChanges, applyPlan, whoCanUseTool, auditGuildTool, tryCommand];

const INSTRUCTIONS = [
  "cmd-tui manages a Discord app's application commands with the user's own credentials, holding every change to Discord's rules before anything is sent.",
  `Read ${RULES_URI} before writing a command. validate_commands checks commands offline.`,
  'To change a scope: plan_changes with the complete list of commands it should hold (prune: true also deletes the others), show the user the plan and its refusals, then apply_plan with its planId and confirm: true once they agree. apply_plan carries out exactly that plan or nothing: plan again when the scope changed. Give an override a refusal names (overrides: ["delete-many"]) only when the user asked for it.',
  'who_can_use explains who may run a command and why; audit_guild finds problems; try_command runs a command against the bot on a cmd-tui serve emulator.',
].join('\n');

/** `unexpected`: told a tool's failure that is a bug (the agent is told it is one), for the person running the server. */
export function createMcpServer(door: McpDoor, plans: PlanStore<PreparedPlan>, unexpected: (error: unknown) => void): McpServer {
  const server = new McpServer({ name: 'cmd-tui', title: 'cmd-tui', version: VERSION }, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.input, outputSchema: tool.output, annotations: tool.annotations },
      async (input, extra) => {
        const token = extra._meta?.progressToken;
        const progress = (done: number, total: number, message: string) => {
          if (token !== undefined) void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: done, total, message } }).catch(() => undefined);
        };
        try {
          return answerResult(await tool.run(input, { door, plans, signal: extra.signal, progress }));
        } catch (error) {
          if (!isDescribed(error)) unexpected(error);
          return failureResult(error);
        }
      },
    );
  }
  registerRulesResources(server);
  return server;
}
