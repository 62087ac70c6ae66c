/**
 * The agents' door's writes, as an agent makes them: the built `cmd-tui mcp` over stdio driven by the SDK's
 * own client, against the emulator on real HTTP. plan_changes plans through the plan engine and keeps the
 * plan under an id; apply_plan carries out exactly that plan — and refuses, sending nothing (the emulator's
 * request log says so), without an id, with an unknown one, unconfirmed, when the scope changed since the
 * plan, and while the engine's mass-delete refusal stands without its override.
 */
import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { mutating, requestLog } from '../commands/emulator-requests.js';
import { callTool, startStdioDoor, textOf, type McpSession } from './helpers.js';

const emulator = useEmulator({ seed: 'demo' });
const home = useIsolatedHome(() => ({ DISCORD_BOT_TOKEN: emulator().botToken }), 'file');
let door: McpSession;
/** Every text the door gave the agent, for the check that none holds the token. */
const seen: string[] = [];

beforeAll(async () => {
  door = await startStdioDoor(['--api', emulator().baseUrl], home.env);
});

afterAll(async () => {
  await door?.close();
});

const REMIND = { name: 'remind', description: 'Sets a reminder', options: [{ type: 3, name: 'what', description: 'What to remind you of', required: true }] };

async function guildCommands(guildId: string): Promise<{ id: string; name: string; description: string }[]> {
  return (await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${guildId}/commands`, { auth: botAuth(emulator()) })).body;
}

/** The writes the emulator has been sent so far. */
async function writes(): Promise<number> {
  return mutating(await requestLog(emulator())).length;
}

async function tool(name: string, args: Record<string, unknown>) {
  const result = await callTool(door.client, name, args);
  seen.push(textOf(result), JSON.stringify(result.structuredContent ?? null));
  return result;
}

/** A tool's call that must send nothing: its result, with the emulator's log read before and after. */
async function sendsNothing(name: string, args: Record<string, unknown>) {
  const before = await writes();
  const result = await tool(name, args);
  expect(await writes(), textOf(result)).toBe(before);
  return result;
}

describe('the tools', () => {
  it('plan_changes and apply_plan are listed with their input and output schemas', async () => {
    const { tools } = await door.client.listTools();
    const plan = tools.find((tool) => tool.name === 'plan_changes')!;
    const apply = tools.find((tool) => tool.name === 'apply_plan')!;
    expect(plan.inputSchema.required).toEqual(['commands']);
    expect(Object.keys(plan.outputSchema!.properties!)).toEqual(expect.arrayContaining(['planId', 'create', 'update', 'delete', 'kept', 'creates', 'refusals']));
    expect(apply.inputSchema.required).toEqual(['planId', 'confirm']);
    expect(Object.keys(apply.outputSchema!.properties!)).toEqual(expect.arrayContaining(['backup', 'steps', 'readBack', 'createsRemaining']));
    // The override is an explicit input, named as the CLI's flag, and the description says so.
    expect(JSON.stringify(apply.inputSchema.properties!.overrides)).toContain('delete-many');
    expect(apply.description).toContain('--delete-many');
    expect(apply.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });
});

describe('apply_plan refuses, sending nothing', () => {
  it('without a plan id', async () => {
    const result = await sendsNothing('apply_plan', { confirm: true });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Input validation error');
  });

  it('with an id no plan_changes gave', async () => {
    const result = await sendsNothing('apply_plan', { planId: 'c0ffee00-0000-4000-8000-000000000000', confirm: true });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('No plan to carry out: no plan was made with that id by this server');
  });

  it('unconfirmed, and the plan stays to be confirmed', async () => {
    const [, guild] = emulator().guildIds;
    const planned = await tool('plan_changes', { guild, commands: [{ name: 'unconfirmed', description: 'Never confirmed' }] });
    expect(planned.isError, textOf(planned)).toBeFalsy();
    const result = await sendsNothing('apply_plan', { planId: planned.structuredContent.planId, confirm: false });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Not confirmed; nothing was sent.');
    expect((await guildCommands(guild!)).map((command) => command.name)).not.toContain('unconfirmed');
  });
});

describe('plan_changes then apply_plan', () => {
  it('creates the command, told as progress, backed up and read back; the plan is then used up', async () => {
    const [, guild] = emulator().guildIds;
    const before = await guildCommands(guild!);
    const planned = await sendsNothing('plan_changes', { guild, commands: [REMIND] });
    expect(planned.isError, textOf(planned)).toBeFalsy();
    const plan = planned.structuredContent;
    expect(plan).toMatchObject({ scope: { kind: 'guild', guildId: guild }, prune: false, changes: true, delete: [], refusals: [], create: [{ name: 'remind', type: 1 }] });
    // What the list lacks is kept, and said to be.
    expect(plan.kept.map((command: { name: string }) => command.name).sort()).toEqual(before.map((command) => command.name).sort());
    expect(plan.creates).toMatchObject({ used: 1, limit: 200 });
    expect(JSON.parse(textOf(planned))).toEqual(plan);

    const progress: { progress: number; total?: number; message?: string }[] = [];
    const applied = (await door.client.callTool({ name: 'apply_plan', arguments: { planId: plan.planId, confirm: true } }, CallToolResultSchema, { onprogress: (told) => progress.push(told) })) as CallToolResult & { structuredContent?: any };
    seen.push(textOf(applied));
    expect(applied.isError, textOf(applied)).toBeFalsy();
    const result = applied.structuredContent;
    expect(result).toMatchObject({ applied: true, scope: { kind: 'guild', guildId: guild }, steps: [{ kind: 'create', name: 'remind', type: 1, created: true }], createsRemaining: plan.creates.remaining - 1 });
    expect(progress).toEqual([{ progress: 1, total: 1, message: 'created /remind' }]);
    // The backup is in the user's own home, and a file.
    expect(result.backup.startsWith(home.home)).toBe(true);
    expect((await stat(result.backup)).isFile()).toBe(true);
    const live = await guildCommands(guild!);
    const created = live.find((command) => command.name === 'remind');
    expect(created?.id).toBe(result.steps[0].id);
    expect(result.readBack.map((command: { id: string }) => command.id).sort()).toEqual(live.map((command) => command.id).sort());

    const again = await sendsNothing('apply_plan', { planId: plan.planId, confirm: true });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain('that plan was carried out already');

    // Planned again, nothing is left to change: as `cmd-tui apply` says "Nothing to change", no planId is handed out.
    const same = await sendsNothing('plan_changes', { guild, commands: [REMIND] });
    expect(same.isError, textOf(same)).toBeFalsy();
    expect(same.structuredContent).toMatchObject({ changes: false, create: [], update: [], nothingToApply: 'The scope already holds these commands as they are: nothing to apply, so no planId.' });
    expect(same.structuredContent).not.toHaveProperty('planId');
  });

  it('is refused when the scope changed since the plan in what the plan relies on: nothing sent, plan again', async () => {
    const [, , guild] = emulator().guildIds;
    const planned = await tool('plan_changes', { guild, commands: [{ name: 'hugs', description: 'Counts hugs' }] });
    expect(planned.isError, textOf(planned)).toBeFalsy();
    // Another writer gets there first, with a /hugs of its own (the engine's stale check: a change beside the plan would not count).
    const other = await call(emulator(), 'POST', `/applications/${emulator().applicationId}/guilds/${guild}/commands`, { auth: botAuth(emulator()), json: { name: 'hugs', description: 'Another writer' } });
    expect(other.status).toBe(201);
    const refused = await sendsNothing('apply_plan', { planId: planned.structuredContent.planId, confirm: true });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('The scope changed since the plan was made (another writer got there first); nothing was sent.');
    // What to do, in the agent's terms: no command line to run again.
    expect(textOf(refused)).toContain('A plan shown for confirming is never swapped for another: call plan_changes again for one made from the scope as it is now');
    expect(textOf(refused)).not.toContain('run it again');
    expect((await guildCommands(guild!)).find((command) => command.name === 'hugs')).toMatchObject({ id: other.body.id, description: 'Another writer' });
    // The stale plan is gone; one made from the scope as it is now goes through, as an update.
    expect(textOf(await sendsNothing('apply_plan', { planId: planned.structuredContent.planId, confirm: true }))).toContain('carried out already');
    const fresh = await tool('plan_changes', { guild, commands: [{ name: 'hugs', description: 'Counts hugs' }] });
    expect(fresh.structuredContent).toMatchObject({ create: [], update: [{ id: other.body.id, name: 'hugs', changes: [{ path: 'description', before: 'Another writer', after: 'Counts hugs' }] }] });
    const applied = await tool('apply_plan', { planId: fresh.structuredContent.planId, confirm: true });
    expect(applied.isError, textOf(applied)).toBeFalsy();
    expect((await guildCommands(guild!)).find((command) => command.name === 'hugs')).toMatchObject({ id: other.body.id, description: 'Counts hugs' });
  });

  it("a mass delete is refused in the engine's words until the user's override is given", async () => {
    const [guild] = emulator().guildIds;
    const live = await guildCommands(guild!);
    const keep = live.find((command) => command.name === 'ping')!;
    const planned = await sendsNothing('plan_changes', { guild, commands: [{ name: 'ping', description: 'Ping, HQ edition' }], prune: true });
    expect(planned.isError, textOf(planned)).toBeFalsy();
    const { planId, refusals, delete: deletes } = planned.structuredContent;
    expect(deletes).toHaveLength(live.length - 1);
    expect(refusals).toEqual([{ rule: 'mass-delete', message: `The plan deletes ${live.length - 1} of the scope's ${live.length} commands (more than half).`, override: 'delete-many' }]);

    const refused = await sendsNothing('apply_plan', { planId, confirm: true });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain(`Refused; nothing was sent: ${refusals[0].message}`);
    expect(textOf(refused)).toContain('Change the plan as each refusal says, or give the override it names.');
    expect(await guildCommands(guild!)).toHaveLength(live.length);

    // The same plan, with the override the user gave.
    const applied = await tool('apply_plan', { planId, confirm: true, overrides: ['delete-many'] });
    expect(applied.isError, textOf(applied)).toBeFalsy();
    expect(applied.structuredContent.steps.filter((step: { kind: string }) => step.kind === 'delete')).toHaveLength(live.length - 1);
    expect((await guildCommands(guild!)).map((command) => command.id)).toEqual([keep.id]);
  });

  it("the per-type cap is refused in the agent's terms (its `commands`, `prune: true`), and apply_plan offers no override for it", async () => {
    const [, guild] = emulator().guildIds;
    const slash = (await guildCommands(guild!)).filter((command) => (command as { type?: number }).type === 1).length;
    const extra = Array.from({ length: 101 - slash }, (_, index) => ({ name: `extra-${index}`, description: 'One too many' }));
    const planned = await sendsNothing('plan_changes', { guild, commands: extra });
    expect(planned.isError, textOf(planned)).toBeFalsy();
    expect(planned.structuredContent.refusals).toEqual([
      { rule: 'type-cap', message: 'The scope would hold 101 CHAT_INPUT commands; the cap is 100. Leave some out of `commands`, or plan again with `prune: true` to delete the ones not in it (only when the user wants them deleted).' },
    ]);
    expect(textOf(planned)).not.toMatch(/--prune|the file/);
    const refused = await sendsNothing('apply_plan', { planId: planned.structuredContent.planId, confirm: true });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('Change the plan as each refusal says.');
    expect(textOf(refused)).not.toContain('override');
    expect(textOf(refused)).toContain('Leave some out of `commands`');
  });

  it('invalid commands are refused with each problem at its path, nothing planned', async () => {
    const result = await sendsNothing('plan_changes', { guild: 'global', commands: [{ name: 'Bad Name', description: '' }] });
    expect(result.isError).toBe(true);
    // A name's pattern is Discord's rule, not the scope's.
    expect(textOf(result)).toContain("The commands break Discord's rules (each problem at its path follows); nothing was planned.");
    expect(textOf(result)).toContain('"path": "[0].name"');
  });
});

describe('credentials', () => {
  it('never appear in what the door said', () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const text of [...seen, door.stderr()]) expect(text).not.toContain(emulator().botToken);
  });
});
