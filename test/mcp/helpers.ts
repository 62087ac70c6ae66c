/**
 * The agents' door as an agent meets it: the built binary's `cmd-tui mcp` started by the SDK's own client
 * over stdio, in the environment a test gives it (an isolated home's `env`: the run's sealed one, so a
 * contributor's exported DISCORD_BOT_TOKEN or CMD_TUI_PROFILE does not leak in).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI_PATH } from '../helpers/cli.js';

export interface McpSession {
  client: Client;
  /** What the server said on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

export async function startStdioDoor(args: string[], env: NodeJS.ProcessEnv): Promise<McpSession> {
  // The SDK takes only set variables (a key left out is one cmd-tui does not see).
  const set = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, 'mcp', ...args], env: set, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'cmd-tui-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** A tool's result with the shapes the tests read. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult & { structuredContent?: any }> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** Every text a result shows the agent. */
export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}
