import { readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordCreates } from '../../source/backup/create-ledger.js';
import { GLOBAL_SCOPE } from '../../source/discord/model.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { call } from '../helpers/emulator.js';
import { mutating, requestLog, resetEmulator } from './emulator-requests.js';
import { runCommand } from './run-command.js';
import { fileSystemNow } from '../../source/config/file-clock.js';

const emulator = useEmulator({ seed: 'demo' });
const home = useIsolatedHome({}, 'file');
beforeEach(async () => {
  await resetEmulator(emulator());
  home.env.DISCORD_BOT_TOKEN = emulator().botToken;
});

const api = () => ['--api', emulator().baseUrl];
const hq = () => emulator().guildIds[0] as string;
const run = (name: string, args: string[]) => runCommand(name, [...args, ...api()], home.env, home.home);

async function planJson(file: string, scopeArgs: string[]) {
  const result = await run('plan', [file, ...scopeArgs, '--json']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as { create: unknown[]; update: Array<{ name: string; changes: unknown[] }>; delete: unknown[]; unchanged: unknown[]; kept: unknown[]; createsUsed: number; refusals: unknown[] };
}

async function writeCommands(name: string, commands: unknown): Promise<string> {
  const path = join(home.home, name);
  await writeFile(path, typeof commands === 'string' ? commands : JSON.stringify(commands));
  return name;
}

describe('export → plan', () => {
  it.each([
    ['the global scope', () => [] as string[]],
    ['a guild', () => ['--guild', hq()]],
  ])('shows zero changes for %s', async (_label, scopeArgs) => {
    const exported = await run('export', [...scopeArgs(), '-o', 'scope.json', '--force']);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toMatch(/^Exported \d+ commands/);
    const plan = await planJson('scope.json', scopeArgs());
    expect(plan).toMatchObject({ create: [], update: [], delete: [], kept: [], createsUsed: 0 });
    expect(plan.unchanged.length).toBeGreaterThan(0);
    expect(Object.keys(plan)).toEqual(['create', 'update', 'delete', 'unchanged', 'kept', 'createsUsed', 'refusals']);
    expect(plan.refusals).toEqual([]);
    // The exported file passes every rule without a warning: nothing the server echoes is written back.
    const text = await run('plan', ['scope.json', ...scopeArgs()]);
    expect(text.stderr).toBe('');
    expect(text.stdout).toContain('0 to create, 0 to update, 0 to delete');
  });

  it('writes no server-only field and is byte-identical on a second export', async () => {
    const first = await run('export', []);
    const second = await run('export', []);
    expect(second.stdout).toBe(first.stdout);
    expect(first.stdout).not.toMatch(/"(id|application_id|version|guild_id|name_localized)"/);
    // Localizations come along even though the list endpoint omits them by default.
    expect(first.stdout).toContain('Traduire le message');
  });
});

describe('apply → plan shows zero changes; a second apply sends nothing', () => {
  // Each file leaves something to the server's defaults, or is written in an unusual but equal form.
  const falseChangeCases: Array<[string, unknown[], 'global' | 'guild']> = [
    ['contexts, integration_types, nsfw, dm_permission and default_member_permissions left to the server', [{ name: 'defaults', description: 'All defaults' }], 'guild'],
    ['a USER command without description (the server stores "")', [{ type: 2, name: 'Wave At' }], 'guild'],
    ['a MESSAGE command without description', [{ type: 3, name: 'Pin This' }], 'global'],
    ['explicit default values', [{ type: 1, name: 'explicit', description: 'x', nsfw: false, default_member_permissions: null, contexts: [2, 1, 0], integration_types: [1, 0] }], 'global'],
    ['only the deprecated dm_permission: false (the server derives contexts)', [{ name: 'no-dms', description: 'x', dm_permission: false }], 'global'],
    ['keys in an unusual order', [{ options: [{ required: true, description: 'who', name: 'user', type: 6 }], description: 'Order', name: 'order' }], 'guild'],
    ['localizations (omitted by the list endpoint unless asked)', [{ name: 'hello', description: 'Hi', name_localizations: { de: 'hallo', fr: 'bonjour' }, description_localizations: { de: 'Hallo' } }], 'global'],
    ['options with required: false and autocomplete: false', [{ name: 'opts', description: 'o', options: [{ type: 3, name: 'a', description: 'a', required: false, autocomplete: false }] }], 'guild'],
  ];

  it.each(falseChangeCases)('%s', async (_label, commands, scope) => {
    const scopeArgs = scope === 'guild' ? ['--guild', hq()] : [];
    // Applied on top of the scope's current commands, so nothing else is planned.
    const current = JSON.parse((await run('export', scopeArgs)).stdout) as unknown[];
    const file = await writeCommands('case.json', [...current, ...commands]);
    const args = [file, ...scopeArgs];
    const first = await run('apply', [...args, '--yes']);
    expect(first.code, first.stderr).toBe(0);
    const before = (await requestLog(emulator())).length;
    const plan = await planJson(file, scopeArgs);
    expect(plan.update, JSON.stringify(plan.update)).toEqual([]);
    expect(plan.create).toEqual([]);
    const second = await run('apply', [...args, '--yes']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to change');
    expect(mutating((await requestLog(emulator())).slice(before))).toEqual([]);
  });

  it('applies with the fewest requests: PATCH only what changed, POST what is new, no DELETE without --prune', async () => {
    await run('export', ['--guild', hq(), '-o', 'hq.json']);
    const commands = JSON.parse(await readFile(join(home.home, 'hq.json'), 'utf8')) as Array<Record<string, unknown>>;
    const edited = commands.filter((c) => c.name !== 'deploy').map((c) => (c.name === 'ping' ? { ...c, description: 'Pong, HQ edition' } : c));
    edited.push({ name: 'status', description: 'Show the status' });
    const file = await writeCommands('hq-edited.json', edited);
    const before = (await requestLog(emulator())).length;
    const result = await run('apply', [file, '--guild', hq(), '--yes', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const sent = mutating((await requestLog(emulator())).slice(before)).map((r) => r.method);
    expect(sent.sort()).toEqual(['PATCH', 'POST']);
    const output = JSON.parse(result.stdout) as { backup: string; steps: Array<{ kind: string }> };
    expect(output.steps.map((s) => s.kind)).toEqual(['update', 'create']);
    // deploy is still there: only --prune deletes. The plan says it is kept, in the text and in --json.
    const plan = await planJson(file, ['--guild', hq()]);
    expect(plan).toMatchObject({ create: [], update: [], delete: [], kept: [{ name: 'deploy' }] });
    const deploy = (plan.kept[0] as { id: string }).id;
    const text = await run('plan', [file, '--guild', hq()]);
    expect(text.stdout).toContain(`  = keep /deploy (${deploy}): not in the file; --prune would delete it\n`);
    expect(text.stdout).not.toMatch(/delete \/deploy/);
    expect(text.stdout).toMatch(/^0 to create, 0 to update, 0 to delete, \d+ unchanged, 1 kept \(only --prune deletes it\)\.$/m);
    const withPrune = await run('plan', [file, '--guild', hq(), '--prune', '--json']);
    expect(JSON.parse(withPrune.stdout)).toMatchObject({ delete: [{ name: 'deploy' }], kept: [] });

    const pruned = await run('apply', [file, '--guild', hq(), '--yes', '--prune']);
    expect(pruned.code, pruned.stderr).toBe(0);
    expect((await planJson(file, ['--guild', hq()])).delete).toEqual([]);
    // The plan, each step and the summary are results: on stdout, as plan's are, so `apply … > deploy.log` keeps them.
    expect(pruned.stdout).toMatch(/delete\s+\/deploy/);
    expect(pruned.stdout).toContain('deleted /deploy');
    expect(pruned.stdout).toMatch(/Applied 1 change\. Backup of the previous state: /);
    expect(pruned.stderr).not.toContain('Applied');
  });

  it('with --prune renames a command renamed in the file in place: same id, one PATCH, no create spent', async () => {
    const guildCommands = async () =>
      (await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${hq()}/commands`, { auth: `Bot ${emulator().botToken}` })).body as Array<{ id: string; name: string }>;
    const modTools = (await guildCommands()).find((c) => c.name === 'mod-tools')!;
    await run('export', ['--guild', hq(), '-o', 'hq.json']);
    const commands = JSON.parse(await readFile(join(home.home, 'hq.json'), 'utf8')) as Array<Record<string, unknown>>;
    const file = await writeCommands('hq-renamed.json', commands.map((c) => (c.name === 'mod-tools' ? { ...c, name: 'moderation' } : c)));

    const plan = await run('plan', [file, '--guild', hq(), '--prune']);
    expect(plan.stdout).toContain(`~ update /moderation (${modTools.id}) renamed from "mod-tools": keeps its id and spends no create; Discord drops its overwrites, as on any rename`);
    expect(plan.stdout).toContain('0 to create, 1 to update, 0 to delete');
    // Without --prune the old command stays, so the new name is a new command.
    expect(await planJson(file, ['--guild', hq()])).toMatchObject({ create: [{ name: 'moderation' }], delete: [], kept: [{ name: 'mod-tools' }], createsUsed: 1 });

    const before = (await requestLog(emulator())).length;
    const applied = await run('apply', [file, '--guild', hq(), '--prune', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(mutating((await requestLog(emulator())).slice(before)).map((r) => r.method)).toEqual(['PATCH']);
    expect((await guildCommands()).find((c) => c.name === 'moderation')?.id).toBe(modTools.id);
  });

  it('writes the backup before the first mutating request and lists it', async () => {
    const file = await writeCommands('one.json', [{ name: 'fresh', description: 'New' }]);
    const result = await run('apply', [file, '--guild', hq(), '--yes', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { backup } = JSON.parse(result.stdout) as { backup: string };
    const firstWrite = mutating(await requestLog(emulator()))[0];
    expect(firstWrite).toBeDefined();
    // The file's time is on the file system's clock, the request's on this process's: compared on one.
    const fileClockAhead = (await fileSystemNow(dirname(backup))) - Date.now();
    expect((await stat(backup)).mtimeMs).toBeLessThanOrEqual(Date.parse(firstWrite!.time) + fileClockAhead + 1);
    const listed = await runCommand('backups', ['--json'], home.env);
    const entries = JSON.parse(listed.stdout) as Array<Record<string, string>>;
    expect(entries.at(-1)).toEqual({ path: backup, scope: `guild:${hq()}`, createdAt: expect.any(String), reason: 'apply one.json', applicationId: emulator().applicationId, commandCount: expect.any(Number), overwriteCount: expect.any(Number), overwritesOnly: false });
    const saved = JSON.parse(await readFile(backup, 'utf8')) as { commands: Array<{ name: string }>; permissions: unknown[] };
    expect(saved.commands.map((c) => c.name)).toContain('mod-tools');
    expect(saved.permissions.length).toBeGreaterThan(0);
  });
});

describe('plan and apply refuse', () => {
  it('plan exits 1 and names the problem when FILE breaks a rule; nothing is compared', async () => {
    const file = await writeCommands('bad.json', [{ name: 'Bad Name', description: 'x' }]);
    const result = await run('plan', [file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('bad.json [0].name');
    const json = await run('plan', [file, '--json']);
    expect(JSON.parse(json.stdout).problems[0]).toMatchObject({ path: '[0].name', severity: 'error' });
  });

  it('plan exits 1 when FILE is not a JSON array, 2 when it cannot be read', async () => {
    expect((await run('plan', [await writeCommands('object.json', '{}')])).code).toBe(1);
    expect((await run('plan', ['missing.json'])).code).toBe(2);
  });

  it('apply refuses without --yes when there is no terminal to confirm on', async () => {
    const file = await writeCommands('new.json', [{ name: 'fresh', description: 'New' }]);
    const before = (await requestLog(emulator())).length;
    const result = await run('apply', [file, '--guild', hq()]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pass --yes');
    expect(mutating((await requestLog(emulator())).slice(before))).toEqual([]);
  });

  it('apply refuses to delete more than half of the scope, --yes or not, without --delete-many', async () => {
    const file = await writeCommands('few.json', [{ name: 'ping', description: 'Ping, HQ edition' }]);
    const before = (await requestLog(emulator())).length;
    const result = await run('apply', [file, '--guild', hq(), '--prune']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('more than half');
    const confirmed = await run('apply', [file, '--guild', hq(), '--prune', '--yes', '--json']);
    expect(confirmed.code).toBe(1);
    const massDelete = { rule: 'mass-delete', message: expect.stringMatching(/^The plan deletes \d+ of the scope's \d+ commands \(more than half\)\. Pass --delete-many if that is what you want\.$/), override: '--delete-many' };
    expect(JSON.parse(confirmed.stdout)).toEqual({ applied: false, refusals: [massDelete] });
    // plan says the same before apply is run, and exits 1 while the refusal stands; with the override it is a plan like any other.
    const planned = await run('plan', [file, '--guild', hq(), '--prune', '--detailed-exitcode']);
    expect(planned.code).toBe(1);
    expect(planned.stdout).toMatch(/apply would refuse this plan and send nothing:\n {2}The plan deletes \d+ of the scope's \d+ commands \(more than half\)\. Pass --delete-many if that is what you want\.\n$/);
    const plannedJson = await run('plan', [file, '--guild', hq(), '--prune', '--json']);
    expect(plannedJson.code).toBe(1);
    expect((JSON.parse(plannedJson.stdout) as { refusals: unknown[] }).refusals).toEqual([massDelete]);
    const plannedOverride = await run('plan', [file, '--guild', hq(), '--prune', '--delete-many', '--detailed-exitcode']);
    expect(plannedOverride.code, plannedOverride.stderr).toBe(3);
    expect(plannedOverride.stdout).not.toContain('refuse');
    expect(mutating((await requestLog(emulator())).slice(before))).toEqual([]);
    const overridden = await run('apply', [file, '--guild', hq(), '--prune', '--yes', '--delete-many']);
    expect(overridden.code, overridden.stderr).toBe(0);
    expect(mutating((await requestLog(emulator())).slice(before)).some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('apply refuses a plan beyond the creates left today, before any request', async () => {
    const list = await run('list', ['--json']);
    const appId = (JSON.parse(list.stdout) as Array<{ application_id: string }>)[0]!.application_id;
    await recordCreates(home.environment.paths(), appId, GLOBAL_SCOPE, 199);
    await run('export', ['-o', 'global.json']);
    const commands = JSON.parse(await readFile(join(home.home, 'global.json'), 'utf8')) as unknown[];
    const file = await writeCommands('more.json', [...commands, { name: 'one', description: '1' }, { name: 'two', description: '2' }]);
    const before = (await requestLog(emulator())).length;
    const result = await run('apply', [file, '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/creates 2 commands but only [01] of today's 200 creates are left/);
    const planned = await run('plan', [file, '--detailed-exitcode']);
    expect(planned.code).toBe(1);
    expect(planned.stdout).toMatch(/apply would refuse this plan and send nothing:\n {2}The plan creates 2 commands but only [01] of today's 200 creates are left/);
    expect(mutating((await requestLog(emulator())).slice(before))).toEqual([]);
  });
});

describe('list', () => {
  it('prints the API array with --json and a table otherwise', async () => {
    const json = await run('list', ['--guild', hq(), '--json']);
    expect(json.code).toBe(0);
    const commands = JSON.parse(json.stdout) as Array<{ name: string; guild_id: string }>;
    expect(commands.map((c) => c.name)).toContain('ping');
    expect(commands.every((c) => c.guild_id === hq())).toBe(true);
    const table = await run('list', ['--guild', hq()]);
    expect(table.stdout).toMatch(/^ID +TYPE +NAME/);
    expect(table.stdout).toContain('Report to Mods');
  });

  it('exits 5 with a clear message when it cannot connect', async () => {
    const result = await runCommand('list', ['--api', 'http://127.0.0.1:9/api/v10'], home.env);
    expect(result.code).toBe(5);
    expect(result.stderr).not.toContain(emulator().botToken);
  });
});
