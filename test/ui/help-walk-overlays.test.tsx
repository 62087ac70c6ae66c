/** Help against the keys (see helpers/help-walk.tsx) on what opens over a screen: help itself, a picker, the typed delete, and a question. */
import { renderApp } from './helpers/app.js';
import { FakeApi, fakePrepared, fakeSession, makeCommand, fakeBackupFiles } from './helpers/fake-api.js';
import { CURSOR_PROBES, FROM_THE_START, opened, walkHelp, type Opened, type WalkedScreen } from './helpers/help-walk.js';

const commands = () => Array.from({ length: 12 }, (_, i) => makeCommand({ name: `cmd${String(i).padStart(2, '0')}`, description: `Command number ${i}` }));

async function overList(size: { columns: number; rows: number }, steps: (app: Awaited<ReturnType<typeof renderApp>>) => Promise<void>, api = new FakeApi(commands()), session = fakeSession(api)): Promise<Opened> {
  const app = await renderApp(api, size, session);
  await app.waitForText('cmd00');
  await steps(app);
  return opened(app, () => api.calls.length);
}

/** A plan with more lines than the dialog has rows, and overwrites a sign-in would restore. */
function restorePlan(): Promise<Opened> {
  const api = new FakeApi(commands());
  const session = fakeSession(api);
  const preview = fakePrepared({ create: Array.from({ length: 12 }, (_, i) => `gone${i}`), overwrites: [{ commandId: '1', target: '/cmd00' }], scope: { kind: 'global' } });
  session.backupFiles = fakeBackupFiles({
    list: async () => [{ path: '/b/1.json', scope: 'global', createdAt: '2026-11-24T10:00:00.000Z', reason: 'apply commands.json', applicationId: api.applicationId, commandCount: 12, overwriteCount: 1, overwritesOnly: false }],
    prepare: async () => preview,
    carryOut: async () => {
      throw new Error('not used');
    },
  });
  session.signIn = { start: (onUrl) => {
    onUrl('http://127.0.0.1:9/oauth2/authorize?client_id=1');
    return new Promise(() => undefined);
  } };
  return overList(
    { columns: 100, rows: 18 },
    async (app) => {
      await app.pressAndWait('openBackups', 'apply commands.json');
      await app.pressAndWait('restorePlan', '+ create /gone0');
      await app.press('down');
    },
    api,
    session,
  );
}

const SCREENS: WalkedScreen[] = [
  {
    name: 'help',
    scope: 'help',
    open: () =>
      overList({ columns: 100, rows: 16 }, async (app) => {
        await app.pressAndWait('help', 'Keys on this screen');
        await app.press('down');
      }),
  },
  {
    name: 'the scope picker',
    scope: 'search',
    typing: true,
    open: () =>
      overList({ columns: 100, rows: 24 }, async (app) => {
        await app.pressAndWait('scope', 'Pick a scope');
        await app.type('g');
      }),
    probe: CURSOR_PROBES,
    before: { ...FROM_THE_START, up: ['down'] },
  },
  {
    name: 'the typed delete',
    scope: 'type-to-confirm',
    typing: true,
    // Short and narrow enough that its body scrolls: on a short terminal a dialog also has the header's rows and no border.
    open: () =>
      overList({ columns: 40, rows: 8 }, async (app) => {
        await app.pressAndWait('delete', 'Delete cmd00');
        await app.type('cm');
      }),
    probe: CURSOR_PROBES,
    before: { ...FROM_THE_START, up: ['down'], pageUp: ['down'] },
  },
  { name: 'the restore plan', scope: 'restore-plan', open: restorePlan },
];

walkHelp(SCREENS);
