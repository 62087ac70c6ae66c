/** Help against the keys (see helpers/help-walk.tsx) on the screens that browse: the list, the detail, the raw JSON. */
import { afterEach, describe } from 'vitest';
import { renderApp } from './helpers/app.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { opened, walkHelp, type Opened, type WalkedScreen } from './helpers/help-walk.js';

const live: Opened[] = [];
afterEach(() => {
  for (const app of live.splice(0)) app.unmount();
});

/** A command long enough that its detail and JSON scroll at 80×16. */
function longCommand() {
  return makeCommand({
    name: 'long',
    description: 'A command with many options',
    options: Array.from({ length: 8 }, (_, i) => ({ type: 3, name: `opt${i}`, description: `Option ${i}`, choices: [{ name: `c${i}`, value: `v${i}` }] })),
  } as never);
}

async function at(api: FakeApi, size: { columns: number; rows: number }, steps: (app: Awaited<ReturnType<typeof renderApp>>) => Promise<void>): Promise<Opened> {
  const app = await renderApp(api, size);
  await steps(app);
  return opened(app, () => api.calls.length);
}

const SCREENS: WalkedScreen[] = [
  {
    name: 'the command list',
    scope: 'list',
    open: () =>
      at(new FakeApi(Array.from({ length: 12 }, (_, i) => makeCommand({ name: `cmd${String(i).padStart(2, '0')}` }))), { columns: 100, rows: 24 }, async (app) => {
        await app.waitForText('cmd00');
        await app.press('down');
      }),
  },
  {
    name: 'the detail',
    scope: 'detail',
    open: () =>
      at(new FakeApi([longCommand()]), { columns: 80, rows: 16 }, async (app) => {
        await app.waitForText('long');
        await app.press('open');
        await app.waitForText('description: A command with many options');
        await app.press('down');
      }),
  },
  {
    name: 'the raw JSON',
    scope: 'json',
    open: () =>
      at(new FakeApi([longCommand()]), { columns: 80, rows: 16 }, async (app) => {
        await app.waitForText('long');
        await app.press('rawJson');
        await app.waitForText('raw JSON');
        await app.press('down');
      }),
  },
];

describe.each(SCREENS)('$name', (screen) => walkHelp(screen, (app) => live.push(app)));
