/** Help against the keys (see helpers/help-walk.tsx) on the screens that browse: the list, the detail, the raw JSON. */
import { renderApp } from './helpers/app.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { opened, walkHelp, type Opened, type WalkedScreen } from './helpers/help-walk.js';

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

/** The long command's screen that `action` opens (showing `shown`) at 80×16, one row down. */
const onLongCommand = (action: 'open' | 'rawJson', shown: string) =>
  at(new FakeApi([longCommand()]), { columns: 80, rows: 16 }, async (app) => {
    await app.waitForText('long');
    await app.pressAndWait(action, shown);
    await app.press('down');
  });

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
  { name: 'the detail', scope: 'detail', open: () => onLongCommand('open', 'description: A command with many options') },
  { name: 'the raw JSON', scope: 'json', open: () => onLongCommand('rawJson', 'raw JSON') },
];

walkHelp(SCREENS);
