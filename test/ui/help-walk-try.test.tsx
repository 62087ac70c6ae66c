/**
 * Help against the keys (see helpers/help-walk.tsx) where the Try screen works with an emulator inside
 * cmd-tui: the offer on live Discord (`enter` tries it on an emulator), the interactions URL field
 * (`ctrl+o` above a form on one) and the emulator's connection details (`ctrl+b`: each value to copy). The emulator is a stand-in: what it would answer is not what is walked.
 */
import { DISCORD_API_BASE } from '../../source/api/target.js';
import type { EmulatorEndpoint, TryOnEmulator } from '../../source/ui/session/emulator-for-try.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, fakeSession, makeCommand } from './helpers/fake-api.js';
import { CURSOR_PROBES, FROM_THE_START, opened, walkHelp, type WalkedScreen } from './helpers/help-walk.js';

/** Never done opening: `enter` shows it started, and nothing runs behind the walk. */
const opening: TryOnEmulator = { running: () => false, open: () => new Promise(() => undefined) };

/** An emulator whose interactions URL check always fails (the bot is not up): `enter` in the field says so. */
const endpoint: EmulatorEndpoint = {
  baseUrl: 'http://127.0.0.1:9/api/v10',
  control: { origin: 'http://127.0.0.1:9', secret: 'a-stand-in-secret' },
  gatewayUrl: 'ws://127.0.0.1:9',
  botToken: 'emu-bot-a-stand-in-for-the-walk',
  verifyKey: 'ab'.repeat(32),
  interactionsUrl: () => null,
  setInteractionsUrl: async () => 'it could not be reached (a stand-in)',
};

const SCREENS: WalkedScreen[] = [
  {
    name: 'the offer to try on an emulator (live Discord)',
    scope: 'try-offer',
    open: async () => {
      const api = new FakeApi([makeCommand({ name: 'ping' })]);
      Object.defineProperty(api, 'baseUrl', { value: DISCORD_API_BASE });
      const app = await renderApp(api, { columns: 140, rows: 30 }, fakeSession(api, { emulators: { forTry: opening } }));
      await app.waitForText('ping');
      await app.pressAndWait('tryCommand', 'Nothing is written to Discord');
      return opened(app, () => api.calls.length);
    },
  },
  {
    name: "the interactions URL field above the demo's form",
    scope: 'interactions-url',
    typing: true,
    before: FROM_THE_START,
    probe: CURSOR_PROBES,
    open: async () => {
      const api = new FakeApi([makeCommand({ name: 'ping' })]);
      const app = await renderApp(api, { columns: 140, rows: 30 }, fakeSession(api, { emulators: { own: endpoint } }));
      await app.waitForText('ping');
      await app.pressAndWait('tryCommand', 'Interactions URL');
      await app.chord('ctrl+o');
      await app.waitForText('leave the URL as it was');
      await app.type('http://127.0.0.1:3000/');
      return opened(app, () => api.calls.length);
    },
  },
  {
    name: "the emulator's connection details (ctrl+b)",
    scope: 'emulator-details',
    open: async () => {
      const api = new FakeApi([makeCommand({ name: 'ping' })]);
      const app = await renderApp(api, { columns: 140, rows: 30 }, fakeSession(api, { emulators: { own: endpoint } }));
      await app.waitForText('ping');
      await app.pressAndWait('tryCommand', 'Interactions URL');
      await app.chord('ctrl+b');
      await app.waitForText('Connect your bot to this emulator');
      return opened(app, () => api.calls.length);
    },
  },
];

walkHelp(SCREENS);
