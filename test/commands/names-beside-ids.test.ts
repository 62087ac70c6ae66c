/**
 * What the CLI prints names what it can: a guild by name beside its id in plans, lists and audits
 * (and by id alone, without failing, when the credentials cannot read it), permission names instead
 * of bitfields in `list`, and the commands a plan without --prune keeps, counted. Built binary, emulator.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memberPermissionsText } from '../../source/discord/permission-flags.js';
import { runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator({ seed: 'demo' });
const home = useIsolatedHome();

const bot = () => ({ ...home.env, DISCORD_BOT_TOKEN: emulator().botToken });
const api = () => ['--api', emulator().baseUrl];
const hq = () => emulator().guildIds[0]!;

describe('permission names', () => {
  it.each([
    [null, 'everyone'],
    ['0', 'admins only'],
    ['4', 'BAN_MEMBERS'],
    ['1099511627776', 'MODERATE_MEMBERS'],
    ['6', 'KICK_MEMBERS,BAN_MEMBERS'],
    [String(1n << 60n), 'bit 60'],
  ])('%j is %s', (bits, text) => {
    expect(memberPermissionsText(bits, 'everyone')).toBe(text);
  });

  it('list shows them where it showed bitfields; --json keeps the API value', async () => {
    const listed = await runCli(['list', ...api()], { env: bot() });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/ ban +Ban a member +\d+ +BAN_MEMBERS$/m);
    expect(listed.stdout).toMatch(/ timeout +.* MODERATE_MEMBERS$/m);
    expect(listed.stdout).toMatch(/ config +.* admins only$/m);
    expect(listed.stdout).not.toMatch(/ (4|1099511627776)$/m);
    const json = JSON.parse((await runCli(['list', '--json', ...api()], { env: bot() })).stdout) as { name: string; default_member_permissions: string | null }[];
    expect(json.find((command) => command.name === 'ban')?.default_member_permissions).toBe('4');
  });
});

describe('a guild by name beside its id', () => {
  async function fileWithoutOne(): Promise<string> {
    const exported = await runCli(['export', '--guild', hq(), ...api()], { env: bot() });
    const commands = JSON.parse(exported.stdout) as unknown[];
    const path = join(home.home, 'guild.json');
    await writeFile(path, JSON.stringify(commands.slice(0, -1)));
    return path;
  }

  it('in a plan, with the commands it keeps without --prune counted', async () => {
    const file = await fileWithoutOne();
    const plan = await runCli(['plan', file, '--guild', hq(), ...api()], { env: bot() });
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(`Plan for guild Pixel Pal HQ (${hq()}):`);
    expect(plan.stdout).toMatch(/^0 to create, 0 to update, 0 to delete, \d+ unchanged, 1 kept \(only --prune deletes it\)\.$/m);
    const pruned = await runCli(['plan', file, '--guild', hq(), '--prune', ...api()], { env: bot() });
    expect(pruned.stdout).toMatch(/^0 to create, 0 to update, 1 to delete, \d+ unchanged\.$/m);
  });

  it('in list and audit', async () => {
    expect((await runCli(['list', '--guild', hq(), ...api()], { env: bot() })).stdout).toContain(`commands in guild Pixel Pal HQ (${hq()}).`);
    const audit = await runCli(['audit', '--guild', hq(), ...api()], { env: bot() });
    expect(audit.stdout).toContain(`Guilds holding guild commands: Pixel Pal HQ (${hq()})`);
  });

  it('by id alone when the credentials cannot read the guild (client credentials), and no failure', async () => {
    const env = { ...home.env, DISCORD_CLIENT_ID: emulator().clientId, DISCORD_CLIENT_SECRET: emulator().clientSecret };
    const listed = await runCli(['list', '--guild', hq(), ...api()], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`commands in guild ${hq()}.`);
  });
});
