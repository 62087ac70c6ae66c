/**
 * `cmd-tui perms list|set` against the emulator over real HTTP, run in-process through the same
 * `run(args, io)` the binary calls, with credentials in an isolated CMD_TUI_HOME.
 */
import { readFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDiscordApi } from '../../source/api/client.js';
import type { DiscordApi } from '../../source/api/contract.js';
import { discordApiErrorFrom } from '../../source/api/discord-error.js';
import { defaultStores, updateStoredCredentials } from '../../source/auth/credentials.js';
import { run } from '../../source/commands/perms.js';
import { explainRefusal } from '../../source/commands/perms-set.js';
import { UsageError, type CliIo } from '../../source/commands/types.js';
import { allChannelsId, GLOBAL_SCOPE, guildScope, type Command, type GuildCommandPermissions } from '../../source/discord/model.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { requestLog, resetEmulator } from './emulator-requests.js';
import { readEnvironment } from '../../source/config/environment.js';

const emulator = useEmulator({ seed: 'demo' });
const PERMISSIONS_SCOPES = ['applications.commands.permissions.update', 'identify', 'guilds'];

let emu: ReturnType<typeof emulator>;
let home: IsolatedHome;
let bot: DiscordApi;
let hq: string;
let modTools: Command;

beforeAll(async () => {
  emu = emulator();
  bot = await createDiscordApi({ baseUrl: emu.baseUrl, credentials: { botToken: emu.botToken }, applicationId: emu.applicationId });
});
beforeEach(async () => {
  await resetEmulator(emu);
  home = await isolatedHome();
  hq = emu.guildIds[0]!;
  modTools = (await bot.listCommands(guildScope(hq))).find((c) => c.name === 'mod-tools')!;
  return () => home.cleanup();
});

/** Stores a sign-in (and, by default, the bot token) the way `cmd-tui auth` would. */
async function signIn(user: { accessToken: string; scopes: string[] } | undefined, withBot = true): Promise<void> {
  await updateStoredCredentials(defaultStores(readEnvironment(home.env, process.platform)), emu.baseUrl, emu.applicationId, () => ({
    ...(withBot ? { botToken: emu.botToken } : {}),
    ...(user ? { user } : {}),
  }));
}
const asAdmin = () => signIn({ accessToken: emu.userToken, scopes: PERMISSIONS_SCOPES });
/** The seeded admin's sign-in, used directly to change overwrites behind the command's back. */
const adminApi = () =>
  createDiscordApi({ baseUrl: emu.baseUrl, credentials: { user: { accessToken: emu.userToken, scopes: PERMISSIONS_SCOPES } }, applicationId: emu.applicationId });

/** The emulator's consent page approved by form POST, then the PKCE code exchange (RFC 7636 Appendix B pair). */
async function browserSignIn(scope: string): Promise<string> {
  const redirect = 'http://127.0.0.1:53682/callback';
  const approved = await call(emu, 'POST', '/oauth2/authorize', {
    form: {
      response_type: 'code', client_id: emu.clientId, scope, state: 's', redirect_uri: redirect,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', action: 'authorize',
    },
  });
  const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
  const tokens = await call(emu, 'POST', '/api/v10/oauth2/token', {
    form: { grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: emu.clientId, code_verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk' },
  });
  return tokens.body.access_token as string;
}

function perms(...args: string[]) {
  return runPerms(args);
}

/**
 * Runs `perms` in-process. With `onPrompt`, stdin is a terminal: when the confirmation question
 * appears on stderr, onPrompt runs and its answer is typed.
 */
async function runPerms(args: string[], onPrompt?: () => Promise<string>) {
  let stdout = '';
  let stderr = '';
  const stdin = Object.assign(new PassThrough(), { isTTY: onPrompt !== undefined });
  const sink = (append: (text: string) => void) => {
    const stream = new PassThrough();
    stream.setEncoding('utf8').on('data', (chunk: string) => append(chunk));
    return stream;
  };
  const io: CliIo = {
    stdout: sink((t) => (stdout += t)),
    stderr: sink((t) => {
      stderr += t;
      if (onPrompt && t.includes('[y/N]')) void onPrompt().then((answer) => stdin.write(`${answer}\n`));
    }),
    stdin,
    environment: readEnvironment(home.env, process.platform),
    cwd: home.home,
  };
  const code = await run([...args, '--api', emu.baseUrl, '--app', emu.applicationId], io);
  await new Promise((resolve) => setImmediate(resolve));
  for (const secret of [emu.botToken, emu.userToken, emu.seeded.memberToken]) {
    expect(stdout + stderr).not.toContain(secret);
  }
  return { code, stdout, stderr };
}

const requests = () => requestLog(emu);
const puts = async () => (await requests()).filter((r) => r.method === 'PUT');

async function overwritesOf(id: string): Promise<GuildCommandPermissions['permissions']> {
  return (await bot.getCommandPermissions(hq, id))?.permissions ?? [];
}
async function hqDirectory() {
  const [roles, channels] = await Promise.all([bot.getGuildRoles(hq), bot.getGuildChannels(hq)]);
  const role = (name: string) => roles.find((r) => r.name === name)!.id;
  const channel = (name: string) => channels.find((c) => c.name === name)!.id;
  return { role, channel };
}
/** mod-log is hidden from the bot, so its id is only found in the seeded overwrite. */
async function hiddenChannelId(): Promise<string> {
  const { channel } = await hqDirectory();
  const visible = new Set([channel('general'), channel('bot-commands')]);
  return (await overwritesOf(modTools.id)).find((o) => o.type === 3 && !visible.has(o.id))!.id;
}

describe('perms list', () => {
  it('shows the app-level defaults and each command by name, with hidden channels and deleted roles said as such', async () => {
    await signIn(undefined);
    const hidden = await hiddenChannelId();
    const { code, stdout } = await perms('list', '--guild', hq);
    expect(code).toBe(0);
    expect(stdout).toContain('all commands (app-level defaults) · 2/100\n  deny   All channels\n  allow  channel #bot-commands\n');
    expect(stdout).toContain(`/mod-tools (guild, ${modTools.id}) · 3/100`);
    expect(stdout).toContain('  deny   @everyone\n  allow  role @Moderator\n');
    expect(stdout).toContain(`  allow  hidden channel ${hidden}  (a channel the bot cannot view)`);
    expect(stdout).toMatch(/\/ban \(global, \d+\) · 2\/100 · default_member_permissions: BAN_MEMBERS\n  allow  role @Moderator\n  allow  deleted role \d+  \(the role no longer exists: remove this overwrite\)/);
    expect(stdout).toMatch(/No overwrites of their own \(they follow the app-level defaults\):\n  \/deploy \(guild, \d+\) · default_member_permissions: 0 \(administrators only\)\n  \/ping \(guild, \d+\)\n/);
  });

  it('--command NAME --json gives one entry for scripts', async () => {
    await signIn(undefined);
    const { code, stdout } = await perms('list', '--guild', hq, '--command', 'mod-tools', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { guildId: string; entries: { id: string; kind: string; overwrites: { type: string; permission: boolean; target: string; status: string }[] }[] };
    expect(report.guildId).toBe(hq);
    expect(report.entries).toHaveLength(1);
    expect(report.entries[0]).toMatchObject({ id: modTools.id, kind: 'command' });
    expect(report.entries[0]!.overwrites.map((o) => [o.type, o.permission, o.target.startsWith('hidden channel') ? 'hidden' : o.target, o.status])).toEqual([
      ['role', false, '@everyone', 'known'],
      ['role', true, '@Moderator', 'known'],
      ['channel', true, 'hidden', 'hidden-channel'],
    ]);
  });

  it('--command app shows the app-level entry alone', async () => {
    await signIn(undefined);
    const { stdout } = await perms('list', '--guild', hq, '--command', 'app', '--json');
    const report = JSON.parse(stdout) as { entries: { id: string; kind: string }[] };
    expect(report.entries).toEqual([expect.objectContaining({ id: emu.applicationId, kind: 'app' })]);
  });

  it('says where to look for an unknown command', async () => {
    await signIn(undefined);
    const { code, stderr } = await perms('list', '--guild', hq, '--command', 'nope');
    expect(code).toBe(1);
    expect(stderr).toContain('No command "nope"');
  });
});

describe('perms set', () => {
  it('adds an overwrite after a preview, backs up the previous list first, then PUTs once', async () => {
    await asAdmin();
    const { role } = await hqDirectory();
    const before = await overwritesOf(modTools.id);
    // A role below the signed-in admin's highest (Server Manager): Discord lets her manage only those.
    const { code, stdout } = await perms('set', '--guild', hq, '--command', 'mod-tools', '--allow', `role:${role('Pixel Pal')}`, '--yes');
    expect(code).toBe(0);
    expect(stdout).toContain('Overwrites of /mod-tools in guild');
    expect(stdout).toContain('(3/100 → 4/100)');
    expect(stdout).toContain('  + allow role @Pixel Pal\n1 added\n');
    expect(stdout).toContain('Saved: 1 added; /mod-tools now has 4/100 overwrites.');
    expect(await overwritesOf(modTools.id)).toEqual([...before, { id: role('Pixel Pal'), type: 1, permission: true }]);

    const backupPath = /Backup of the previous overwrites: (.+)\n/.exec(stdout)![1]!;
    const backup = JSON.parse(await readFile(backupPath, 'utf8')) as { reason: string; permissions: GuildCommandPermissions[] };
    expect(backup.reason).toBe(`permissions of /mod-tools in guild ${hq}`);
    expect(backup.permissions.find((p) => p.id === modTools.id)?.permissions).toEqual(before);

    const writes = await puts();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ path: expect.stringContaining(`/commands/${modTools.id}/permissions`), auth: 'user', status: 200 });
  });

  it('flips and removes in one PUT, taking several targets after one flag', async () => {
    await asAdmin();
    const { role } = await hqDirectory();
    const hidden = await hiddenChannelId();
    const { code, stdout } = await perms('set', '--guild', hq, '--command', modTools.id, '--deny', `role:${role('Moderator')}`, 'everyone', '--remove', `channel:${hidden}`, '--yes');
    expect(code).toBe(0);
    expect(stdout).toContain(`  ~ role @Moderator: allow → deny\n  - allow hidden channel ${hidden}\n1 removed, 1 flipped\n`);
    expect(await overwritesOf(modTools.id)).toEqual([
      { id: hq, type: 1, permission: false },
      { id: role('Moderator'), type: 1, permission: false },
    ]);
    expect(await puts()).toHaveLength(1);
  });

  it('edits the app-level defaults with --command app', async () => {
    await asAdmin();
    const { channel } = await hqDirectory();
    const { code, stdout } = await perms('set', '--guild', hq, '--command', 'app', '--allow', `channel:${channel('general')}`, '--remove', 'all-channels', '--yes', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { applied: boolean; entry: { kind: string; id: string }; changes: { kind: string; target: string }[]; backup: string };
    expect(report).toMatchObject({ applied: true, entry: { kind: 'app', id: emu.applicationId } });
    expect(report.changes).toEqual([
      { kind: 'removed', id: allChannelsId(hq), target: 'All channels', permission: false },
      { kind: 'added', id: channel('general'), target: '#general', permission: true },
    ]);
    expect(report.backup).toContain(home.home);
    expect(await overwritesOf(emu.applicationId)).toEqual([
      { id: channel('bot-commands'), type: 3, permission: true },
      { id: channel('general'), type: 3, permission: true },
    ]);
  });

  it('sends nothing when the edit changes nothing', async () => {
    await asAdmin();
    const { code, stdout } = await perms('set', '--guild', hq, '--command', 'mod-tools', '--deny', 'everyone', '--yes');
    expect(code).toBe(0);
    expect(stdout).toContain('No change: /mod-tools already has these overwrites. Nothing was sent.');
    expect(await puts()).toHaveLength(0);
  });

  it('without --yes and without a terminal to confirm, previews and sends nothing', async () => {
    await asAdmin();
    const { code, stdout, stderr } = await perms('set', '--guild', hq, '--command', 'mod-tools', '--allow', 'everyone');
    expect(code).toBe(1);
    expect(stdout).toContain('~ @everyone: deny → allow');
    expect(stderr).toContain('nothing was sent; pass --yes');
    expect(await puts()).toHaveLength(0);
  });

  it('asks on a terminal, and sends on yes', async () => {
    await asAdmin();
    const { code, stderr } = await runPerms(['set', '--guild', hq, '--command', 'mod-tools', '--allow', 'everyone'], async () => 'y');
    expect(stderr).toContain('Send this change to Discord? [y/N]');
    expect(code).toBe(0);
    expect(await overwritesOf(modTools.id)).toContainEqual({ id: hq, type: 1, permission: true });
  });

  it('sends nothing if the list changed on Discord while the prompt was open', async () => {
    await asAdmin();
    const admin = await adminApi();
    const someoneElse = [{ id: hq, type: 1, permission: true }];
    const { code, stderr } = await runPerms(['set', '--guild', hq, '--command', 'mod-tools', '--deny', 'all-channels'], async () => {
      await admin.setCommandPermissions(hq, modTools.id, someoneElse);
      return 'yes';
    });
    expect(code).toBe(1);
    expect(stderr).toContain('The overwrites of /mod-tools changed on Discord while this command ran. Nothing was sent');
    expect(await overwritesOf(modTools.id)).toEqual(someoneElse);
    expect(await puts()).toHaveLength(1);
  });

  it('refuses the 101st overwrite before any write', async () => {
    await asAdmin();
    const user = await adminApi();
    const hundred = Array.from({ length: 100 }, (_, i) => ({ id: String(700000000000000000n + BigInt(i)), type: 2, permission: true }));
    await user.setCommandPermissions(hq, modTools.id, hundred);
    const { code, stderr } = await perms('set', '--guild', hq, '--command', 'mod-tools', '--deny', 'all-channels', '--yes');
    expect(code).toBe(1);
    expect(stderr).toContain('Cannot add All channels: the list already holds 100 overwrites and Discord allows 100 per command in a guild.');
    expect(stderr).toContain('Nothing was sent.');
    expect(await puts()).toHaveLength(1);
    expect(await overwritesOf(modTools.id)).toHaveLength(100);
  });

  it('refuses a role id the guild does not have, but lets a deleted role be removed', async () => {
    await asAdmin();
    const typo = await perms('set', '--guild', hq, '--command', 'mod-tools', '--allow', 'role:123456789012345678', '--yes');
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('123456789012345678 is not a role of this guild: check the id');
    expect(await puts()).toHaveLength(0);

    const ban = (await bot.listCommands(GLOBAL_SCOPE)).find((c) => c.name === 'ban')!;
    const { role } = await hqDirectory();
    const stale = (await overwritesOf(ban.id)).find((o) => o.id !== role('Moderator'))!;
    const cleanup = await perms('set', '--guild', hq, '--command', ban.id, '--remove', `role:${stale.id}`, '--yes');
    expect(cleanup.code).toBe(0);
    expect(cleanup.stdout).toContain(`  - allow deleted role ${stale.id}\n1 removed\n`);
  });

  it('without a sign-in, explains which one is needed and sends nothing', async () => {
    await signIn(undefined);
    const before = (await requests()).length;
    const { code, stderr } = await perms('set', '--guild', hq, '--command', 'mod-tools', '--allow', 'everyone', '--yes');
    expect(code).toBe(4);
    expect(stderr).toContain('Discord only accepts a signed-in user here');
    expect(stderr).toContain('A bot token or client credentials cannot edit them.');
    expect(stderr).toContain('cmd-tui auth login --preset permissions');
    expect((await requests()).length).toBe(before);
  });

  it('with a sign-in but no bot token, saves as the TUI does: its overwrites-only backup first, then the PUT', async () => {
    await signIn({ accessToken: emu.userToken, scopes: PERMISSIONS_SCOPES }, false);
    const { code, stdout, stderr } = await perms('set', '--guild', hq, '--command', modTools.id, '--allow', 'everyone', '--yes');
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('Saved:');
    const backup = /Backup of the previous overwrites: (\S+)/.exec(stdout)?.[1];
    const kept = JSON.parse(await readFile(backup!, 'utf8')) as { format: string; commands?: unknown };
    expect(kept.format).toBe('cmd-tui/overwrites-backup');
    expect(kept.commands).toBeUndefined();
    const after = (await bot.listGuildPermissions(hq)).find((entry) => entry.id === modTools.id);
    expect(after?.permissions).toContainEqual(expect.objectContaining({ id: hq, permission: true }));
  });

  it('says in plain words when the signed-in user lacks Manage Guild and Manage Roles (50013)', async () => {
    await signIn({ accessToken: emu.seeded.memberToken, scopes: PERMISSIONS_SCOPES });
    const { code, stderr } = await perms('set', '--guild', hq, '--command', 'mod-tools', '--allow', 'everyone', '--yes');
    expect(code).toBe(1);
    expect(stderr).toContain('(code 50013): the signed-in user needs Manage Guild and Manage Roles in that guild');
    expect(stderr).toContain('cmd-tui auth login --preset permissions');
    expect(await puts()).toEqual([expect.objectContaining({ status: 403 })]);
  });

  it('rejects a malformed target as a usage error before connecting', async () => {
    const before = (await requests()).length;
    await expect(perms('set', '--guild', hq, '--command', 'mod-tools', '--allow', 'moderators')).rejects.toThrow(UsageError);
    await expect(perms('set', '--guild', hq, '--command', 'mod-tools')).rejects.toThrow('nothing to change');
    expect((await requests()).length).toBe(before);
  });
});

describe('perms who', () => {
  it('answers per role and channel, with the reason for each', async () => {
    await signIn(undefined);
    const hidden = await hiddenChannelId();
    const { code, stdout } = await perms('who', '--guild', hq, '--command', 'mod-tools');
    expect(code).toBe(0);
    expect(stdout).toContain('Who can use /mod-tools in guild');
    expect(stdout).toMatch(/^\s+#general\s+#bot-commands\s+#announcements\s+#Lounge\s+#ideas\s+hidden channel \d+$/m);
    expect(stdout).toMatch(/^@everyone\s+no\s+no\s+no\s+no\s+no\s+no$/m);
    // In the channel the bot cannot see, an allow rests on server-wide permissions: "yes?", with the reason.
    expect(stdout).toMatch(/^@Moderator\s+no\s+yes\s+no\s+no\s+no\s+yes\?$/m);
    expect(stdout).toMatch(/^@Admin\s+yes\s+yes\s+yes\s+yes\s+yes\s+yes$/m);
    expect(stdout).toContain('  @everyone: denied: All channels overwrite on the app (in #general, #announcements, #Lounge, #ideas)');
    expect(stdout).toContain('  @everyone: denied: @everyone overwrite on the command (in #bot-commands, hidden channel');
    expect(stdout).toContain('  @Moderator: allowed: role @Moderator overwrite on the command (in #bot-commands)');
    expect(stdout).toContain(
      `  @Moderator: allowed (uncertain): role @Moderator overwrite on the command; the bot cannot see this channel, so its permission overwrites are unknown and this answer rests on server-wide permissions (in hidden channel ${hidden})`,
    );
    expect(stdout).toContain('  @Admin: allowed: has ADMINISTRATOR (administrators can always use commands) (everywhere)');
  });

  it('answers for one member in one channel as JSON', async () => {
    await signIn(undefined);
    const { channel } = await hqDirectory();
    const { code, stdout } = await perms('who', '--guild', hq, '--command', 'mod-tools', '--user', emu.seeded.memberUserId, '--channel', channel('bot-commands'), '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      command: '/mod-tools',
      user: '@Milo (mod)',
      channels: [{ channel: '#bot-commands', allowed: true, stage: 'member', reason: 'allowed: role @Moderator overwrite on the command' }],
    });
  });

  it('knows the guild owner can always use commands', async () => {
    await signIn(undefined);
    const owner = String((await bot.getGuild(hq)).owner_id);
    const { stdout } = await perms('who', '--guild', hq, '--command', 'mod-tools', '--user', owner, '--json');
    const report = JSON.parse(stdout) as { channels: { stage: string; reason: string }[] };
    expect(report.channels.length).toBeGreaterThan(0);
    expect(new Set(report.channels.map((c) => c.reason))).toEqual(new Set(['allowed: server owner (can always use commands)']));
  });

  it('follows an edit made with perms set', async () => {
    await asAdmin();
    const { channel } = await hqDirectory();
    await perms('set', '--guild', hq, '--command', 'mod-tools', '--deny', `channel:${channel('bot-commands')}`, '--yes');
    const { stdout } = await perms('who', '--guild', hq, '--command', 'mod-tools', '--user', emu.seeded.memberUserId, '--channel', channel('bot-commands'));
    expect(stdout).toContain('  #bot-commands: denied: channel #bot-commands overwrite on the command');
  });
});

describe("Discord's refusals on the PUT, in plain words", () => {
  it('a bot token gets 20001 from the server, told as "only a signed-in user"', async () => {
    const path = `/applications/${emu.applicationId}/guilds/${hq}/commands/${modTools.id}/permissions`;
    const response = await call(emu, 'PUT', path, { auth: botAuth(emu), json: { permissions: [] } });
    const error = discordApiErrorFrom(response.status, response.text, 'PUT', path);
    expect(error).toMatchObject({ status: 403, code: 20001 });
    expect(explainRefusal(error, { label: '/mod-tools' }, hq)).toMatchObject({
      message: expect.stringContaining('Discord only accepts a signed-in user here (code 20001)'),
      hint: expect.stringContaining('cmd-tui auth login --preset permissions'),
    });
  });

  it('a sign-in known to lack applications.commands.permissions.update is stopped before the PUT, told as the scope to grant', async () => {
    await signIn({ accessToken: await browserSignIn('identify guilds'), scopes: ['identify', 'guilds'] });
    const { code, stderr } = await perms('set', '--guild', hq, '--command', 'mod-tools', '--allow', 'everyone', '--yes');
    // A credentials problem, like no sign-in at all: exit 4.
    expect(code).toBe(4);
    expect(stderr).toContain('Your sign-in was not granted applications.commands.permissions.update');
    expect(stderr).toContain('Sign in again with that scope: `cmd-tui auth login --preset permissions`.');
    expect(await puts()).toEqual([]);
  });

  it('a sign-in whose scopes are not on record gets 50026 from Discord, told as the scope to grant', async () => {
    await signIn({ accessToken: await browserSignIn('identify guilds'), scopes: [] });
    const { code, stderr } = await perms('set', '--guild', hq, '--command', 'mod-tools', '--allow', 'everyone', '--yes');
    expect(code).toBe(1);
    expect(stderr).toContain('Discord refused (code 50026): your sign-in was not granted applications.commands.permissions.update');
    expect(stderr).toContain('Sign in again with that scope: `cmd-tui auth login --preset permissions`.');
    expect(await puts()).toEqual([expect.objectContaining({ status: 403, auth: 'user' })]);
  });
});

describe('renaming or deleting a command drops its overwrites', () => {
  it('rename: the command follows the app-level defaults afterwards', async () => {
    await signIn(undefined);
    await bot.editCommand(guildScope(hq), modTools.id, { name: 'mod-kit' });
    expect(await bot.getCommandPermissions(hq, modTools.id)).toBeNull();
    const { stdout } = await perms('list', '--guild', hq, '--command', 'mod-kit');
    expect(stdout).toContain('/mod-kit (guild');
    expect(stdout).toContain('no overwrites of its own: follows the app-level defaults');
  });

  it('delete: its entry is gone from the guild list', async () => {
    await signIn(undefined);
    await bot.deleteCommand(guildScope(hq), modTools.id);
    expect((await bot.listGuildPermissions(hq)).map((p) => p.id)).not.toContain(modTools.id);
    const { code, stderr } = await perms('list', '--guild', hq, '--command', modTools.id);
    expect(code).toBe(1);
    expect(stderr).toContain(`No command "${modTools.id}"`);
  });
});
