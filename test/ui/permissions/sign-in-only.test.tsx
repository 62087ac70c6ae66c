import { describe, expect, it } from 'vitest';
import { PermissionType } from '../../../source/discord/model.js';
import { managedGuilds } from '../../../source/ui/screens/sign-in-only/sign-in-only-home.js';
import { fakeSession } from '../helpers/fake-api.js';
import { renderApp } from '../helpers/app.js';
import { waitFor } from '../helpers/wait-for.js';
import { ALICE, GUILD_ID, guildWithBan, ROLE } from './permissions-fixture.js';

/** /ban's guild as a browser sign-in alone sees it; `named`: a backup knows /ban. */
async function signedInOnly(named: boolean, size = { columns: 110, rows: 32 }) {
  const { api, ban } = guildWithBan();
  api.kinds = ['user'];
  api.guilds = [
    { id: GUILD_ID, name: 'Test Guild', owner: false, permissions: String(0x20) },
    { id: '800000000000000001', name: 'Just a member', owner: false, permissions: '0' },
  ];
  const session = fakeSession(api, {}, { knownCommands: async () => (named ? [ban] : []) });
  const app = await renderApp(api, size, session);
  return { api, ban, app, session };
}

describe('a browser sign-in alone', () => {
  it('keeps the guilds the user owns or has Manage Guild in', () => {
    const guilds = [
      { id: '1', name: 'owned', owner: true, permissions: '0' },
      { id: '2', name: 'manager', permissions: String(0x20 | 0x8) },
      { id: '3', name: 'member', permissions: String(0x400) },
      { id: '4', name: 'nothing said' },
    ];
    expect(managedGuilds(guilds).map((g) => g.name)).toEqual(['owned', 'manager']);
  });

  it('opens on the managed guilds, says why names are missing and which keys are off, and lists the command permissions by id', async () => {
    const { api, ban, app } = await signedInOnly(false);
    await app.waitForText('Test Guild');
    const home = app.frame();
    expect(home).toContain('Discord gives a user sign-in no command list');
    expect(home).toMatch(/cmd-tui\s+auth\s+set-client-credentials/);
    expect(home).toMatch(/Off until then.*n new · e edit · d delete · c\/C copy · a audit/);
    expect(home).toContain('Test Guild');
    expect(home).toContain('commands unread: a browser sign-in alone lists none');
    expect(home).not.toContain('counting…');
    expect(home).not.toContain('Just a member');
    // The command keys are off here and say why; nothing is created.
    await app.pressAndWait('new', 'n new is off: it needs a bot token or client credentials');
    expect(api.calls.filter((call) => !call.startsWith('list') && !call.startsWith('get'))).toEqual([]);
    await app.chord('enter');
    await app.waitForText(`command ${ban.id}`);
    expect(app.frame()).toContain('Command permissions in Test Guild');
    expect(app.frame()).toContain('all commands (app-level defaults)');
  });

  it('names a command from a backup and saves an added overwrite through the usual save, backup first', async () => {
    const { api, ban, app, session } = await signedInOnly(true);
    await app.waitForText('Guilds you manage');
    await app.press('filter');
    await app.type('Test');
    await app.waitForText('filter Test');
    await app.press('filterDone');
    await app.pressAndWait('open', `/ban  ${ban.id} · 4/100`);
    await app.filterTo('ban');
    await app.pressAndWait('open', 'Overwrites of /ban in Test Guild · 4/100');
    await app.press('addOverwrite');
    await app.type('everyone');
    await app.chord('enter');
    await app.waitForText('5/100 · unsaved: 1 added');
    await app.pressAndWait('save', 'Replace the overwrites of /ban in Test Guild?');
    // What is really backed up: a sign-in alone reads no commands.
    expect(app.frame().replace(/[\s│]+/g, ' ')).toContain("The guild's overwrites are backed up first (a browser sign-in alone cannot read its commands)");
    expect(app.frame()).not.toContain("commands and overwrites are backed up");
    await app.press('toggleButton');
    await app.pressAndWait('confirm', 'Saved 1 added');
    await waitFor(() => api.puts.length === 1);
    expect(api.puts[0]?.overwrites).toContainEqual({ id: GUILD_ID, type: PermissionType.Role, permission: true });
    expect(api.puts[0]?.overwrites).toContainEqual({ id: ALICE, type: PermissionType.User, permission: true });
    expect(api.puts[0]?.overwrites).toContainEqual({ id: ROLE.moderator, type: PermissionType.Role, permission: true });
    expect(session.backups).toHaveLength(1);
  });

  it('answers ? with its own keys, the command keys disabled with why, and ctrl+r reads the guilds again', async () => {
    const { api, app } = await signedInOnly(false);
    await app.waitForText('Test Guild');
    await app.pressAndWait('help', 'Keys on this screen');
    const help = app.frame().replace(/[\s│]+/g, ' ');
    expect(help).toContain('i open a command by its id (typed or pasted) — disabled: pick a guild first');
    expect(help).toContain('n new (changes Discord; asks first) — disabled: it needs a bot token or client credentials');
    expect(help).toContain('ctrl+r refresh');
    await app.press('help');
    await waitFor(() => !app.frame().includes('Keys on this screen'), { message: app.frame });
    api.guilds = [...api.guilds, { id: '800000000000000002', name: 'Second Managed', owner: true, permissions: '0' }];
    await app.pressAndWait('refresh', 'Second Managed');
  });

  it('opens a command by a typed or pasted id, saying what is wrong with one that is not an id', async () => {
    const { app } = await signedInOnly(false);
    await app.waitForText('Test Guild');
    await app.pressAndWait('open', 'Command permissions in Test Guild');
    await app.pressAndWait('openById', "Open a command's permissions in Test Guild by its id");
    expect(app.frame()).toContain("Type or paste the command's id");
    await app.type('ban');
    await app.waitForText('Not a command id: an id is digits only');
    for (let i = 0; i < 3; i++) await app.chord('backspace');
    await app.type('12345');
    await app.waitForText('Too short for a command id (5 digits');
    for (let i = 0; i < 5; i++) await app.chord('backspace');
    await app.type('</remind:900000000000000077>');
    await app.waitForText('/remind');
    await app.chord('enter');
    await app.waitForText('Overwrites of command 900000000000000077 in Test Guild');
    expect(app.frame()).not.toContain('may have been deleted');
  });

  it('at 40×12 shows a whole short explanation, a guild row and the footer; the keys it names as off are the keys that say so', async () => {
    const { app } = await signedInOnly(false, { columns: 40, rows: 12 });
    await app.waitForText('Test Guild');
    const lines = app.frame().replace(/\n+$/, '').split('\n');
    expect(lines.length, app.frame()).toBeLessThanOrEqual(12);
    expect(app.frame()).toContain('Browser sign-in: overwrites only.');
    expect(app.frame()).toMatch(/▸ Test Guild/);
    expect(lines.at(-1)).toMatch(/\? help/);
    expect(lines.some((line) => line.includes('╰')), app.frame()).toBe(true);
    await app.pressAndWait('open', 'Command permissions in');
    expect(app.frame().replace(/\n+$/, '').split('\n').length).toBeLessThanOrEqual(12);
    expect(app.frame().replace(/\n+$/, '').split('\n').at(-1)).toMatch(/\? help/);
  });

  it('names as off only keys that are off here and say why', async () => {
    const { app } = await signedInOnly(false);
    await app.waitForText('Off until then');
    const named = /Off until then \(they need one\): (.*)\./.exec(app.frame().replace(/\s+/g, ' '))?.[1] ?? '';
    const keys = named.split(' · ').flatMap((part) => part.split(' ')[0]!.split('/'));
    expect(keys).toEqual(['n', 'e', 'd', 'c', 'C', 'a', 'x', 'b']);
    for (const key of keys) {
      await app.type(key);
      const notice = new RegExp(`(^| )${key}(/\\S+)? [^:]* is off: it needs a bot token or client credentials`);
      await waitFor(() => notice.test(app.frame().replace(/\s+/g, ' ')), { message: app.frame });
    }
  });
});
