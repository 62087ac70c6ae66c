/**
 * How `cmd-tui try` gets a running serve's control secret (config/emulator-secrets.ts): by itself from the
 * file serve leaves for its user (same CMD_TUI_HOME), from CMD_TUI_EMULATOR_SECRET otherwise (a serve in a
 * container); when the emulator refuses, it says which case it is (none found, the variable stale, the file
 * stale) and what to do, also before any file is uploaded, never the secret.
 * (The demo's /deploy is hidden from its admin in #general: that verdict is the emulator's, so the command reached it.)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { findControlSecret, publishControlSecret } from '../../source/config/emulator-secrets.js';
import { runCli } from '../helpers/cli.js';
import { useServe } from '../helpers/serve.js';
import { tempFolder } from '../helpers/temp-folder.js';

const root = tempFolder('cmd-tui-try-secret-');
const serveHome = join(root, 'serve-home');
const otherHome = join(root, 'other-home');
mkdirSync(serveHome);
mkdirSync(otherHome);
const serve = useServe([], { home: () => serveHome });

const tryDeploy = (home: string, env: Record<string, string> = {}, extra: string[] = []) =>
  runCli(['try', 'deploy', '--option', 'environment=staging', ...extra, '--api', serve().baseUrl], { env: { CMD_TUI_HOME: home, ...env }, cwd: home });

it('finds the secret of a serve of the same user by itself: the command reaches the emulator', async () => {
  const reached = await tryDeploy(serveHome);
  expect(reached.stderr).toContain('would not see /deploy in #general');
  expect(reached.stderr).not.toContain('X-Emulator-Secret');
});

it('elsewhere, takes it from CMD_TUI_EMULATOR_SECRET; without it, or with a stale one, says which and what to do', async () => {
  const refused = await tryDeploy(otherHome);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain(`no control secret for ${serve().origin} (a serve started by another user, in another CMD_TUI_HOME or in a container`);
  expect(refused.stderr).toContain('set CMD_TUI_EMULATOR_SECRET to the control secret that serve printed');
  expect(refused.stderr).not.toContain(serve().controlSecret);
  const wrong = await tryDeploy(otherHome, { CMD_TUI_EMULATOR_SECRET: 'not-the-secret' });
  expect(wrong.code).not.toBe(0);
  expect(wrong.stderr).toContain(`CMD_TUI_EMULATOR_SECRET was refused by the serve at ${serve().origin}: its control secret is new at each start, so set CMD_TUI_EMULATOR_SECRET to controlSecret from its latest output`);
  expect(wrong.stderr).not.toContain('not-the-secret');
  const given = await tryDeploy(otherHome, { CMD_TUI_EMULATOR_SECRET: serve().controlSecret });
  expect(given.stderr).toContain('would not see /deploy in #general');
});

it('says a file left for the port is stale when the serve there refuses its secret', async () => {
  const staleHome = join(root, 'stale-home');
  const data = join(staleHome, 'data');
  await mkdir(join(data, 'emulators'), { recursive: true });
  const port = new URL(serve().origin).port;
  // As a serve of this home that restarted on the port would have left it before: alive, but an older secret.
  writeFileSync(join(data, 'emulators', `${port}.json`), JSON.stringify({ origin: serve().origin, secret: 'an-older-secret', pid: process.pid }));
  const refused = await tryDeploy(staleHome);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain(`the control secret a serve of yours left for port ${port} was refused by the serve at ${serve().origin}: it restarted on that port`);
  expect(refused.stderr).not.toContain('an-older-secret');
});

it('says the refusal, not "not an emulator", before uploading a file without the secret', async () => {
  writeFileSync(join(otherHome, 'notes.txt'), 'hello');
  const refused = await runCli(['try', 'upload', '--file', 'file=notes.txt', '--api', serve().baseUrl], { env: { CMD_TUI_HOME: otherHome }, cwd: otherHome });
  expect(refused.stderr).toContain('no control secret for');
  expect(refused.stderr).not.toContain('is not a cmd-tui serve emulator');
});

it('ignores a secret left by a serve that is gone', async () => {
  const data = join(root, 'stale', 'data');
  await mkdir(join(data, 'emulators'), { recursive: true });
  const gone = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => gone.once('exit', resolve));
  writeFileSync(join(data, 'emulators', '4999.json'), JSON.stringify({ origin: 'http://127.0.0.1:4999', secret: 'old', pid: gone.pid }));
  expect(await findControlSecret(data, 'http://127.0.0.1:4999')).toBeUndefined();
  writeFileSync(join(data, 'emulators', '4999.json'), JSON.stringify({ origin: 'http://127.0.0.1:4999', secret: 'live', pid: process.pid }));
  expect(await findControlSecret(data, 'http://localhost:4999')).toBe('live');
  expect(await findControlSecret(data, 'http://127.0.0.1:5000')).toBeUndefined();
});

it('finds the secret of a serve listening on every address at its loopback address', async () => {
  const data = join(root, 'everywhere', 'data');
  const unpublish = await publishControlSecret(data, 'http://0.0.0.0:4321', 'everywhere');
  expect(await findControlSecret(data, 'http://127.0.0.1:4321')).toBe('everywhere');
  await unpublish();
  expect(await findControlSecret(data, 'http://127.0.0.1:4321')).toBeUndefined();
});

it('never sends a secret found here to another machine that happens to use the same port', async () => {
  const data = join(root, 'elsewhere', 'data');
  await mkdir(join(data, 'emulators'), { recursive: true });
  writeFileSync(join(data, 'emulators', '4010.json'), JSON.stringify({ origin: 'http://127.0.0.1:4010', secret: 'local', pid: process.pid }));
  expect(await findControlSecret(data, 'http://127.0.0.1:4010')).toBe('local');
  expect(await findControlSecret(data, 'http://remote.example:4010')).toBeUndefined();
  expect(await findControlSecret(data, 'https://localhost:4010')).toBeUndefined();
});
