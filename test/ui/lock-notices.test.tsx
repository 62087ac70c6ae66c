/**
 * What the scope's lock says beside a TUI write is shown with that write's outcome, as the CLI prints it
 * on stderr: an interrupted earlier write the TUI took over (with its restore command), and a lock that
 * could not be removed after the write. A save the editor reports itself (refused, cancelled) shows it there.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiscordApiError } from '../../source/api/errors.js';
import { openWorkspace } from '../../source/operations/workspace.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { renderApp } from './helpers/app.js';
import { APP_ID, FakeApi, fakeSession, makeCommand } from './helpers/fake-api.js';

const home = useIsolatedHome();

/** The screen's text on one line, to read a wrapped status whole. */
const flat = (screen: string) => screen.replace(/\s+/g, ' ');

async function deletePing(api: FakeApi, session: ReturnType<typeof fakeSession>) {
  const app = await renderApp(api, { columns: 200, rows: 30 }, session);
  await app.waitForText('ping');
  await app.pressAndWait('delete', 'Delete ping from Global?');
  await app.type('ping');
  await app.pressAndWait('confirm', 'Deleted ping');
  return app;
}

/** The global scope's lock left by an `apply commands.json` that died: the next write takes it over. */
async function leaveDeadLock(): Promise<void> {
  await mkdir(join(home.home, 'data', 'locks'), { recursive: true });
  const deadPid = spawnSync(process.execPath, ['-e', '0']).pid!;
  await writeFile(
    join(home.home, 'data', 'locks', `${APP_ID}-global.lock`),
    JSON.stringify({ pid: deadPid, host: hostname(), command: 'apply commands.json', since: '2026-11-24T10:00:00.000Z', backup: '/backups/before.json' }),
  );
}

/** A session whose writes take the scope's real lock under the test's home. */
const lockingSession = (api: FakeApi) => fakeSession(api, {}, { lockScope: openWorkspace(api, home.environment.paths()).lockScope });

describe('the lock’s notices in the TUI', () => {
  it('a delete that takes over a dead writer’s lock says which write was interrupted and how to undo it, beside its own outcome', async () => {
    await leaveDeadLock();
    const api = new FakeApi([makeCommand({ name: 'ping' }), makeCommand({ name: 'pong' })]);
    const app = await deletePing(api, lockingSession(api));
    const status = flat(app.frame());
    expect(status).toContain('Deleted ping and its overwrites; backup: /backups/1.json.');
    expect(status).toContain('An earlier `apply commands.json` (pid');
    expect(status).toContain('To undo what it did, `cmd-tui restore /backups/before.json`.');
  });

  it('a lock that could not be removed after the delete is told with the delete’s outcome, which stays a success', async () => {
    const api = new FakeApi([makeCommand({ name: 'ping' }), makeCommand({ name: 'pong' })]);
    const session = fakeSession(api, {}, {
      lockScope: async <T,>(_scope: unknown, _journal: unknown, write: (lock: never) => Promise<T>, options?: { notice?: (message: string) => void }) => {
        const result = await write({ noteBackup: async () => undefined, release: async () => undefined } as never);
        options?.notice?.('The write finished, but its lock /locks/app-global.lock could not be removed (EACCES).');
        return result;
      },
    });
    const app = await deletePing(api, session);
    expect(flat(app.frame())).toContain('Deleted ping and its overwrites; backup: /backups/1.json. The write finished, but its lock /locks/app-global.lock could not be removed (EACCES).');
    expect(api.calls.filter((call) => call.startsWith('delete'))).toHaveLength(1);
  });

  it('an editor save Discord refuses after taking over a dead writer’s lock says so in the editor, beside “Not saved”', async () => {
    await leaveDeadLock();
    const api = new FakeApi([makeCommand({ name: 'ping', description: 'Pong' })]);
    const app = await renderApp(api, { columns: 200, rows: 30 }, lockingSession(api));
    await app.waitForText('ping');
    await app.press('edit');
    await app.press('nextField');
    await app.type('!');
    await app.pressAndWait('save', 'Save ping?');
    api.failNext = new DiscordApiError(500, 0, 'Internal Server Error', 'PATCH', `/applications/${APP_ID}/commands/1`);
    await app.press('toggleButton');
    await app.pressAndWait('confirm', 'Not saved');
    const status = flat(app.frame());
    expect(status).toContain('Edit ping in Global');
    expect(status).toContain('An earlier `apply commands.json` (pid');
    expect(status).toContain('To undo what it did, `cmd-tui restore /backups/before.json`.');
  });
});
