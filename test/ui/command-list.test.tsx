import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../source/discord/model.js';
import { footerHints } from '../../source/ui/components/footer.js';
import { FakeApi, fakeSession, makeCommand } from './helpers/fake-api.js';
import { renderApp } from './helpers/app.js';
import { waitFor } from './helpers/wait-for.js';

function sampleApi() {
  return new FakeApi([
    makeCommand({ name: 'ping', description: 'Check the latency' }),
    makeCommand({ name: 'ban', description: 'Ban a member', default_member_permissions: '4', options: [{ type: 6, name: 'user', description: 'Who', required: true }] }),
    makeCommand({ name: 'Report', type: 2 }),
    makeCommand({ name: 'BadName', description: 'uppercase is not allowed' }),
  ]);
}

describe('command list', () => {
  it('shows the header, columns, counts against caps, and a marker on a rule-breaking command', async () => {
    const app = await renderApp(sampleApi(), { columns: 100, rows: 30 });
    await app.waitForText('ping');
    const frame = app.frame();
    expect(frame).toContain('Test App');
    expect(frame).toContain(`app id ${app.api.applicationId}`);
    expect(frame).toContain('testbot via bot token');
    expect(frame).toContain('slash 3/100 · user 1/15 · message 0/15 · entry 0/1');
    expect(frame).toContain('creates today 0/200');
    expect(frame).toMatch(/TYPE\s+NAME\s+DESCRIPTION\s+TOP OPTS\s+PERMISSIONS\s+CONTEXTS\s+NSFW\s+SIZE/);
    expect(frame).toContain('BAN_MEMBERS');
    expect(frame).toMatch(/!.*BadName/);
    // The footer comes from the key table, fitted to one line (99 cells: the root leaves the last column free).
    expect(frame.replace(/\n+$/, '').split('\n').at(-1)?.trimEnd()).toBe(footerHints('list', 99));
    expect(frame).toMatch(/d(\/ctrl\+d)? delete/);
  });

  it('moves with j/k, opens the detail with enter and goes back with esc', async () => {
    const app = await renderApp(sampleApi());
    await app.waitForText('ping');
    // Sorted by type then name: BadName, ban, ping, Report.
    await app.press('down');
    await waitFor(() => /▸\s*slash\s+ban/.test(app.frame()));
    await app.pressAndWait('open', 'Ban a member');
    await app.waitForText('user  USER · required — Who');
    await app.waitForText('default member permissions: BAN_MEMBERS (bits 4)');
    await app.press('back');
    await waitFor(() => /▸\s*slash\s+ban/.test(app.frame()));
  });

  it('filters as you type; letters are text while the filter has focus', async () => {
    const app = await renderApp(sampleApi());
    await app.waitForText('ping');
    await app.press('filter');
    await app.type('pin');
    await waitFor(() => !app.frame().includes('Ban a member'));
    expect(app.frame()).toContain('ping');
    // q is text here, not quit; ? is text, not help.
    await app.type('q?');
    await app.waitForText('No command matches');
    await app.chord('backspace');
    await app.chord('backspace');
    await app.pressAndWait('filterDone', 'Check the latency');
    await app.press('filterClear');
    // esc at the root clears the kept filter and never quits.
    await app.chord('esc');
    await app.waitForText('Ban a member');
  });

  it('handles keys that arrive in one chunk one by one (a busy machine or a fast typist)', async () => {
    const app = await renderApp(sampleApi());
    await app.waitForText('ping');
    // "/", then "pin" as filter text, then enter to keep it and enter to open: all in one read.
    await act(async () => {
      app.stdin.write('/pin\r\r');
    });
    await app.waitForText('Check the latency');
    await app.waitForText('id ');
  });

  it('shows help for the screen from the key table and closes it with esc', async () => {
    const app = await renderApp(sampleApi());
    await app.waitForText('ping');
    await app.pressAndWait('help', 'Keys on this screen');
    expect(app.frame()).toContain('edit JSON in $EDITOR');
    await app.chord('esc');
    await waitFor(() => !app.frame().includes('Keys on this screen'));
  });

  it('picks a guild scope by name and shows its overwrites in the detail by name', async () => {
    const api = sampleApi();
    const guildCommand = makeCommand({ name: 'mod', description: 'Moderate' }, { kind: 'guild', guildId: '200000000000000002' });
    api.commands.set('guild:200000000000000002', [guildCommand]);
    api.permissions = [{ id: guildCommand.id, application_id: api.applicationId, guild_id: '200000000000000002', permissions: [
      { id: '200000000000000002', type: 1, permission: false },
      { id: '200000000000000001', type: 3, permission: true },
      { id: '500000000000000005', type: 1, permission: true },
      { id: '700000000000000007', type: 2, permission: true },
    ] }];
    let roleReads = 0;
    api.getGuildRoles = async () => {
      roleReads += 1;
      return [{ id: '500000000000000005', name: 'Helpers', position: 1, permissions: '0' }];
    };
    api.getGuildMember = async (_guildId, userId) => ({ user: { id: userId, username: 'alice' }, roles: [] });
    const app = await renderApp(api);
    await app.waitForText('ping');
    await app.pressAndWait('scope', 'Test Guild');
    await app.chord('down');
    await app.chord('enter');
    await app.waitForText('scope Guild Test Guild');
    await app.waitForText('Moderate');
    await app.pressAndWait('open', 'deny   @everyone');
    // The shared naming (source/discord/overwrite-targets.ts), as in the permissions screen: roles and members by name.
    expect(app.frame()).toContain('allow  All channels');
    await app.waitForText('allow  role @Helpers');
    expect(app.frame()).toContain('allow  user @alice');
    expect(app.frame()).not.toContain('500000000000000005');
    expect(app.frame()).not.toContain('p opens them with roles, channels and members by name.');
    // Help over the detail and back: the names are there at once, not read again.
    const reads = roleReads;
    await app.pressAndWait('help', 'Keys on this screen');
    await app.chord('esc');
    await app.waitForText('allow  role @Helpers');
    expect(roleReads).toBe(reads);
  });

  it('counts top-level options under TOP OPTS, as `cmd-tui list` does: two groups are 2, not the 8 inside', async () => {
    const group = (name: string) => ({ type: 2, name, description: name, options: [{ type: 1, name: 'on', description: 'On', options: [{ type: 3, name: 'kind', description: 'Kind' }] }, { type: 1, name: 'off', description: 'Off' }] });
    const api = new FakeApi([makeCommand({ name: 'settings', description: 'Change things', options: [group('alerts'), group('profile')] as Command['options'] })]);
    const app = await renderApp(api, { columns: 100, rows: 30 });
    await app.waitForText('settings');
    expect(app.frame()).toMatch(/Change things\s+2\s/);
  });

  it('picks the guild when ↓ and enter arrive in one chunk (a fast typist, tmux)', async () => {
    const app = await renderApp(sampleApi());
    await app.waitForText('ping');
    await app.pressAndWait('scope', 'Test Guild');
    await act(async () => {
      app.stdin.write('\u001b[B\r');
    });
    await app.waitForText('scope Guild Test Guild');
  });

  it('draws what it read while connecting in its first frame (list, app, account, creates), without asking again until ctrl+r', async () => {
    const api = sampleApi();
    const session = fakeSession(api, { opening: { globalCommands: await api.listCommands({ kind: 'global' }), application: await api.getApplication(), who: 'Pixel Pal', globalCreatesUsed: 3 } });
    api.calls.length = 0;
    const app = await renderApp(api, {}, session);
    const first = app.frame();
    expect(first).toContain('Check the latency');
    expect(first).toContain('Test App');
    expect(first).toContain('Pixel Pal via bot token');
    expect(first).toContain('creates today 3/200');
    expect(api.calls.filter((call) => call.startsWith('list'))).toEqual([]);
    await app.press('refresh');
    await waitFor(() => api.calls.includes('list global'), { message: () => api.calls.join('\n') });
  });

  it('keeps the layout at 80×24 and follows a resize', async () => {
    const app = await renderApp(sampleApi(), { columns: 80, rows: 24 });
    await app.waitForText('ping');
    expect(app.frame().split('\n').every((line) => line.length <= 80)).toBe(true);
    app.stdout.resize(120, 30);
    await waitFor(() => app.frame().split('\n').some((line) => line.length > 80));
  });
});
