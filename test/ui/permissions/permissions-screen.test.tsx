import { describe, expect, it } from 'vitest';
import { AuthRequiredError, ConnectionError, DiscordApiError } from '../../../source/api/errors.js';
import { PermissionType } from '../../../source/discord/model.js';
import { fakeSession, makeCommand, type FakeSession } from '../helpers/fake-api.js';
import { renderApp } from '../helpers/app.js';
import { waitFor } from '../helpers/wait-for.js';
import { SCOPE_MISSING } from '../../../source/discord/overwrite-refusals.js';
import { ALICE, BOB, CHANNEL, GUILD_ID, guildWithBan, openPermissions, PermissionsApi, ROLE, setOverwrites } from './permissions-fixture.js';

/** /ban's overwrites open in the permissions screen (after `prepare` set up the API); unmounted after the test. */
async function openBan(prepare?: (api: PermissionsApi) => void) {
  const fixture = guildWithBan();
  prepare?.(fixture.api);
  const app = await openPermissions(fixture.api);
  return { ...fixture, app };
}

/** /ban's permissions opened by a bot-token session (no user sign-in), `signInUser` its browser sign-in. */
async function openBanAsBot(size: { columns: number; rows: number }, signInUser?: (session: FakeSession, api: ReturnType<typeof guildWithBan>['api']) => NonNullable<FakeSession['signIn']>['start']) {
  const { api } = guildWithBan();
  api.kinds = ['bot'];
  const session = fakeSession(api);
  if (signInUser) session.signIn = { start: signInUser(session, api) };
  const app = await renderApp(api, size, session);
  await app.waitForText('No commands in Global');
  await app.press('scope');
  await app.chord('down');
  await app.chord('enter');
  await app.waitForText('ban');
  await app.press('permissions');
  return { api, app };
}

describe('the permissions screen', () => {
  it('shows each overwrite by name: roles, members, a hidden channel and a deleted role, plus the app-level defaults', async () => {
    const { app } = await openBan();
    await app.waitForText('4/100');
    const frame = app.frame();
    expect(frame).toMatch(/allow\s+role\s+@Moderator/);
    expect(frame).toMatch(/deny\s+channel\s+hidden channel 600000000000000009\s+\(the bot cannot view this channel\)/);
    expect(frame).toMatch(/allow\s+user\s+@alice/);
    expect(frame).toMatch(/allow\s+role\s+deleted role 500000000000000099/);
    expect(frame).toContain('App-level defaults, used where this command sets nothing itself');
    expect(frame).toMatch(/deny\s+All channels/);
    expect(frame).toMatch(/allow\s+#general/);
    expect(frame).toContain('in Test Guild');
  });

  it('adds through the filterable picker, flips allow/deny and removes, counting n/100', async () => {
    const { api, app } = await openBan();
    await app.pressAndWait('addOverwrite', 'Add an overwrite to /ban');
    // Constants are offered by name; typing narrows the list (letters are text here, not keys).
    expect(app.frame()).toContain('@everyone');
    expect(app.frame()).toContain('All channels');
    await app.type('help');
    await waitFor(() => !app.frame().includes('@everyone'));
    await app.pressAndWait('select', '5/100');
    expect(app.frame()).toMatch(/\+ allow\s+role\s+@Helper/);
    expect(app.frame()).toContain('unsaved: 1 added');

    await app.press('toggleOverwrite');
    await waitFor(() => /\+ deny\s+role\s+@Helper/.test(app.frame()));

    await app.press('up', 4);
    await app.press('toggleOverwrite');
    await waitFor(() => /~ deny\s+role\s+@Moderator/.test(app.frame()));
    await app.press('down');
    await app.press('removeOverwrite');
    await waitFor(() => !app.frame().includes('hidden channel'));
    await app.waitForText('unsaved: 1 added, 1 removed, 1 flipped');
    expect(app.frame()).toContain('4/100');
    expect(api.puts).toEqual([]);
  });

  it('takes a typed id: role:ID, channel:ID, or a bare user id', async () => {
    const { app } = await openBan();
    await app.press('addOverwrite');
    await app.type(`channel:${CHANNEL.reports}`);
    await waitFor(() => /▸ #reports/.test(app.frame()));
    await app.press('select');
    await waitFor(() => /\+ allow\s+channel\s+#reports/.test(app.frame()));
    // A bare user id is looked up before it is added: named at once, or refused when it names no member.
    await app.press('addOverwrite');
    await app.type(BOB);
    await app.waitForText(`user ${BOB}`);
    await app.press('select');
    await waitFor(() => /\+ allow\s+user\s+@Bob/.test(app.frame()));
    await app.press('addOverwrite');
    await app.type('123456789012345678');
    await app.waitForText('user 123456789012345678');
    await app.pressAndWait('select', '123456789012345678 names no member of Test Guild (Discord answered Unknown Member, 10007). Nothing was added.');
    expect(app.frame()).not.toMatch(/allow\s+user\s+user 123456789012345678/);
    // A role id the guild does not have is a typo, not a deleted role: refused with the reason.
    await app.press('addOverwrite');
    await app.type('role:999999999999999999');
    await app.pressAndWait('select', '999999999999999999 is not a role of this guild');
  });

  it('searches members by name as you type and names the one added at once', async () => {
    const { api, app } = await openBan();
    await app.press('addOverwrite');
    await app.type('bo');
    await waitFor(() => /▸ @Bob\s+user · 700000000000000002/.test(app.frame()), { message: () => app.frame() });
    expect(api.calls).toContain('search bo');
    await app.press('select');
    await waitFor(() => /\+ allow\s+user\s+@Bob/.test(app.frame()));
    await app.waitForText('Added: allow user @Bob.');
  });

  it('while a new search runs, members the text no longer matches are not offered', async () => {
    const { app } = await openBan();
    await app.press('addOverwrite');
    await app.type('bo');
    await waitFor(() => app.frame().includes('▸ @Bob'));
    await app.type('x');
    await app.waitForText('searching members…');
    expect(app.frame()).not.toContain('@Bob');
  });

  it('the status of an action goes when the next view of the screen opens', async () => {
    const { app } = await openBan();
    await app.press('addOverwrite');
    await app.type('bo');
    await waitFor(() => app.frame().includes('▸ @Bob'));
    await app.pressAndWait('select', 'Added: allow user @Bob.');
    await app.pressAndWait('whoCanUse', 'Who can use /ban');
    expect(app.frame()).not.toContain('Added: allow user @Bob.');
  });

  it('without a bot token, offers only the signed-in user for a name and says why; a typed id is added unchecked, with a warning', async () => {
    const { api, app } = await openBan((api) => {
      api.kinds = ['client-credentials', 'user'];
    });
    await app.press('addOverwrite');
    await app.type('test');
    await app.waitForText('Member search needs a bot token: only you (the signed-in user) can be found');
    await waitFor(() => /▸ @testbot/.test(app.frame()));
    await app.chord('esc');
    await app.press('addOverwrite');
    await app.type('123456789012345678');
    await app.pressAndWait('select', 'Added user 123456789012345678 unchecked: checking that an id names a member needs a bot token.');
    expect(api.calls.filter((c) => c.startsWith('search'))).toEqual([]);
  });

  it('refuses the 101st overwrite with the limit in words', async () => {
    const command = makeCommand({ name: 'crowded' }, { kind: 'guild', guildId: GUILD_ID });
    const api = new PermissionsApi([], [command]);
    const hundred = Array.from({ length: 100 }, (_, i) => ({ id: String(800000000000000000n + BigInt(i)), type: PermissionType.User, permission: true }));
    setOverwrites(api, command.id, hundred);
    const app = await openPermissions(api, 'crowded');
    await app.waitForText('100/100');
    await app.press('addOverwrite');
    await app.type('help');
    await app.pressAndWait('select', 'Discord allows 100 per command in a guild');
    expect(app.frame()).toContain('100/100');
    expect(app.frame()).not.toMatch(/\+ allow\s+role\s+@Helper/);
  });

  it('pgdn and pgup move a screenful less one row, g and G to the ends', async () => {
    const command = makeCommand({ name: 'crowded' }, { kind: 'guild', guildId: GUILD_ID });
    const api = new PermissionsApi([], [command]);
    const users = Array.from({ length: 60 }, (_, i) => ({ id: String(800000000000000000n + BigInt(i)), type: PermissionType.User, permission: true }));
    setOverwrites(api, command.id, users);
    const app = await openPermissions(api, 'crowded');
    await app.waitForText('60/100');
    const selectedUser = () => /▸.*user (\d+)/.exec(app.frame())?.[1];
    const shown = () => app.frame().split('\n').filter((line) => /user \d{18}/.test(line)).length;
    expect(selectedUser()).toBe(users[0]!.id);
    const page = shown();
    expect(page).toBeGreaterThan(3);
    await app.press('pageDown');
    await waitFor(() => selectedUser() === users[page - 1]!.id);
    await app.press('pageUp');
    await waitFor(() => selectedUser() === users[0]!.id);
    await app.press('bottom');
    await waitFor(() => selectedUser() === users[59]!.id);
    await app.press('top');
    await waitFor(() => selectedUser() === users[0]!.id);
  });

  it('previews the change before saving, backs up first, then sends one PUT with the whole list', async () => {
    const { api, ban, app } = await openBan();
    await app.press('addOverwrite');
    await app.type('help');
    await app.press('select');
    await app.press('up', 4);
    await app.press('toggleOverwrite');
    await app.pressAndWait('save', 'Replace the overwrites of /ban in Test Guild?');
    const preview = app.frame();
    expect(preview).toContain('+ allow role @Helper');
    expect(preview).toContain('~ role @Moderator: allow → deny');
    expect(preview).toContain('1 added, 1 flipped · overwrites 4/100 → 5/100');
    expect(api.puts).toEqual([]);
    // Focus starts on Cancel: enter alone sends nothing.
    await app.press('confirm');
    await waitFor(() => !app.frame().includes('Replace the overwrites'));
    expect(api.puts).toEqual([]);

    await app.pressAndWait('save', 'Replace the overwrites');
    await app.press('toggleButton');
    await app.pressAndWait('confirm', 'Saved 1 added, 1 flipped; /ban now has 5/100 overwrites. Backup: /backups/1.json');
    expect(app.session.backups).toEqual([{ scope: { kind: 'guild', guildId: GUILD_ID }, reason: `permissions of /ban in guild ${GUILD_ID}` }]);
    expect(api.puts).toEqual([
      {
        guildId: GUILD_ID,
        commandId: ban.id,
        overwrites: [
          { id: ROLE.moderator, type: 1, permission: false },
          { id: CHANNEL.hidden, type: 3, permission: false },
          { id: ALICE, type: 2, permission: true },
          { id: ROLE.deleted, type: 1, permission: true },
          { id: ROLE.helper, type: 1, permission: true },
        ],
      },
    ]);
    expect(app.frame()).not.toContain('unsaved');
  });

  it("says Discord's 403 in plain words", async () => {
    const { api, app } = await openBan();
    await app.press('removeOverwrite');
    await app.press('save');
    await app.press('toggleButton');
    api.failNext = new DiscordApiError(403, 50013, 'Missing Permissions', 'PUT', '/x');
    await app.pressAndWait('confirm', '(code 50013)');
    expect(app.frame()).toContain('Discord refused to change the overwrites of /ban in guild');
    expect(app.frame()).toMatch(/Sign in as a member who has those permissions/);
    expect(app.frame()).toContain('Not saved: /ban is unchanged on Discord');
    expect(app.frame()).toContain('unsaved: 1 removed');
  });

  it('a save whose answer was lost and could not be read back is reported unknown, never "unchanged on Discord"', async () => {
    const { api, app } = await openBan();
    await app.press('removeOverwrite');
    await app.press('save');
    await app.press('toggleButton');
    const lost = () => new ConnectionError('The connection to Discord was reset', '/x', 'Try again.', true);
    // The PUT itself loses its answer (failNext set now would fail the list read before it).
    const put = api.setCommandPermissions.bind(api);
    api.setCommandPermissions = (...args) => {
      api.failNext = lost();
      return put(...args);
    };
    api.getCommandPermissions = async () => {
      throw lost();
    };
    await app.pressAndWait('confirm', 'unknown whether Discord carried it out');
    expect(app.frame()).toContain('Your edits are still here.');
    expect(app.frame()).not.toContain('unchanged on Discord');
  });

  it('with a sign-in that lacks the permissions scope, says so and offers a new sign-in', async () => {
    const { api, app } = await openBan();
    await app.press('removeOverwrite');
    await app.press('save');
    await app.press('toggleButton');
    api.failNext = new AuthRequiredError(['user'], SCOPE_MISSING.message, SCOPE_MISSING.hint);
    await app.pressAndWait('confirm', 'Saving overwrites needs a user sign-in with the permissions scope');
    expect(app.frame()).toContain('Your sign-in was not granted applications.commands.permissions.update');
    expect(api.puts).toHaveLength(0);
  });

  it('knows before saving that the sign-in lacks the scope: no backup, no request, the reason and a new sign-in', async () => {
    const { api, app } = await openBan((api) => {
      api.overwriteAccess = () => 'missing-scope';
    });
    await app.press('removeOverwrite');
    await app.pressAndWait('save', 'Saving overwrites needs a user sign-in with the permissions scope');
    expect(app.frame()).toContain('Your sign-in was not granted applications.commands.permissions.update');
    expect(api.puts).toHaveLength(0);
    expect(app.session.backups).toHaveLength(0);
  });

  it('without a user token explains why, offers the browser sign-in, and continues to the save after it', async () => {
    let finish!: () => void;
    const signedIn = new Promise<void>((resolve) => (finish = resolve));
    const { api, app } = await openBanAsBot({ columns: 110, rows: 32 }, (session, api) => async (onUrl) => {
      onUrl('http://127.0.0.1:9/oauth2/authorize?client_id=1');
      await signedIn;
      api.kinds = ['bot', 'user'];
      return { ...session };
    });
    await app.waitForText('saving needs a user sign-in with the permissions scope (ctrl+s explains');
    await app.press('removeOverwrite');
    await app.pressAndWait('save', 'Saving overwrites needs a user sign-in with the permissions scope');
    expect(app.frame()).toContain('Discord only accepts a signed-in user here');
    expect(app.frame()).toContain('A bot token or client credentials cannot');
    expect(app.frame()).toContain('applications.commands.permissions.update identify guilds');
    await app.press('toggleButton');
    await app.pressAndWait('confirm', 'http://127.0.0.1:9/oauth2/authorize?client_id=1');
    finish();
    await app.waitForText('Replace the overwrites of /ban');
    expect(app.frame()).toContain('- allow role @Moderator');
    await app.press('toggleButton');
    await app.pressAndWait('confirm', 'Saved 1 removed');
    expect(api.puts).toHaveLength(1);
  });

  it('while the browser sign-in waits, the footer shows its keys (copy, submit the pasted address, stop), not the screen’s', async () => {
    const { app } = await openBanAsBot({ columns: 110, rows: 32 }, () => async (onUrl, signal) => {
      onUrl('http://127.0.0.1:9/oauth2/authorize?client_id=1');
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('Sign-in stopped.'))));
    });
    await app.press('removeOverwrite');
    await app.pressAndWait('save', 'Saving overwrites needs a user sign-in with the permissions scope');
    await app.press('toggleButton');
    await app.pressAndWait('confirm', 'http://127.0.0.1:9/oauth2/authorize?client_id=1');
    const footer = app.frame().replace(/\n+$/, '').split('\n').at(-1) ?? '';
    expect(footer).toBe('u copy the address · enter hand over the pasted address · esc/ctrl+c stop waiting');
    expect(footer).not.toMatch(/ctrl\+s save|add overwrite/);
    await app.chord('esc');
    await app.waitForText('unsaved: 1 removed');
  });

  it('at 80 columns says in full why saving needs a sign-in, wrapped rather than cut', async () => {
    const { app } = await openBanAsBot({ columns: 80, rows: 24 });
    await app.waitForText('Read with your bot credentials');
    expect(app.frame().replace(/\s+/g, ' ')).toContain('saving needs a user sign-in with the permissions scope (ctrl+s explains, offers it).');
    expect(app.frame().replace(/\n+$/, '').split('\n').length).toBeLessThanOrEqual(24);
  });

  it('refuses to overwrite a list someone changed on Discord since the screen read it', async () => {
    const { api, ban, app } = await openBan();
    await app.press('removeOverwrite');
    setOverwrites(api, ban.id, [{ id: ROLE.helper, type: 1, permission: false }]);
    await app.press('save');
    await app.press('toggleButton');
    await app.pressAndWait('confirm', 'changed on Discord since this screen read them. Nothing was sent.');
    expect(api.puts).toEqual([]);
    expect(app.session.backups).toEqual([]);
  });

  it('esc with unsaved edits asks first; Keep editing keeps them', async () => {
    const { api, app } = await openBan();
    await app.press('toggleOverwrite');
    await app.pressAndWait('back', 'Discard the unsaved changes to /ban?');
    await app.pressAndWait('confirm', 'unsaved: 1 flipped');
    await app.press('back');
    await app.press('toggleButton');
    await app.press('confirm');
    await waitFor(() => !app.frame().includes('Overwrites of /ban'));
    expect(api.puts).toEqual([]);
  });

  it('ctrl+c with unsaved edits asks before quitting, focus on Keep editing', async () => {
    const { api, app } = await openBan();
    let exited = false;
    void app.instance.waitUntilExit().then(() => (exited = true));
    await app.pressAndWait('toggleOverwrite', 'unsaved: 1 flipped');
    await app.pressAndWait('interrupt', 'Discard unsaved changes to /ban and quit?');
    expect(app.frame()).toContain('▸ Keep editing');
    await app.pressAndWait('confirm', 'unsaved: 1 flipped');
    expect(exited).toBe(false);
    await app.press('interrupt');
    await app.press('toggleButton');
    await app.press('confirm');
    await waitFor(() => exited);
    expect(api.puts).toEqual([]);
  });

  it('keeps unsaved edits while help is open', async () => {
    const { app } = await openBan();
    await app.pressAndWait('toggleOverwrite', 'unsaved: 1 flipped');
    await app.pressAndWait('help', 'Keys on this screen');
    expect(app.frame()).toContain('add overwrite');
    await app.pressAndWait('back', 'unsaved: 1 flipped');
  });

  it('fits a narrow terminal and follows a resize', async () => {
    const { app } = await openBan();
    app.stdout.resize(60, 20);
    await waitFor(() => app.frame().split('\n').every((line) => line.length <= 60) && app.frame().includes('@Moderator'));
    await app.pressAndWait('whoCanUse', 'channels 1–2 of 3 (←/→ moves)');
    expect(app.frame().split('\n').every((line) => line.length <= 60)).toBe(true);
  });

  it('A on the command list opens the app-level defaults of the guild', async () => {
    const { api } = guildWithBan();
    const app = await renderApp(api, { columns: 110, rows: 32 });
    await app.waitForText('No commands in Global');
    await app.press('scope');
    await app.chord('down');
    await app.chord('enter');
    await app.waitForText('ban');
    await app.pressAndWait('appPermissions', 'App-level defaults (all commands) in Test Guild · 2/100');
  });

  it('in Global scope asks for the guild first', async () => {
    const ban = makeCommand({ name: 'ban' });
    const api = new PermissionsApi([ban], []);
    setOverwrites(api, ban.id, [{ id: ROLE.moderator, type: 1, permission: true }]);
    const app = await renderApp(api, { columns: 110, rows: 32 });
    await app.waitForText('ban');
    await app.pressAndWait('permissions', 'Permission overwrites are set per guild: pick the guild');
    await app.pressAndWait('select', 'Overwrites of /ban in Test Guild');
    expect(app.frame()).toMatch(/allow\s+role\s+@Moderator/);
  });

  it('A opens the app-level defaults', async () => {
    const { app } = await openBan();
    await app.pressAndWait('appPermissions', 'App-level defaults (all commands) in Test Guild');
    expect(app.frame()).toMatch(/deny\s+channel\s+All channels/);
    expect(app.frame()).toContain('2/100');
  });

  it('w shows who can use the command, per role and channel, with the reason for the selected cell', async () => {
    const { app } = await openBan();
    await app.pressAndWait('whoCanUse', 'Who can use /ban in Test Guild?');
    expect(app.frame()).toContain('#general');
    expect(app.frame()).toContain('#reports');
    expect(app.frame()).toContain('hidden chann');
    // @everyone in #general: no overwrite on the command for it, and BAN_MEMBERS is required.
    expect(app.frame()).toContain('denied: needs BAN_MEMBERS (default_member_permissions) and no overwrite grants it');
    await app.pressAndWait('down', 'allowed: role @Moderator overwrite on the command');
    await app.pressAndWait('nextColumn', 'denied: All channels overwrite on the app');
    await app.pressAndWait('whoCanUse', 'Overwrites of /ban');
  });

  it('who can use: a row for each user overwrite, and m checks one member by name or id', async () => {
    const CAROL = '700000000000000003';
    const { app } = await openBan((api) => {
      api.members.push({ user: { id: CAROL, username: 'carol', global_name: 'Carol' }, nick: null, roles: [ROLE.moderator], communication_disabled_until: '2999-01-01T00:00:00.000Z' });
    });
    await app.pressAndWait('whoCanUse', 'Who can use /ban in Test Guild?');
    // alice's user overwrite gives her a row of her own, after the roles: #general, #reports, then the
    // hidden channel, where the command's own channel deny is certain (no "?").
    expect(app.frame()).toMatch(/@alice\s+✓ yes\s+✗ no\s+✗ no/);
    expect(app.frame()).not.toMatch(/\? (yes|no)/);

    /** m, a name or an id typed, the first match picked. */
    const check = async (typed: string, label?: string) => {
      await app.pressAndWait('checkMember', 'Check a member: can they use /ban in Test Guild?');
      await app.type(typed);
      if (label) await waitFor(() => app.frame().includes(`▸ ${label}`), { message: () => app.frame() });
      await app.press('select');
    };
    await check('car', '@Carol');
    await app.waitForText('Can @Carol use /ban in Test Guild?');
    expect(app.frame()).toContain('Timed out until 2999-01-01T00:00:00.000Z: a timed-out member cannot use commands.');
    expect(app.frame()).toMatch(/✗ no\s+every channel: denied: timed out until 2999-01-01T00:00:00.000Z/);

    await check('ali', '@alice');
    await app.waitForText('Can @alice use /ban in Test Guild?');
    expect(app.frame()).toMatch(/✓ yes\s+#general: allowed: user @alice overwrite on the command/);
    await app.pressAndWait('back', 'Who can use /ban in Test Guild?');

    // An id that names no member is said so, and the grid stays.
    await check('123456789012345678');
    await app.waitForText('123456789012345678 names no member of Test Guild (Discord answered Unknown Member, 10007).');
    expect(app.frame()).toContain('Who can use /ban in Test Guild?');
  });
});
