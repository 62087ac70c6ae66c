/**
 * The resources an agent reads before writing a command: every rule and limit cmd-tui checks, as
 * Markdown to read and as JSON to use, both generated from the one rules table (discord/rules-reference.ts).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { limitsReference, rulesReference, rulesReferenceText } from '../discord/rules-reference.js';

export const RULES_URI = 'cmd-tui://rules';
export const RULES_JSON_URI = 'cmd-tui://rules.json';

export function registerRulesResources(server: McpServer): void {
  server.registerResource(
    'rules',
    RULES_URI,
    { title: 'Application command rules and limits', description: 'Every rule and limit of Discord application commands that validate_commands and plan_changes check, with the words each problem is told in. Read it before writing a command.', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: rulesReferenceText() }] }),
  );
  server.registerResource(
    'rules-json',
    RULES_JSON_URI,
    { title: 'Application command rules and limits (JSON)', description: 'The same rules and limits as JSON: {limits: [{limit, value}], rules: [{id, severity, text, discordCode}]}.', mimeType: 'application/json' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ limits: limitsReference(), rules: rulesReference() }, null, 2) }] }),
  );
}
