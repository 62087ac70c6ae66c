/**
 * The door with no credentials stored and none in the environment, on live Discord's address (which a
 * test never reaches): the offline tool works; the others say what is missing and how to store it, as the
 * CLI does; try_command says why it cannot run on Discord. The agent cannot hand a token in.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useIsolatedHome } from '../helpers/homes.js';
import { callTool, startStdioDoor, textOf, type McpSession } from './helpers.js';

const home = useIsolatedHome({ CMD_TUI_SECRET_STORE: 'file' }, 'file');
let door: McpSession;

beforeAll(async () => {
  door = await startStdioDoor([], home.env);
});

afterAll(async () => {
  await door?.close();
});

it('validates offline', async () => {
  const result = await callTool(door.client, 'validate_commands', { commands: [{ name: 'ping', description: 'Pong' }] });
  expect(result.structuredContent).toMatchObject({ valid: true });
});

it('says which credentials a tool needs and how to store them', async () => {
  for (const [name, args] of [['list_commands', {}], ['audit_guild', { guild: '123456789012345678' }], ['who_can_use', { guild: '123456789012345678', command: 'ping' }]] as const) {
    const result = await callTool(door.client, name, args);
    expect(result.isError, name).toBe(true);
    expect(textOf(result), name).toMatch(/^No credentials: .*\n.*`cmd-tui auth set-bot-token`/);
  }
});

it('try_command: not on live Discord, and why', async () => {
  const result = await callTool(door.client, 'try_command', { command: '/ping' });
  expect(result.isError).toBe(true);
  expect(textOf(result)).toContain('On Discord, no API lets a user run a command');
});

it('no tool takes a token', async () => {
  const { tools } = await door.client.listTools();
  const inputs = tools.flatMap((tool) => Object.keys((tool.inputSchema.properties ?? {}) as Record<string, unknown>));
  expect(inputs.filter((input) => /token|secret|credential|auth/i.test(input))).toEqual([]);
});
