import { describe, expect, it } from 'vitest';
import { AuthRequiredError, ConnectionError } from '../../source/api/errors.js';
import { App } from '../../source/ui/app.js';
import type { Session, SessionStarters } from '../../source/ui/session/session.js';
import { noColorTheme } from '../../source/ui/theme/theme.js';
import { FakeApi, fakeSession, makeCommand } from './helpers/fake-api.js';
import { renderDriven } from './helpers/app.js';
import { waitFor } from './helpers/wait-for.js';

function renderOnboarding(starters: SessionStarters) {
  return renderDriven(<App connect={async () => null} starters={starters} theme={noColorTheme} />, { columns: 100, rows: 30 });
}

/** Onboarding's fourth way in, the browser sign-in, for the application id typed. */
async function startBrowserSignIn(app: ReturnType<typeof renderOnboarding>, applicationId: string) {
  await app.waitForText('Try the demo');
  await app.press('down', 3);
  await app.pressAndWait('open', 'Application (client) id:');
  await app.type(applicationId);
  await app.chord('enter');
}

const demoSession = (): Session => fakeSession(new FakeApi([makeCommand({ name: 'ping', description: 'Check the latency' })]));

describe('onboarding (no credentials)', () => {
  it('explains each way in, and that a user sign-in cannot edit commands', async () => {
    const app = renderOnboarding({ demo: async () => demoSession(), botToken: async () => demoSession(), clientCredentials: async () => demoSession() });
    await app.waitForText('No credentials found');
    const frame = app.frame();
    expect(frame).toContain('Try the demo');
    expect(frame).toContain('Use a bot token — list, create, edit and delete commands');
    expect(frame).toContain('Use client id + secret');
    expect(frame).toContain('permission overwrites only; a user cannot edit commands');
  });

  it('starts the demo and lands on the command list', async () => {
    const app = renderOnboarding({ demo: async () => demoSession(), botToken: async () => demoSession(), clientCredentials: async () => demoSession() });
    await app.waitForText('Try the demo');
    await app.pressAndWait('open', 'Check the latency');
    expect(app.frame()).toContain('slash 1/100');
  });

  it('takes a bot token without showing it, and says what went wrong', async () => {
    const tokens: string[] = [];
    const app = renderOnboarding({
      demo: async () => demoSession(),
      botToken: async (token) => {
        tokens.push(token);
        throw new Error('Discord rejected the bot token (401). Copy it again from the Developer Portal.');
      },
      clientCredentials: async () => demoSession(),
    });
    await app.waitForText('Try the demo');
    await app.press('down');
    await app.pressAndWait('open', 'Bot token:');
    await app.type('secret.token');
    expect(app.frame()).not.toContain('secret.token');
    await app.chord('enter');
    await app.waitForText('Discord rejected the bot token (401)');
    expect(tokens).toEqual(['secret.token']);
  });

  it('after a typed bot token connects, offers to remember it (focus on Not now) and says where it was stored', async () => {
    const stored: string[] = [];
    const typedSession = (): Session => ({
      ...demoSession(),
      rememberCredentials: {
        what: 'the bot token',
        command: 'cmd-tui auth set-bot-token',
        store: async () => {
          stored.push('bot');
          return '/home/me/.local/share/cmd-tui/secrets.json';
        },
      },
    });
    const app = renderOnboarding({ demo: async () => demoSession(), botToken: async () => typedSession(), clientCredentials: async () => typedSession() });
    await app.waitForText('Try the demo');
    await app.press('down');
    await app.pressAndWait('open', 'Bot token:');
    await app.type('secret.token');
    await app.chord('enter');
    await app.waitForText('Remember the bot token for the next start?');
    expect(app.frame()).toContain('▸ Not now');
    expect(app.frame()).toContain('cmd-tui auth set-bot-token');
    await app.press('toggleButton');
    await app.pressAndWait('confirm', 'Stored the bot token in /home/me/.local/share/cmd-tui/secrets.json');
    expect(stored).toEqual(['bot']);
    expect(app.frame()).toContain('Check the latency');
    expect(app.frame()).not.toContain('secret.token');
  });

  it('not remembering typed credentials stores nothing and says the next start asks again', async () => {
    const stored: string[] = [];
    const typedSession = (): Session => ({ ...demoSession(), rememberCredentials: { what: 'the client credentials', command: 'cmd-tui auth set-client-credentials', store: async () => (stored.push('x'), 'keyring') } });
    const app = renderOnboarding({ demo: async () => demoSession(), botToken: async () => typedSession(), clientCredentials: async () => typedSession() });
    await app.waitForText('Try the demo');
    await app.press('down', 2);
    await app.pressAndWait('open', 'Client id:');
    await app.type('42');
    await app.chord('tab');
    await app.type('shh');
    await app.chord('enter');
    await app.waitForText('Remember the client credentials for the next start?');
    await app.press('confirm'); // enter on Not now
    await app.waitForText('Not stored: the next start asks again');
    expect(stored).toEqual([]);
  });

  it('takes the address the browser ended on pasted into its field (a browser over SSH): a refusal says why, masked text, then signed in', async () => {
    const refused = 'That address has no state, so it cannot be matched to this sign-in.';
    const app = renderOnboarding({
      demo: async () => demoSession(),
      botToken: async () => demoSession(),
      clientCredentials: async () => demoSession(),
      browserSignIn: async (_applicationId, onUrl, _signal, pasteBack) => {
        onUrl('http://127.0.0.1:9/oauth2/authorize?client_id=42&state=ours');
        for (;;) {
          const pasted = await pasteBack!.read();
          if (pasted.includes('state=ours')) return demoSession();
          pasteBack!.refused(refused);
        }
      },
    });
    await startBrowserSignIn(app, '42');
    await app.waitForText('Pasted address:');
    expect(app.frame().replace(/\s+/g, ' ')).toContain('Its redirect to 127.0.0.1 goes to that machine, not to this one');
    // While the field is empty u copies the address; a paste goes to the field.
    await app.chord('u');
    await app.waitForText('Sent the address to the clipboard');
    expect(app.frame()).toContain('Pasted address:  the address the browser ended on');
    await app.chord('\u001b[200~http://127.0.0.1:9/callback?code=CODE1\u001b[201~');
    // Masked: the code is never on screen.
    await waitFor(() => app.frame().includes('Pasted address: ••••'), { message: app.frame });
    expect(app.frame()).not.toContain('CODE1');
    await app.chord('enter');
    await app.waitForText(refused);
    await app.chord('\u001b[200~http://127.0.0.1:9/callback?code=CODE2&state=ours\u001b[201~');
    await app.chord('enter');
    await app.waitForText('ping');
    expect(app.frame()).not.toContain('CODE2');
  });

  it('signs in with the browser for an application, shows the address, and esc cancels the wait', async () => {
    const seen: { applicationId: string; signal: AbortSignal }[] = [];
    const app = renderOnboarding({
      demo: async () => demoSession(),
      botToken: async () => demoSession(),
      clientCredentials: async () => demoSession(),
      browserSignIn: (applicationId, onUrl, signal) => {
        seen.push({ applicationId, signal });
        onUrl('http://127.0.0.1:9/oauth2/authorize?client_id=42');
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      },
    });
    await startBrowserSignIn(app, '42');
    await app.waitForText('Waiting for the browser sign-in');
    // On a row of its own, so selecting it copies nothing else.
    await waitFor(() => app.frame().split('\n').some((line) => line.trim() === 'http://127.0.0.1:9/oauth2/authorize?client_id=42'), { message: app.frame });
    expect(seen[0]?.applicationId).toBe('42');
    await app.chord('esc');
    await app.waitForText('Try the demo');
    expect(seen[0]?.signal.aborted).toBe(true);
    expect(app.frame()).not.toContain('aborted');
  });

  it('after a browser sign-in alone, opens on the guilds the user manages, not on a command list that needs a bot token', async () => {
    const userOnly = new FakeApi([makeCommand({ name: 'ping', description: 'Check the latency' })]);
    userOnly.authKinds = () => ['user'];
    userOnly.guilds = [{ id: '200000000000000002', name: 'Managed Guild', owner: true }];
    const app = renderOnboarding({
      demo: async () => demoSession(),
      botToken: async () => demoSession(),
      clientCredentials: async () => demoSession(),
      browserSignIn: async () => fakeSession(userOnly),
    });
    await startBrowserSignIn(app, '42');
    await app.waitForText('Managed Guild');
    expect(app.frame()).toContain('Guilds you manage');
    expect(app.frame()).not.toContain('ping');
    expect(app.frame()).not.toContain('needs a bot token');
  });

  it('names the client id field when what was typed is not an id, and starts no sign-in', async () => {
    const seen: string[] = [];
    const app = renderOnboarding({
      demo: async () => demoSession(),
      botToken: async () => demoSession(),
      clientCredentials: async () => demoSession(),
      browserSignIn: async (applicationId) => {
        seen.push(applicationId);
        return demoSession();
      },
    });
    await startBrowserSignIn(app, 'my-app');
    await app.waitForText('The client id "my-app" is not an id: paste the Application ID from the Developer Portal');
    expect(app.frame()).not.toContain('malformed');
    expect(seen).toEqual([]);
  });

  it.each([
    ['the API is down', new ConnectionError('GET /applications/@me failed: Nothing is listening at 127.0.0.1:9.', '/applications/@me', 'Check `--api`: nothing answered at that address.'), 'Could not connect to the API'],
    ['the token is refused', new AuthRequiredError(['bot'], 'The bot token was rejected (401).', 'Check DISCORD_BOT_TOKEN.'), 'The credentials found were refused'],
  ])('with credentials set but %s, it says which, not "no credentials"', async (_, error, headline) => {
    const rendered = renderDriven(<App connect={() => Promise.reject(error)} theme={noColorTheme} />, { columns: 120, rows: 30 });
    await rendered.waitForText(headline);
    expect(rendered.frame()).not.toContain('No credentials found');
    expect(rendered.frame()).toContain(error.message);
  });

  it('shows a skeleton at once while connecting, before any credentials are read', async () => {
    let finish!: (session: Session | null) => void;
    const rendered = renderDriven(<App connect={() => new Promise((resolve) => (finish = resolve))} theme={noColorTheme} />);
    await rendered.waitForText('Connecting');
    finish(demoSession());
    await rendered.waitForText('Check the latency');
  });
});
