/** Help against the keys (see helpers/help-walk.tsx) on the audit, the backups, the sign-in-only home and onboarding. */
import type { BackupEntry } from '../../source/backup/store.js';
import { App } from '../../source/ui/app.js';
import { noColorTheme } from '../../source/ui/theme/theme.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, GUILD_ID, fakeSession, makeCommand, fakeBackupFiles } from './helpers/fake-api.js';
import { opened, walkHelp, type Opened, type WalkedScreen } from './helpers/help-walk.js';
import { renderTui } from './helpers/render.js';
import { waitForText } from './helpers/wait-for.js';
import { guildWithBan } from './permissions/permissions-fixture.js';

/** Findings of three kinds: a broken name, a ghost duplicate, and more guilds' worth. */
function auditedApi(): FakeApi {
  const api = new FakeApi([makeCommand({ name: 'ping', description: 'Check the latency' }), makeCommand({ name: 'BadName' }), makeCommand({ name: 'Worse Name' })]);
  api.commands.set(`guild:${GUILD_ID}`, [makeCommand({ name: 'ping', description: 'Test copy' }, { kind: 'guild', guildId: GUILD_ID })]);
  return api;
}

const BACKUPS: BackupEntry[] = Array.from({ length: 6 }, (_, i) => ({
  path: `/b/${i}.json`,
  scope: 'global',
  createdAt: `2026-11-24T10:0${i}:00.000Z`,
  reason: `apply commands-${i}.json`,
  applicationId: '100000000000000001',
  commandCount: 3,
  overwriteCount: 0,
  overwritesOnly: false,
}));

async function signInOnly(inGuild: boolean): Promise<Opened> {
  const { api, ban } = guildWithBan();
  api.kinds = ['user'];
  api.guilds = [
    { id: GUILD_ID, name: 'Test Guild', owner: true, permissions: '0' },
    { id: '800000000000000003', name: 'Second Guild', owner: true, permissions: '0' },
    { id: '800000000000000004', name: 'Third Guild', owner: true, permissions: '0' },
  ];
  // Two more lists by id, so the guild's lists are long enough to move through.
  for (const id of ['900000000000000001', '900000000000000002']) api.permissions.push({ id, application_id: api.applicationId, guild_id: GUILD_ID, permissions: [{ id: GUILD_ID, type: 1, permission: false }] });
  // ctrl+r reads the guilds again: a request the walk counts.
  let guildReads = 0;
  const listGuilds = api.listCurrentUserGuilds.bind(api);
  api.listCurrentUserGuilds = async () => {
    guildReads += 1;
    return listGuilds();
  };
  const session = fakeSession(api);
  session.workspace.knownCommands = async () => [ban];
  const app = await renderApp(api, { columns: 110, rows: 32 }, session);
  await app.waitForText('Second Guild');
  if (inGuild) {
    await app.pressAndWait('open', 'Command permissions in Test Guild');
    await app.waitForText('/ban');
  }
  await app.press('down');
  return opened(app, () => api.calls.length + guildReads);
}

const SCREENS: WalkedScreen[] = [
  {
    name: 'the audit',
    scope: 'audit',
    open: async () => {
      const api = auditedApi();
      const app = await renderApp(api, { columns: 140, rows: 30 });
      await app.waitForText('ping');
      await app.pressAndWait('openAudit', 'Audited Global and 1 guilds');
      await app.press('down');
      return opened(app, () => api.calls.length);
    },
  },
  {
    name: 'the backups',
    scope: 'backups',
    open: async () => {
      const api = new FakeApi([makeCommand({ name: 'ping' })]);
      const session = fakeSession(api);
      session.backupFiles = fakeBackupFiles({
        list: async () => BACKUPS,
        prepare: async () => {
          throw new Error('Could not read the backup: a test stand-in.');
        },
        carryOut: async () => {
          throw new Error('not used');
        },
      });
      const app = await renderApp(api, { columns: 120, rows: 16 }, session);
      await app.waitForText('ping');
      await app.pressAndWait('openBackups', 'commands-5.json');
      await app.press('down');
      return opened(app, () => api.calls.length);
    },
  },
  { name: 'the sign-in-only guilds', scope: 'sign-in-only', open: () => signInOnly(false) },
  { name: "the sign-in-only guild's lists", scope: 'sign-in-only', open: () => signInOnly(true) },
  {
    name: 'onboarding',
    scope: 'onboarding',
    open: async () => {
      const starting = async () => fakeSession(new FakeApi());
      const rendered = renderTui(<App connect={async () => null} starters={{ demo: starting, botToken: starting, clientCredentials: starting }} theme={noColorTheme} />, { columns: 100, rows: 30 });
      await waitForText(rendered.frame, 'Try the demo');
      return opened(rendered);
    },
  },
];

walkHelp(SCREENS);
