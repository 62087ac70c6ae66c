/**
 * A pipe where cmd-tui expects one of its files does not hang it: a FIFO named like a backup in the
 * backups folder, a FIFO as settings.json, the ledger, the guild cache or a scope lock. `backups` and
 * `backups --json` answer, listing it as damaged (not a regular file), the TUI's backups screen opens and
 * `q` ends the process.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { CLI_PATH } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { useTuiRuns } from './helpers/tui-run.js';
import { cliEnv } from '../helpers/hermetic-env.js';
import { tempFolder } from '../helpers/temp-folder.js';

const emulator = useEmulator({ seed: 'demo' });
const runs = useTuiRuns();
let home: string;

const FIFO_BACKUP = '2026-01-01T00-00-00Z-global-x.json';

beforeEach(() => {
  home = tempFolder('cmd-tui-fifo-');
  mkdirSync(join(home, 'data', 'backups'), { recursive: true });
  spawnSync('mkfifo', [join(home, 'data', 'backups', FIFO_BACKUP)]);
});

/** The built binary with a deadline: a hang ends as a timeout (signal SIGKILL) instead of a stuck test. */
function cli(args: string[]): Promise<{ status: number | null; signal: string | null; stdout: string; stderr: string }> {
  const env = cliEnv({ CMD_TUI_HOME: home, NO_COLOR: '1', DISCORD_BOT_TOKEN: emulator().botToken });
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI_PATH, ...args], { env, timeout: 15_000, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      resolve({ status: error ? ((error as { code?: unknown }).code as number | null) ?? null : 0, signal: error?.signal ?? null, stdout, stderr });
    });
  });
}

it('backups and backups --json list a FIFO in the backups folder as damaged instead of waiting on it', async () => {
  const problem = `${FIFO_BACKUP} is not a regular file (a pipe, socket or device): give a JSON file`;
  const listed = await cli(['backups']);
  expect(listed.signal, 'backups hung on the FIFO').toBeNull();
  expect(listed.status, listed.stderr).toBe(0);
  expect(listed.stdout).toContain('No readable backups in');
  expect(listed.stdout).toContain(`1 file in the backups folder is damaged and not listed:\n  ${problem}\n`);
  const json = await cli(['backups', '--json']);
  expect(json.signal, 'backups --json hung on the FIFO').toBeNull();
  expect(JSON.parse(json.stdout)).toEqual([{ path: join(home, 'data', 'backups', FIFO_BACKUP), damaged: true, problem }]);
});

it('a FIFO as settings.json, the ledger or the guild cache is refused or ignored, never waited on', async () => {
  mkdirSync(join(home, 'config'), { recursive: true });
  spawnSync('mkfifo', [join(home, 'config', 'settings.json')]);
  const result = await cli(['profile', 'list']);
  expect(result.signal, 'profile list hung on settings.json').toBeNull();
  expect(result.stderr).toContain('not a regular file');
  rmSync(join(home, 'config', 'settings.json'));
  for (const name of ['daily-creates.json', 'completion-guilds.json']) spawnSync('mkfifo', [join(home, 'data', name)]);
  writeFileSync(join(home, 'empty.json'), '[]');
  // plan reads the daily-creates ledger; the guild cache is read when the guilds are remembered.
  for (const args of [['plan', join(home, 'empty.json')], ['audit', '--all-guilds']]) {
    const run = await cli([...args, '--api', emulator().baseUrl]);
    expect(run.signal, `${args[0]} hung`).toBeNull();
  }
});

it('the TUI opens its backups screen beside a FIFO, names it damaged, and q ends the process', { timeout: 60_000 }, async () => {
  const tui = runs.start(['--api', emulator().baseUrl], { columns: 120, rows: 30 }, { CMD_TUI_HOME: home, DISCORD_BOT_TOKEN: emulator().botToken });
  await tui.waitForText('avatar');
  await tui.press('openBackups');
  // The FIFO is named as a damaged file on a row of its own, as `cmd-tui backups` names it; nothing is listed.
  const screen = await tui.waitForText('No readable backups');
  expect(screen).toContain('1 file in the backups folder is damaged and not listed');
  expect(screen).toContain(FIFO_BACKUP);
  await tui.key('q');
  await tui.waitFor(() => !tui.running(), 'the TUI to exit after q', 10_000).catch(() => undefined);
  expect(tui.running(), 'the TUI is still running after q').toBe(false);
});
