/**
 * The TUI's browser sign-in with the browser on another machine (over SSH), end to end: the built
 * binary in tmux against the emulator. The address shown is approved through the emulator's own
 * consent form by a plain HTTP client that does not follow the redirect (the 127.0.0.1 it points at
 * is "another machine's"), and the address it was sent to is pasted into the TUI instead: refused
 * with the reason while it lacks its state (the code never shown), then taken, and the save goes on.
 */
import { describe, expect, it } from 'vitest';
import { type Action } from '../../source/ui/input/key-bindings.js';
import { consentRedirect } from '../auth/scripted-browser.js';
import { useEmulator } from '../helpers/emulator.js';
import { signInFromSave } from './helpers/sign-in.js';
import { useTuiRuns } from './helpers/tui-run.js';

const emulator = useEmulator({ seed: 'demo' });
const runs = useTuiRuns();

it('a redirect address pasted into the TUI finishes the sign-in, and the save that needed it is sent', async () => {
  const running = emulator();
  // BROWSER=true: the browser "opens" elsewhere; nothing ever reaches this machine's listener.
  const tui = runs.start(['--api', running.baseUrl], { columns: 100, rows: 30 }, { DISCORD_BOT_TOKEN: running.botToken, CMD_TUI_SECRET_STORE: 'file', BROWSER: 'true' });
  const press = (action: Action) => tui.press(action);
  await tui.waitForText('avatar');
  await signInFromSave(tui);
  const waiting = await tui.waitFor((s) => s.includes('Pasted address:') && /^http/m.test(s), 'the address and the field');
  expect(waiting.replace(/\s+/g, ' ')).toContain('Its redirect to 127.0.0.1 goes to that machine, not to this one');
  const url = tui.screen({ joined: true }).split('\n').find((line) => line.startsWith('http'))?.trimEnd() ?? '';
  expect(url).toContain('/oauth2/authorize?');

  const redirected = await consentRedirect(url, 'authorize');
  const code = new URL(redirected).searchParams.get('code') ?? '';
  expect(code).not.toBe('');
  // Without its state it cannot be matched to this sign-in: refused, saying why, the code nowhere on screen.
  const stateless = new URL(redirected);
  stateless.searchParams.delete('state');
  await tui.paste(stateless.toString());
  await tui.key('enter');
  const refused = await tui.waitForText('That address has no state');
  expect(refused).not.toContain(code);
  expect(refused).not.toContain('code=');

  await tui.paste(redirected);
  expect(tui.screen()).not.toContain(code);
  await tui.key('enter');
  // Signed in: the header names the user, and the save that asked for it shows its preview again.
  const signedIn = await tui.waitFor((s) => s.includes('via bot token + user sign-in') && s.includes('Replace the overwrites of /mod-tools'), 'the sign-in and the preview', 20_000);
  expect(signedIn).not.toContain(code);
  await press('toggleButton');
  await tui.pressAndWait('confirm', 'Saved 1 added');
}, 60_000);

describe.each([
  [80, 24],
  [40, 12],
])('onboarding’s browser sign-in at %i×%i', (columns, rows) => {
  it('shows the address whole (one line the terminal wraps) with the field, and a pasted redirect signs in', async () => {
    const running = emulator();
    // No credentials: onboarding, whose fourth way in is the browser sign-in.
    const tui = runs.start(['--api', running.baseUrl], { columns, rows }, { CMD_TUI_SECRET_STORE: 'file', BROWSER: 'true' });
    await tui.waitForText('Try the demo', 20_000);
    for (let i = 0; i < 3; i++) await tui.key('down');
    await tui.key('enter');
    // At 40×12 onboarding's own lines push the id field out of view; it has the focus all the same.
    await tui.waitFor((s) => s.includes('Application (client) id:') || s.includes('Signs you in as a user'), 'the client id step');
    await tui.type(running.publicClientId);
    await tui.key('enter');
    await tui.waitFor((s) => s.includes('Pasted address:') && /^http/m.test(s), 'the address and the field');
    const url = tui.screen({ joined: true }).split('\n').find((line) => line.startsWith('http'))?.trimEnd() ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth2\/authorize\?\S*code_challenge=\S+$/);
    expect(url.length).toBeGreaterThan(columns);
    expect(tui.screen().trimEnd().split('\n').length).toBeLessThanOrEqual(rows);

    await tui.paste(await consentRedirect(url, 'authorize'));
    await tui.key('enter');
    // Signed in as the emulator's admin, on the screen a browser sign-in alone opens on (its short explanation at 40×12).
    await tui.waitFor((s) => s.includes('Ada (admin) via user sig') && /Signed in with the browser only|Browser sign-in: overwrites only/.test(s), 'signed in', 20_000);
  }, 60_000);
});
