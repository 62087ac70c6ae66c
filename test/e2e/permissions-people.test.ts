/**
 * Permissions that name people, end to end: the built binary in a real terminal (tmux), at 120×36
 * and 80×24. With `--demo`: search "ada" and "kai" in the add picker, add them, see them named at
 * once, save; "who can use this?" gives each a row (kai, timed out, is not allowed); `m` checks a
 * member by name; the command's detail names them too. Against `cmd-tui serve`'s emulator with client credentials only (which list no
 * guilds): the scope picker takes a typed guild id and offers it again as picked recently.
 */
import { describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import { type Action } from '../../source/ui/input/key-bindings.js';
import { useEmulator } from '../helpers/emulator.js';
import { openCommandPermissions } from './helpers/scope.js';
import type { TmuxSession } from './helpers/tmux.js';
import { useTuiRuns } from './helpers/tui-run.js';
import { controlIn, fetchControl } from '../helpers/emulator-control.js';

const SIZES = [
  { columns: 120, rows: 36 },
  { columns: 80, rows: 24 },
];

const emulator = useEmulator({ seed: 'demo' });
const runs = useTuiRuns();
let tui: TmuxSession | undefined;

const press = (action: Action) => tui!.press(action);

function start(args: string[], size: { columns: number; rows: number }, env: Record<string, string> = {}): TmuxSession {
  tui = runs.start(args, size, env);
  return tui;
}

/** In the add picker: type a name, wait for the member the search found, add them. */
async function addMemberByName(name: string, label: string): Promise<void> {
  await tui!.pressAndWait('addOverwrite', 'Add an overwrite to /mod-tools');
  await tui!.type(name);
  await tui!.waitFor((s) => s.includes(`▸ ${label}`), `the search to find ${label}`);
  await press('select');
  await tui!.waitFor((s) => new RegExp(`\\+ allow\\s+user\\s+${label.replace(/[()]/g, '\\$&')}`).test(s), `${label} named in the list`);
}

describe.each(SIZES)('permissions that name people at $columns×$rows', (size) => {
  it('search by name → add → named → save; who can use shows their rows (timed out: no); m checks a member', async () => {
    start(['--demo'], size);
    const first = await tui!.waitFor((s) => /^slash\s/m.test(s), 'the command list', 20_000);
    const origin = /demo emulator (http:\/\/127\.0\.0\.1:\d+)\/api\/v10/.exec(first)?.[1];
    expect(origin).toBeDefined();
    await openCommandPermissions(tui!, 'Pixel Pal HQ', 'mod-tools');

    await addMemberByName('ada', '@Ada (admin)');
    await addMemberByName('kai', '@Kai');
    await tui!.waitForText('unsaved: 2 added');

    await tui!.pressAndWait('save', 'Replace the overwrites of /mod-tools in Pixel Pal HQ?');
    expect(tui!.screen()).toContain('+ allow user @Ada (admin)');
    expect(tui!.screen()).toContain('+ allow user @Kai');
    await press('toggleButton');
    await tui!.pressAndWait('confirm', 'Saved 2 added');
    const log = (await (await fetchControl(await controlIn(runs.home(), origin!), '/__emulator/requests')).json()) as LoggedRequest[];
    expect(log.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(log.some((r) => r.method === 'GET' && /\/members\/search$/.test(r.path))).toBe(true);

    // Who can use: a row per user overwrite; kai is timed out, so not allowed anywhere.
    await press('whoCanUse');
    const grid = await tui!.waitForText('Who can use /mod-tools');
    // The app-level All channels deny keeps everyone but administrators out of #general; #bot-commands is open.
    expect(grid).toMatch(/@Ada \(admin\)\s+✗ no\s+✓ yes/);
    expect(grid).toMatch(/@Kai\s+✗ no\s+✗ no/);
    expect(grid).not.toMatch(/@Kai[^\n]*✓/);

    // Check a member by name: the same reasons as `perms who --user`.
    await tui!.pressAndWait('checkMember', 'Check a member');
    await tui!.type('kai');
    await tui!.waitFor((s) => s.includes('▸ @Kai'), 'the search to find kai');
    await press('select');
    const kai = await tui!.waitForText('Can @Kai use /mod-tools in Pixel Pal HQ?');
    expect(kai).toMatch(/Timed out until \d{4}-\d\d-\d\dT/);
    expect(kai).toMatch(/✗ no\s+every channel: denied: timed out until/);
    expect(kai).not.toContain('✓ yes');

    await press('checkMember');
    await tui!.type('mil');
    await tui!.waitFor((s) => s.includes('▸ @Milo (mod)'), 'the search to find milo');
    await press('select');
    const milo = await tui!.waitForText('Can @Milo (mod) use /mod-tools');
    expect(milo).toMatch(/✓ yes\s+#bot-commands: allowed: role @Moderator overwrite on the command/);
    await tui!.pressAndWait('back', 'Who can use /mod-tools');

    // The command's detail names the same overwrites: roles and members by name, not ids.
    await press('back');
    await press('back');
    await tui!.waitFor((s) => !s.includes('Overwrites of /mod-tools'), 'the command list');
    await tui!.pressAndWait('open', 'Permission overwrites');
    await press('bottom');
    const detail = await tui!.waitForText('allow  user @Kai');
    expect(detail).toContain('allow  user @Ada (admin)');
    expect(detail).toContain('allow  role @Moderator');
    expect(detail).not.toMatch(/(role|user) \d{15,}/);
    await press('quit');
  }, 90_000);

  it('client credentials list no guilds: the scope picker takes a typed guild id and offers it again', async () => {
    const running = emulator();
    const hq = running.guildIds[0]!;
    start(['--api', running.baseUrl], size, { DISCORD_CLIENT_ID: running.clientId, DISCORD_CLIENT_SECRET: running.clientSecret });
    await tui!.waitFor((s) => /^slash\s/m.test(s), 'the command list', 20_000);
    await tui!.pressAndWait('scope', 'No guilds listed (client credentials list none): type a guild id.');
    await tui!.type(hq);
    await tui!.waitForText(`guild ${hq}`);
    await tui!.pressAndWait('select', `scope Guild ${hq}`);
    await tui!.waitForText('mod-tools');
    // Picked once, offered again (remembered in the settings for this API and application).
    await press('scope');
    await tui!.waitFor((s) => s.includes(`guild ${hq}`) && s.includes('picked recently'), 'the recent guild');
    await press('cancel');
    // The copy dialog's target takes a typed id too: the guild's commands into another guild nobody listed.
    const speedrun = running.guildIds[1]!;
    await tui!.pressAndWait('copyScope', 'No guilds listed (client credentials list none): type a guild id.');
    await tui!.type(speedrun);
    await tui!.waitForText(`guild ${speedrun}`);
    await press('select');
    await tui!.waitFor((s) => s.replace(/[\s│]+/g, ' ').includes(`into guild ${speedrun}?`), 'the copy preview');
    await press('cancel');
    await press('quit');
  }, 60_000);
});
