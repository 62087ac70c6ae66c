/** `cmd-tui perms` through the built binary, as a user runs it, against the emulator. */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { resetEmulator } from './emulator-requests.js';
import { signInAdmin } from './restore-fixture.js';
import { writeBackup } from '../../source/backup/store.js';
import { appPaths } from '../../source/config/paths.js';
import { BACKUP_FORMAT } from '../../source/discord/backup-format.js';
import type { Command } from '../../source/discord/model.js';

const emulator = useEmulator({ seed: 'demo' });
let home: IsolatedHome;

beforeEach(async () => {
  await resetEmulator(emulator());
  home = await isolatedHome({ DISCORD_BOT_TOKEN: emulator().botToken });
});
afterEach(() => home.cleanup());

const target = () => ['--api', emulator().baseUrl, '--app', emulator().applicationId];

describe('cmd-tui perms (binary)', () => {
  it('lists a guild\'s overwrites as JSON for scripts', async () => {
    const guildId = emulator().guildIds[1]!;
    const result = await runCli(['perms', 'list', '--guild', guildId, '--command', 'race', '--json', ...target()], { env: home.env });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { entries: { label: string; overwrites: { type: string; permission: boolean; target: string }[] }[] };
    expect(report.entries.map((e) => e.label)).toEqual(['/race']);
    expect(report.entries[0]!.overwrites).toEqual([
      expect.objectContaining({ type: 'channel', permission: false, target: '#general' }),
      expect.objectContaining({ type: 'user', permission: true, target: '@Ada (admin)' }),
    ]);
    expect(result.stdout + result.stderr).not.toContain(emulator().botToken);
  });

  it('refuses to edit with only a bot token, naming the sign-in to run', async () => {
    const result = await runCli(['perms', 'set', '--guild', emulator().guildIds[1]!, '--command', 'race', '--allow', 'everyone', '--yes', ...target()], { env: home.env });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('Discord only accepts a signed-in user here');
    expect(result.stderr).toContain('`cmd-tui auth login --preset permissions`');
    expect(result.stdout + result.stderr).not.toContain(emulator().botToken);
  });

  it('who: a row for the member a user overwrite names, and a timed-out member denied everywhere', async () => {
    const speedrun = emulator().guildIds[1]!;
    const grid = await runCli(['perms', 'who', '--guild', speedrun, '--command', 'race', ...target()], { env: home.env });
    expect(grid.code).toBe(0);
    // The seeded /race allows ada by a user overwrite and denies #general.
    expect(grid.stdout).toMatch(/^@Ada \(admin\)\s+no\s+yes\s/m);
    expect(grid.stdout).toContain('  @Ada (admin): allowed: user @Ada (admin) overwrite on the command');
    const gridJson = await runCli(['perms', 'who', '--guild', speedrun, '--command', 'race', '--json', ...target()], { env: home.env });
    const matrix = JSON.parse(gridJson.stdout) as { roles: { role: string }[]; users: { user: string; channels: { channel: string; allowed: boolean }[] }[] };
    expect(matrix.roles.map((r) => r.role)).not.toContain('@Ada (admin)');
    expect(matrix.users).toEqual([expect.objectContaining({ user: '@Ada (admin)', channels: expect.arrayContaining([{ channel: '#general', channelId: expect.any(String), allowed: false, uncertain: null, reason: expect.any(String), stage: 'channel' }]) })]);

    const kai = (await call(emulator(), 'GET', `/guilds/${speedrun}/members/search?query=kai`, { auth: botAuth(emulator()) })).body[0];
    const checked = await runCli(['perms', 'who', '--guild', speedrun, '--command', 'race', '--user', kai.user.id, ...target()], { env: home.env });
    expect(checked.code).toBe(0);
    // Discord writes the time as 2026-12-14T05:45:12.960000+00:00; the report shows the instant in UTC.
    const until = new Date(kai.communication_disabled_until).toISOString();
    expect(checked.stdout).toContain(`Who can use /race in guild Speedrun Club (${speedrun}): — for @Kai (timed out until ${until})`);
    expect(checked.stdout).toContain(`  #bot-commands: denied: timed out until ${until} (a timed-out member cannot use commands; only the owner and administrators are exempt)`);
    expect(checked.stdout).not.toMatch(/: allowed/);
    const json = await runCli(['perms', 'who', '--guild', speedrun, '--command', 'race', '--user', kai.user.id, '--json', ...target()], { env: home.env });
    const report = JSON.parse(json.stdout) as { timedOutUntil: string; channels: { allowed: boolean; stage: string }[] };
    expect(report.timedOutUntil).toBe(until);
    expect(report.channels.every((c) => !c.allowed && c.stage === 'timed-out')).toBe(true);
  });

  it('set looks a typed user id up first: an id that names no member is refused, a member is named in the preview', async () => {
    await signInAdmin(emulator(), home.env);
    const guildId = emulator().guildIds[1]!;
    const nobody = await runCli(['perms', 'set', '--guild', guildId, '--command', 'race', '--allow', 'user:123456789012345678', '--yes', ...target()], { env: home.env });
    expect(nobody.code).toBe(1);
    // No such user at all: Discord answers Unknown User (10013); a user outside the guild, Unknown Member (10007).
    expect(nobody.stderr).toContain(`123456789012345678 names no member of guild ${guildId} (Discord answered Unknown User, 10013). Nothing was sent.`);
    const member = await runCli(['perms', 'set', '--guild', guildId, '--command', 'race', '--deny', `user:${emulator().seeded.memberUserId}`, '--yes', ...target()], { env: home.env });
    expect(member.code, member.stderr).toBe(0);
    expect(member.stdout).toMatch(/\+ deny user @\w+/);
  });

  it('set that takes over a dead writer\'s lock on the guild says which write was interrupted and how to undo it', async () => {
    await signInAdmin(emulator(), home.env);
    const guildId = emulator().guildIds[1]!;
    const locks = join(home.home, 'data', 'locks');
    await mkdir(locks, { recursive: true });
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid!;
    const journal = { pid: deadPid, host: hostname(), command: 'apply commands.json', since: '2026-11-24T10:00:00.000Z', backup: '/backups/before.json' };
    await writeFile(join(locks, `${emulator().applicationId}-guild-${guildId}.lock`), JSON.stringify(journal));
    const result = await runCli(['perms', 'set', '--guild', guildId, '--command', 'race', '--deny', 'everyone', '--yes', ...target()], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`cmd-tui: An earlier \`apply commands.json\` (pid ${deadPid}, since 2026-11-24T10:00:00.000Z) on guild ${guildId} was interrupted.`);
    expect(result.stderr).toContain('To undo what it did, `cmd-tui restore /backups/before.json`.');
  });

  it('explains a malformed target with the usage', async () => {
    const result = await runCli(['perms', 'set', '--guild', '1', '--command', 'race', '--deny', 'moderators', ...target()], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"moderators" is not a target; write role:ID, user:ID, channel:ID, everyone or all-channels.');
    expect(result.stderr).toContain('Usage: cmd-tui perms set [--guild ID]');
  });
});

describe('cmd-tui perms with a browser sign-in alone (no bot token)', () => {
  it('list and who read the overwrites, commands shown by id and said so, exit 0', async () => {
    const signedIn = await isolatedHome();
    await signInAdmin(emulator(), signedIn.env);
    const guildId = emulator().guildIds[1]!;
    const race = ((await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${guildId}/commands`, { auth: botAuth(emulator()) })).body as { id: string; name: string }[]).find((c) => c.name === 'race')!;
    const listed = await runCli(['perms', 'list', '--guild', guildId, ...target()], { env: signedIn.env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(`command ${race.id} (${race.id})`);
    expect(listed.stdout).toContain('Read with a browser sign-in alone, which cannot read commands');
    expect(listed.stdout).toContain('Roles or channels could not be read (they need a bot token), so those targets are shown by id.');
    const json = JSON.parse((await runCli(['perms', 'list', '--guild', guildId, '--command', race.id, '--json', ...target()], { env: signedIn.env })).stdout) as { entries: { id: string; overwrites: unknown[] }[]; note: string };
    expect(json.entries.map((e) => e.id)).toEqual([race.id]);
    expect(json.entries[0]!.overwrites.length).toBeGreaterThan(0);
    expect(json.note).toContain('browser sign-in alone');
    const who = await runCli(['perms', 'who', '--guild', guildId, '--command', race.id, ...target()], { env: signedIn.env });
    expect(who.code, who.stderr).toBe(0);
    expect(who.stdout).toContain(`Who can use command ${race.id} in guild ${guildId}:`);
    expect(who.stdout).toContain('default_member_permissions could not be read');
    // Once a backup has seen the guild's commands, a list is named from it, and found by that name.
    const commands = (await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${guildId}/commands`, { auth: botAuth(emulator()) })).body as Command[];
    await writeBackup(appPaths(signedIn.env, process.platform).backups, { format: BACKUP_FORMAT, version: 1, createdAt: '2026-11-27T07:00:00.000Z', reason: 'apply commands.json', applicationId: emulator().applicationId, scope: { kind: 'guild', guildId }, commands, permissions: [] });
    const named = await runCli(['perms', 'who', '--guild', guildId, '--command', 'race', ...target()], { env: signedIn.env });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain(`Who can use /race in guild ${guildId}:`);
    const member = await runCli(['perms', 'who', '--guild', guildId, '--command', race.id, '--user', emulator().seeded.memberUserId, ...target()], { env: signedIn.env });
    expect(member.code).toBe(4);
    expect(member.stderr).toContain("Answering for one member reads the member's roles, which needs a bot token");
  });
});

describe('cmd-tui perms works in the profile\'s guild without --guild', () => {
  it('list and set use the profile\'s default guild; without one the refusal says how to give one', async () => {
    const guildId = emulator().guildIds[1]!;
    const bare = await runCli(['perms', 'list', ...target()], { env: home.env });
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--guild is required: overwrites live in one guild, and no profile is in use. Pass --guild ID, or use a profile made with one (`cmd-tui profile add NAME --guild ID …`');
    expect((await runCli(['profile', 'add', 'plain', '--api', emulator().baseUrl, '--app', emulator().applicationId], { env: home.env })).code).toBe(0);
    expect((await runCli(['perms', 'list'], { env: home.env })).stderr).toContain('and the profile "plain" has no default guild.');
    expect((await runCli(['profile', 'add', 'dev', '--api', emulator().baseUrl, '--app', emulator().applicationId, '--guild', guildId, '--use'], { env: home.env })).code).toBe(0);
    const listed = await runCli(['perms', 'list', '--json'], { env: home.env });
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { guildId: string }).guildId).toBe(guildId);
    await signInAdmin(emulator(), home.env);
    const set = await runCli(['perms', 'set', '--command', 'app', '--deny', 'everyone', '--yes'], { env: home.env });
    expect(set.code, set.stderr).toBe(0);
    const app = (await call(emulator(), 'GET', `/applications/${emulator().applicationId}/guilds/${guildId}/commands/${emulator().applicationId}/permissions`, { auth: botAuth(emulator()) })).body as { permissions: { id: string; permission: boolean }[] };
    expect(app.permissions).toContainEqual(expect.objectContaining({ id: guildId, permission: false }));
    const help = await runCli(['help', 'perms', 'set'], { env: home.env });
    expect(help.stdout).toMatch(/--guild ID +the guild whose overwrites these are \(default: the\s+profile's guild\)/);
  });
});

describe('cmd-tui perms set with a browser sign-in alone takes a command id as the TUI does', () => {
  it('an id with no overwrites yet is saved; an id that names no command is refused in Discord\'s words (10063)', async () => {
    const signedIn = await isolatedHome();
    await signInAdmin(emulator(), signedIn.env);
    const guildId = emulator().guildIds[1]!;
    const app = emulator().applicationId;
    const commands = (await call(emulator(), 'GET', `/applications/${app}/guilds/${guildId}/commands`, { auth: botAuth(emulator()) })).body as { id: string }[];
    const lists = (await call(emulator(), 'GET', `/applications/${app}/guilds/${guildId}/commands/permissions`, { auth: botAuth(emulator()) })).body as { id: string }[];
    const bare = commands.find((command) => !lists.some((list) => list.id === command.id))!;
    const saved = await runCli(['perms', 'set', '--guild', guildId, '--command', bare.id, '--deny', 'everyone', '--yes', ...target()], { env: signedIn.env });
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain(`Saved: `);
    const after = (await call(emulator(), 'GET', `/applications/${app}/guilds/${guildId}/commands/${bare.id}/permissions`, { auth: botAuth(emulator()) })).body as { permissions: { id: string; permission: boolean }[] };
    expect(after.permissions).toEqual([expect.objectContaining({ id: guildId, permission: false })]);
    const unknown = await runCli(['perms', 'set', '--guild', guildId, '--command', '1579386255332999168', '--deny', 'everyone', '--yes', ...target()], { env: signedIn.env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Discord answered that command 1579386255332999168 does not exist (code 10063, Unknown application command)');
  });
});

describe('cmd-tui perms set checks a typed channel id as it checks a user id', () => {
  const setChannel = (guildId: string, spec: string) => runCli(['perms', 'set', '--guild', guildId, '--command', 'deploy', '--deny', spec, '--yes', ...target()], { env: home.env });

  it('a channel that does not exist (10003) is refused and nothing is sent', async () => {
    await signInAdmin(emulator(), home.env);
    const result = await setChannel(emulator().guildIds[0]!, 'channel:111111111111111111');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('channel 111111111111111111 does not exist (Discord answered Unknown Channel, 10003): check the id');
    expect(result.stderr).toContain('Nothing was sent.');
  });

  it('a channel of another guild is refused; one the bot cannot view (50001) is saved as hidden', async () => {
    await signInAdmin(emulator(), home.env);
    const [hq, other] = emulator().guildIds as [string, string];
    const elsewhere = ((await call(emulator(), 'GET', `/guilds/${other}/channels`, { auth: botAuth(emulator()) })).body as { id: string }[])[0]!.id;
    const refused = await setChannel(hq, `channel:${elsewhere}`);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`channel ${elsewhere} is a channel of guild ${other}, not of guild ${hq}`);
    const hidden = await setChannel(hq, `channel:${emulator().seeded.hiddenChannelId}`);
    expect(hidden.code, hidden.stderr).toBe(0);
    expect(hidden.stdout).toContain(`hidden channel ${emulator().seeded.hiddenChannelId}`);
  });
});
