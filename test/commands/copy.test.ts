/**
 * `cmd-tui copy` and `plan/apply --adapt` through the built binary: promote a dev guild's commands
 * to global and bring global ones into a guild, with what the target scope does not allow dropped
 * and reported, a backup first, and a second run that has nothing to do.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { call, botAuth, useEmulator } from '../helpers/emulator.js';
import { mutating, requestLog, useFreshEmulatorAndHome } from './emulator-requests.js';

const emulator = useEmulator();
const home = useFreshEmulatorAndHome(emulator);

const cli = (args: string[]) => runCli([...args, '--api', emulator().baseUrl], { env: { ...home().env, DISCORD_BOT_TOKEN: emulator().botToken } });
const guildCommands = async (guildId: string) =>
  (await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${guildId}/commands`, { auth: botAuth(emulator()) })).body as { name: string; contexts?: unknown }[];

describe('copy between scopes', () => {
  it('global → a guild: drops and reports the global-only fields, skips the entry point, backs up, and converges', async () => {
    const guild = emulator().guildIds[1]!;
    const before = (await requestLog(emulator())).length;
    const copied = await cli(['copy', '--from', 'global', '--to', guild, '--command', 'ping', '--command', 'Launch', '--yes']);
    expect(copied.code, copied.stderr).toBe(0);
    // ping was created without contexts, so the API holds null there: only integration_types is dropped.
    // Under the copy's heading, before the plan.
    expect(copied.stderr).toMatch(/^Copy from the global scope:\n {2}\/ping: dropped integration_types.*\n {2}skipped Launch: an entry-point command exists only in the global scope\nPlan for guild /m);
    expect(copied.stderr).toContain('+ create /ping');
    // Said before the copy: the global /ping stays, so the guild gets a ghost duplicate the audit flags.
    expect(copied.stderr).toMatch(/\/ping stays global, so it exists twice in guild [^:]+ \(\d+\): .*the audit flags it as a ghost duplicate/);
    expect(copied.stderr).toMatch(/Backup of its previous state: .*backups/);
    const writes = mutating((await requestLog(emulator())).slice(before));
    expect(writes.map((request) => `${request.method} ${request.path}`)).toEqual([`POST /api/v10/applications/${emulator().applicationId}/guilds/${guild}/commands`]);
    expect((await guildCommands(guild)).some((command) => command.name === 'ping')).toBe(true);

    const again = await cli(['copy', '--from', 'global', '--to', guild, '--command', 'ping', '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ applied: true, steps: [], ghosts: ['ping'], plan: { create: [], update: [], unchanged: [{ name: 'ping' }] } });
  });

  it('a dev guild → global: plans first, refuses without --yes off a terminal, names unknown commands', async () => {
    const hq = emulator().guildIds[0]!;
    const unconfirmed = await cli(['copy', '--from', hq, '--to', 'global']);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain('Plan for the global scope:');
    expect(unconfirmed.stderr).toContain('pass --yes to copy');
    const unknown = await cli(['copy', '--from', hq, '--to', 'global', '--command', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('has no command named "nope"');
    expect((await cli(['copy', '--from', hq, '--to', hq])).stderr).toContain('--from and --to name the same scope');
    expect((await cli(['copy', '--from', 'global', '--to', hq, '--prune', '--command', 'ping'])).code).toBe(2);
  });
});

describe('plan and apply --adapt', () => {
  it('a global file into a guild: refused with the hint, then adapted with each change reported', async () => {
    const guild = emulator().guildIds[2]!;
    const file = join(home().home, 'global.json');
    // The entry point is what refuses it: contexts alone are only a warning, since Discord drops them on guild commands.
    await writeFile(file, JSON.stringify([{ name: 'status', description: 'Bot status', type: 1, contexts: [0, 1, 2], integration_types: [0, 1] }, { type: 4, name: 'launch' }]));
    const refused = await cli(['plan', file, '--guild', guild]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('pass --adapt');
    const adapted = await cli(['apply', file, '--guild', guild, '--adapt', '--yes']);
    expect(adapted.code, adapted.stderr).toBe(0);
    expect(adapted.stderr).toContain('/status: dropped contexts, integration_types');
    expect(adapted.stderr).toContain('skipped launch: an entry-point command exists only in the global scope');
    const created = (await guildCommands(guild)).find((command) => command.name === 'status');
    expect(created).toBeDefined();
  });
});
