/**
 * `cmd-tui mcp` as a coding agent starts it: the built binary over stdio, driven by the SDK's own client,
 * against the emulator on real HTTP, with the user's credentials from the environment. The tools are
 * listed with their schemas; each answers through the operations layer as the CLI would; the rules are
 * readable; no output carries the token; the server ends when the agent closes stdin.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCommandSet } from '../../source/discord/validate.js';
import { CLI_PATH } from '../helpers/cli.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { signedBot } from '../helpers/signed-bot.js';
import { mutating, requestLog } from '../commands/emulator-requests.js';
import { callTool, startStdioDoor, textOf, type McpSession } from './helpers.js';

const emulator = useEmulator({ seed: 'demo' });
// The in-process emulator leaves no secret in the door's home: given as for a serve elsewhere.
const home = useIsolatedHome(() => ({ DISCORD_BOT_TOKEN: emulator().botToken, CMD_TUI_EMULATOR_SECRET: emulator().controlSecret }), 'file');
let door: McpSession;
/** Writes to commands the file's setup made (the bot's endpoint), before any tool ran. */
let writesBefore = 0;
/** Every text the door gave the agent, for the check that none holds the token. */
const seen: string[] = [];

const bot = signedBot<{ type?: unknown; data?: { name?: string; options?: { name: string; value: unknown }[] } }>(
  () => emulator().verifyKey,
  (interaction) => ({ type: 4, data: { content: `Pong! ${interaction.data?.options?.map((option) => `${option.name}=${String(option.value)}`).join(' ') ?? ''}`.trim() } }),
);

beforeAll(async () => {
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  const endpoint = await call(emulator(), 'PATCH', '/applications/@me', { auth: botAuth(emulator()), json: { interactions_endpoint_url: `http://127.0.0.1:${(bot.address() as AddressInfo).port}/` } });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
  writesBefore = mutating(await requestLog(emulator())).length;
  door = await startStdioDoor(['--api', emulator().baseUrl], home.env);
});

afterAll(async () => {
  await door?.close();
  bot.close();
});

async function tool(name: string, args: Record<string, unknown>) {
  const result = await callTool(door.client, name, args);
  seen.push(textOf(result), JSON.stringify(result.structuredContent ?? null));
  return result;
}

describe('the tools', () => {
  it('are listed with their names, descriptions and input and output schemas', async () => {
    const { tools } = await door.client.listTools();
    expect(tools.map((listed) => listed.name)).toEqual(['list_commands', 'validate_commands', 'plan_changes', 'apply_plan', 'who_can_use', 'audit_guild', 'try_command']);
    for (const listed of tools) {
      expect(listed.description!.length, listed.name).toBeGreaterThan(80);
      expect(listed.inputSchema.type).toBe('object');
      expect(listed.outputSchema?.type, listed.name).toBe('object');
    }
    const validate = tools.find((listed) => listed.name === 'validate_commands')!;
    expect(validate.inputSchema.required).toEqual(['commands']);
    // Each input says what it takes (the descriptions survive the build's own zod copy for the door).
    expect((validate.inputSchema.properties as Record<string, { description?: string }>).commands!.description).toContain("as Discord's API takes it");
    expect(validate.annotations).toMatchObject({ readOnlyHint: true });
  });

  it('list_commands: the scope as the API has it', async () => {
    const listed = await tool('list_commands', { guild: emulator().guildIds[0] });
    expect(listed.isError).toBeFalsy();
    const live = (await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[0]}/commands?with_localizations=true`, { auth: botAuth(emulator()) })).body as { id: string }[];
    expect(listed.structuredContent.scope).toEqual({ kind: 'guild', guildId: emulator().guildIds[0] });
    expect(listed.structuredContent.commands.map((command: { id: string }) => command.id)).toEqual(live.map((command) => command.id));
    // The same as JSON text, for clients that read only text.
    expect(JSON.parse(textOf(listed))).toEqual(listed.structuredContent);
  });

  it('validate_commands: every error of a broken command with its path, in the validator\'s words, offline', async () => {
    const before = (await requestLog(emulator())).length;
    const broken = {
      name: 'Remind Me',
      description: '',
      options: [
        { type: 3, name: 'when', description: 'When', required: false },
        { type: 3, name: 'what', description: 'What', required: true },
        { type: 4, name: 'times', description: 'How often', min_value: 5, max_value: 1 },
      ],
    };
    const result = await tool('validate_commands', { commands: [broken] });
    expect(result.isError).toBeFalsy();
    const { valid, errors, problems } = result.structuredContent as { valid: boolean; errors: number; problems: { path: string; rule: string; message: string; severity: string }[] };
    expect(valid).toBe(false);
    expect(problems.map(({ path, rule }) => [path, rule])).toEqual([
      ['[0].name', 'name.pattern'],
      ['[0].description', 'description.length'],
      ['[0].options[2].min_value', 'bounds.value-order'],
      ['[0].options[1]', 'options.required-order'],
    ]);
    expect(problems).toEqual(validateCommandSet([broken], { scope: 'global', appFlags: 'unknown' }).map(({ path, rule, message, severity }) => ({ path, rule, message, severity })));
    expect(errors).toBe(4);
    expect(problems[0]!.message).toContain('`remind-me`');
    // Offline: nothing reached the API.
    expect((await requestLog(emulator())).length).toBe(before);
  });

  it('who_can_use: per role and channel with the reasons, one role, or one member as they are', async () => {
    const [hq] = emulator().guildIds;
    const grid = await tool('who_can_use', { guild: hq, command: 'mod-tools' });
    expect(grid.isError, textOf(grid)).toBeFalsy();
    const moderator = grid.structuredContent.roles.find((row: { role: string }) => row.role === '@Moderator');
    expect(moderator.channels).toContainEqual(expect.objectContaining({ channel: '#bot-commands', allowed: true, reason: 'allowed: role @Moderator overwrite on the command' }));
    const oneRole = await tool('who_can_use', { guild: hq, command: '/mod-tools', role: moderator.roleId });
    expect(oneRole.structuredContent.roles.map((row: { role: string }) => row.role)).toEqual(['@Moderator']);
    expect(oneRole.structuredContent.users).toEqual([]);
    const channelId = moderator.channels.find((cell: { channel: string }) => cell.channel === '#bot-commands').channelId;
    const member = await tool('who_can_use', { guild: hq, command: 'mod-tools', user: emulator().seeded.memberUserId, channel: channelId });
    expect(member.structuredContent).toMatchObject({ command: '/mod-tools', user: '@Milo (mod)', channels: [{ channel: '#bot-commands', allowed: true, stage: 'member' }] });
    const unknown = await tool('who_can_use', { guild: hq, command: 'no-such-command' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('No command "no-such-command" in this guild or globally.');
    // Where to look, in the agent's tools: no cmd-tui command line, no app-level entry (nobody runs it).
    expect(textOf(unknown)).toContain('Use a command that list_commands shows for this guild or the global scope.');
    expect(textOf(unknown)).not.toMatch(/cmd-tui|`app`/);
    const nobody = await tool('who_can_use', { guild: hq, command: 'mod-tools', user: '123456789012345678' });
    expect(nobody.isError).toBe(true);
    expect(textOf(nobody)).toContain('123456789012345678 names no member of Pixel Pal HQ (Discord answered Unknown');
    expect(textOf(nobody)).not.toContain('refresh');
    // The operation's refusal, nothing read: a member is answered for with the roles they hold.
    const before = (await requestLog(emulator())).length;
    const both = await tool('who_can_use', { guild: hq, command: 'mod-tools', user: emulator().seeded.memberUserId, role: moderator.roleId });
    expect(both.isError).toBe(true);
    expect(textOf(both)).toBe('Ask for one member or one role, not both: a member is answered for with the roles they hold.');
    expect((await requestLog(emulator())).length).toBe(before);
  });

  it('audit_guild: the findings of a guild and the global scope', async () => {
    const result = await tool('audit_guild', { guild: emulator().guildIds[0] });
    expect(result.isError, textOf(result)).toBeFalsy();
    const report = result.structuredContent as { applicationId: string; guilds: { guildId: string; findings: { kind: string; severity: string; message: string }[] }[]; totals: { error: number; warning: number; info: number } };
    expect(report.applicationId).toBe(emulator().applicationId);
    expect(report.guilds.map((guild) => guild.guildId)).toEqual([emulator().guildIds[0]]);
    const findings = report.guilds[0]!.findings;
    expect(findings.length).toBeGreaterThan(0);
    expect(report.totals.error + report.totals.warning + report.totals.info).toBeGreaterThanOrEqual(findings.length);
  });

  it("try_command: the bot's reply as the client shows it, on the emulator", async () => {
    const [hq] = emulator().guildIds;
    const commands = (await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${hq}/commands`, { auth: botAuth(emulator()) })).body as { name: string; options?: { type: number; name: string; required?: boolean }[] }[];
    const simple = commands.find((command) => !command.options?.some((option) => option.required || option.type <= 2))!;
    const result = await tool('try_command', { command: `/${simple.name}`, guild: hq });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ command: `/${simple.name}`, answered: true, original: { content: 'Pong!' } });
    expect(result.structuredContent.reply.join('\n')).toContain('Pong!');
    // Where cmd-tui try and the TUI start: the app's owner, in the first channel they may use it in.
    expect(result.structuredContent.user).toBe('@Ada (admin)');
    const refused = await tool('try_command', { command: 'no-such-command', guild: hq });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^No slash command \/no-such-command in Pixel Pal HQ \(\d+\) or among the global commands\.\nUse a command that list_commands shows for this guild or the global scope\.$/);
  });

  it('try_command without the control secret, or with a stale one, says which and how to give it in the server\'s env', async () => {
    const { CMD_TUI_EMULATOR_SECRET: _given, ...withoutSecret } = home.env;
    for (const [env, words] of [
      [withoutSecret, `No control secret for ${emulator().origin} (a serve started by another user, in another CMD_TUI_HOME or in a container`],
      [{ ...withoutSecret, CMD_TUI_EMULATOR_SECRET: 'a-stale-secret' }, `CMD_TUI_EMULATOR_SECRET was refused by the serve at ${emulator().origin}: its control secret is new at each start`],
    ] as const) {
      const other = await startStdioDoor(['--api', emulator().baseUrl], env);
      try {
        const result = await callTool(other.client, 'try_command', { command: '/ping', guild: emulator().guildIds[0] });
        const text = textOf(result);
        expect(result.isError).toBe(true);
        expect(text).toContain(words);
        expect(text).toContain("in the env of this MCP server in your client's configuration, and restart the server");
        expect(text).not.toContain(emulator().controlSecret);
        expect(text).not.toContain('a-stale-secret');
      } finally {
        await other.close();
      }
    }
  });

  it('a tool refuses what it is not given as its schema says', async () => {
    const result = await tool('who_can_use', { guild: 'not-an-id', command: 'x' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Input validation error');
  });
});

describe('the rules', () => {
  it('are resources an agent reads before writing a command, generated from the rules table', async () => {
    const { resources } = await door.client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['cmd-tui://rules', 'cmd-tui://rules.json']);
    const text = (await door.client.readResource({ uri: 'cmd-tui://rules' })).contents[0] as { text: string; mimeType: string };
    expect(text.mimeType).toBe('text/markdown');
    expect(text.text).toContain('- `name.length` (error; Discord: BASE_TYPE_BAD_LENGTH): name has ‹length› characters: use 1–32');
    expect(text.text).toContain('- per scope: CHAT_INPUT 100, USER 15, MESSAGE 15, PRIMARY_ENTRY_POINT 1');
    const json = JSON.parse(((await door.client.readResource({ uri: 'cmd-tui://rules.json' })).contents[0] as { text: string }).text) as { rules: { id: string }[] };
    expect(json.rules.map((rule) => rule.id)).toContain('size.total');
  });
});

describe('credentials', () => {
  it('never appear in what the door says, and nothing was written but what a tool was asked to write', async () => {
    expect(seen.length).toBeGreaterThan(5);
    for (const text of [...seen, door.stderr()]) expect(text).not.toContain(emulator().botToken);
    expect(mutating(await requestLog(emulator())).length).toBe(writesBefore);
  });
});

describe('the process', () => {
  it('ends, exit 0, when the agent closes stdin', async () => {
    const child = spawn(process.execPath, [CLI_PATH, 'mcp', '--api', emulator().baseUrl], { env: home.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n`);
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    expect(await exited).toBe(0);
    expect(JSON.parse(stdout.trim())).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
