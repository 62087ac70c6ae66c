/**
 * How `cmd-tui try` gets a running serve's control secret (config/emulator-secrets.ts): by itself from the
 * file serve leaves for its user (same CMD_TUI_HOME), from CMD_TUI_EMULATOR_SECRET otherwise (a serve in a
 * container), and without it the emulator's refusal says how to give it, also before any file is uploaded.
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

it('elsewhere, takes it from CMD_TUI_EMULATOR_SECRET, and without it says how to give it', async () => {
  const refused = await tryDeploy(otherHome);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain("need this run's control secret in the X-Emulator-Secret header");
  expect(refused.stderr).toContain('CMD_TUI_EMULATOR_SECRET');
  expect(refused.stderr).not.toContain(serve().controlSecret);
  const wrong = await tryDeploy(otherHome, { CMD_TUI_EMULATOR_SECRET: 'not-the-secret' });
  expect(wrong.stderr).toContain('X-Emulator-Secret');
  const given = await tryDeploy(otherHome, { CMD_TUI_EMULATOR_SECRET: serve().controlSecret });
  expect(given.stderr).toContain('would not see /deploy in #general');
});

it('says the refusal, not "not an emulator", before uploading a file without the secret', async () => {
  writeFileSync(join(otherHome, 'notes.txt'), 'hello');
  const refused = await runCli(['try', 'upload', '--file', 'file=notes.txt', '--api', serve().baseUrl], { env: { CMD_TUI_HOME: otherHome }, cwd: otherHome });
  expect(refused.stderr).toContain('X-Emulator-Secret');
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
