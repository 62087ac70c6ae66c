/** Help against the keys (see helpers/help-walk.tsx) where things are changed: the editor, the overwrites list and its who-can-use grid. */
import { renderApp } from './helpers/app.js';
import { openContextsPicker } from './helpers/editor-steps.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { CURSOR_PROBES, FROM_THE_START, opened, walkHelp, type Opened, type WalkedScreen } from './helpers/help-walk.js';
import { waitFor } from './helpers/wait-for.js';
import { guildWithBan, openPermissions } from './permissions/permissions-fixture.js';

const TO_SECOND_OPTION = Array.from({ length: 8 }, () => 'tab');

async function permissionsAt(view: 'list' | 'grid'): Promise<Opened> {
  const { api } = guildWithBan();
  const app = await openPermissions(api);
  await app.waitForText('4/100');
  if (view === 'grid') {
    await app.pressAndWait('whoCanUse', 'Who can use');
  }
  await app.press('down');
  return opened(app, () => api.calls.length);
}

const SCREENS: WalkedScreen[] = [
  {
    name: 'the editor',
    scope: 'editor',
    typing: true,
    open: async () => {
      const api = new FakeApi([
        makeCommand({ name: 'ping', description: 'Pong', options: [{ type: 3, name: 'first', description: 'First' }, { type: 3, name: 'second', description: 'Second' }] } as never),
      ]);
      const app = await renderApp(api, { columns: 100, rows: 40 });
      await app.waitForText('ping');
      await app.pressAndWait('edit', 'Edit ping');
      await waitFor(() => /▸ *name: ping/.test(app.frame()), { message: app.frame });
      return opened(app, () => api.calls.length);
    },
    before: {
      undo: ['x'],
      redo: ['x', 'ctrl+z'],
      moveItemUp: TO_SECOND_OPTION,
      moveItemDown: TO_SECOND_OPTION.slice(0, 7),
      ...FROM_THE_START,
    },
    probe: CURSOR_PROBES,
  },
  {
    name: 'a pick list of the editor',
    scope: 'picker',
    open: async () => {
      const api = new FakeApi([makeCommand({ name: 'ping', description: 'Pong' })]);
      const app = await renderApp(api, { columns: 100, rows: 40 });
      await app.waitForText('ping');
      await openContextsPicker(app);
      return opened(app, () => api.calls.length);
    },
  },
  { name: 'the overwrites list', scope: 'permissions', open: () => permissionsAt('list') },
  { name: 'the who-can-use grid', scope: 'access', open: () => permissionsAt('grid'), before: { prevColumn: ['right'] } },
];

walkHelp(SCREENS);
