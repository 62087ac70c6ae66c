/**
 * The TUI's sign-in beside another app's profile, end to end: the current profile is another API's
 * (a sign-in made earlier against another emulator), the TUI runs on this one with a bot token, and the
 * save of an overwrite asks for a sign-in. The sign-in is stored under a new profile for this app (no
 * other profile changed, nothing refused after the browser approved it), the save that asked for it goes
 * on, and while it is in flight (every request slowed) the keys that would change the list are off,
 * saying why, instead of opening the add picker whose typing the save's answer would drop.
 */
import { expect, it } from 'vitest';
import { type Action } from '../../source/ui/input/key-bindings.js';
import { consentRedirect } from '../auth/scripted-browser.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { signInFromSave } from './helpers/sign-in.js';
import { useTuiRuns } from './helpers/tui-run.js';
import { cliEnv } from '../helpers/hermetic-env.js';

// Every request answered 600 ms late: a save (backup read, PUT, read-back) is in flight long enough to press keys during it.
const emulator = useEmulator({ seed: 'demo', faults: 'slow:1@600,seed:5' });
const runs = useTuiRuns();

it('a sign-in from the permissions screen is stored under a new profile for this app, the save goes on, and its keys are off while it is in flight', async () => {
  const running = emulator();
  const env = { CMD_TUI_SECRET_STORE: 'file', BROWSER: 'true' };
  const tui = runs.start(['--api', running.baseUrl], { columns: 100, rows: 30 }, { DISCORD_BOT_TOKEN: running.botToken, ...env });
  const press = (action: Action) => tui.press(action, 'permissions');
  await tui.waitForText('avatar', 30_000);
  // Another app's profile, current: what an earlier sign-in against another emulator left.
  const cli = (...args: string[]) => runCli(args, { env: cliEnv({ CMD_TUI_HOME: runs.home(), ...env, DISCORD_BOT_TOKEN: '' }) });
  expect((await cli('profile', 'add', 'other-app', '--api', 'http://127.0.0.1:9/api/v10', '--app', '111111111111111111', '--use')).code).toBe(0);

  await signInFromSave(tui);
  await tui.waitFor((s) => s.includes('Pasted address:') && /^http/m.test(s), 'the address and the field', 30_000);
  const url = tui.screen({ joined: true }).split('\n').find((line) => line.startsWith('http'))?.trimEnd() ?? '';
  await tui.paste(await consentRedirect(url, 'authorize'));
  await tui.key('enter');
  const signedIn = await tui.waitFor((s) => s.includes('Replace the overwrites of /mod-tools'), 'the save that asked for the sign-in, back', 30_000);
  expect(signedIn).not.toContain('Sign-in failed');

  // The save, then `a` while it is in flight: said to be off, and no picker opens.
  await tui.key('tab');
  await tui.key('enter');
  await tui.waitForText('Saving the overwrites of /mod-tools');
  await press('addOverwrite');
  const refused = await tui.waitFor((s) => s.replace(/\s+/g, ' ').includes('a add overwrite is off: the save is in flight'), 'the add key said to be off');
  expect(refused).not.toContain('Add an overwrite to');
  await tui.waitForText('Saved 1 added', 30_000);
  expect(tui.screen()).not.toContain('Add an overwrite to');

  // The other app's profile is as it was, and still current; the new one names this app at this API.
  const listed = await cli('profile', 'list', '--json');
  const profiles = JSON.parse(listed.stdout) as { current?: string; profiles: { name: string; api?: string; apiUrl?: string; applicationId?: string }[] };
  expect(JSON.stringify(profiles)).toContain('other-app');
  expect(JSON.stringify(profiles)).toContain('111111111111111111');
  expect(JSON.stringify(profiles)).toContain('pixel-pal');
  expect(JSON.stringify(profiles)).toContain(running.applicationId);
}, 120_000);
