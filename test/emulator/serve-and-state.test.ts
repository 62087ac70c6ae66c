/** `cmd-tui serve` from the built binary, --state persistence across restarts, the daily create budget and scale. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../source/emulator/server.js';
import { CLI_PATH } from '../helpers/cli.js';
import { botAuth, call } from '../helpers/emulator.js';
import { useServe } from '../helpers/serve.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cmd-tui-emulator-'));
  dirs.push(dir);
  return dir;
}

describe('cmd-tui serve', () => {
  it('--json --port 0 prints one line of connection details, serves, and exits 0 on SIGTERM', async () => {
    const home = await tempDir();
    const child = spawn(process.execPath, [CLI_PATH, 'serve', '--json', '--log', '--port', '0', '--seed', 'empty'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CMD_TUI_HOME: home } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolve) => lines.once('line', resolve));
    const info = JSON.parse(first);
    expect(Object.keys(info)).toEqual(['baseUrl', 'applicationId', 'botToken', 'clientId', 'clientSecret', 'publicClientId', 'userToken', 'guildIds', 'redirectUris', 'verifyKey', 'controlSecret']);
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v10$/);
    // Shaped as Discord's: the bot's id in base64, when it was made, an HMAC (hikari reads the id from the first part).
    expect(info.botToken).toMatch(/^[A-Za-z0-9]+\.[\w-]{6}\.[\w-]{38}$/);
    expect(info.controlSecret).toMatch(/^[0-9a-f]{64}$/);
    // The secret is left for cmd-tui try of this user only, and goes with serve.
    const origin = new URL(info.baseUrl).origin;
    const left = join(home, 'data', 'emulators', `${new URL(origin).port}.json`);
    expect((await stat(left)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(left, 'utf8'))).toMatchObject({ origin, secret: info.controlSecret, pid: child.pid });
    const response = await fetch(`${info.baseUrl}/applications/${info.applicationId}/commands`, { headers: { authorization: `Bot ${info.botToken}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(stat(left)).rejects.toMatchObject({ code: 'ENOENT' });
    // --log: one line per request with the auth kind, never the token.
    expect(stderr).toContain(`GET /api/v10/applications/${info.applicationId}/commands → 200 (bot)`);
    expect(stderr).not.toContain(info.botToken);
  });

  it('refuses bad arguments with exit 2', async () => {
    const child = spawn(process.execPath, [CLI_PATH, 'serve', '--seed', 'lots'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--seed must be demo or empty');
  });
});

describe('--state', () => {
  it('keeps commands, overwrites and credentials across restarts, written atomically', async () => {
    const dir = await tempDir();
    const statePath = join(dir, 'state.json');
    const first = await startEmulator({ statePath, rateLimits: 'off' });
    const path = `/applications/${first.applicationId}/commands`;
    const created = await call(first, 'POST', path, { auth: botAuth(first), json: { name: 'persisted', description: 'survives a restart' } });
    expect(created.status).toBe(201);
    await first.close();

    const saved = JSON.parse(await readFile(statePath, 'utf8'));
    expect(saved.schema).toBe(1);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const second = await startEmulator({ statePath, rateLimits: 'off' });
    try {
      expect(second.applicationId).toBe(first.applicationId);
      expect(second.botToken).toBe(first.botToken);
      expect(second.userToken).toBe(first.userToken);
      const got = await call(second, 'GET', `${path}/${created.body.id}`, { auth: botAuth(second) });
      expect(got.body).toEqual(created.body);
    } finally {
      await second.close();
    }
  });

  it('refuses a file that is not a state file', async () => {
    const dir = await tempDir();
    const statePath = join(dir, 'state.json');
    await import('node:fs/promises').then((fs) => fs.writeFile(statePath, '{"hello":1}'));
    await expect(startEmulator({ statePath })).rejects.toThrow(/not an emulator state file/);
  });
});

/** Serves started by serveOn: stopped after the tests however they end, so a failed assertion leaves none running. */
const serves: ChildProcess[] = [];
afterAll(() => {
  for (const child of serves) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** `cmd-tui serve --json` on `args` from the built binary: resolves once it printed its line, or with its exit when it stops first. */
function serveOn(args: string[], home: string, cwd: string) {
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--json', '--port', '0', '--seed', 'empty', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CMD_TUI_HOME: home } });
  serves.push(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // A refused serve --json prints its failure as a JSON document, then exits: only the connection details mean serving.
  const started = Promise.race([new Promise<'serving'>((resolve) => createInterface({ input: child.stdout }).on('line', (line) => line.startsWith('{"baseUrl"') && resolve('serving'))), exited]);
  return { child, started, exited, stderr: () => stderr };
}

describe('two serves on one --state file', () => {
  it('the second is refused with exit 6 naming the first; a killed serve does not block; a stopped one lets go', async () => {
    const dir = await tempDir();
    const home = await tempDir();
    const first = serveOn(['--state', 'st.json'], home, dir);
    expect(await first.started).toBe('serving');
    const second = serveOn(['--state', 'st.json'], home, dir);
    expect(await second.started).toBe(6);
    expect(second.stderr()).toContain(`cmd-tui serve: st.json is in use by cmd-tui serve (pid ${first.child.pid}, since `);
    expect(second.stderr()).toContain('st.json.lock');
    // Killed without a chance to let go: its lock names a process that is gone, and the next serve takes it over.
    first.child.kill('SIGKILL');
    await first.exited;
    const third = serveOn(['--state', 'st.json'], home, dir);
    expect(await third.started, third.stderr()).toBe('serving');
    third.child.kill('SIGTERM');
    expect([await third.exited, third.stderr()]).toEqual([0, '']);
    expect((await readdir(dir)).sort()).toEqual(['st.json']);
  });

  it('in one process too: the state file is held until close, and let go when it cannot be read', async () => {
    const dir = await tempDir();
    const statePath = join(dir, 'state.json');
    const first = await startEmulator({ statePath, rateLimits: 'off' });
    await expect(startEmulator({ statePath, rateLimits: 'off' })).rejects.toThrow(`${statePath} is in use by cmd-tui serve (pid ${process.pid}`);
    await first.close();
    const reopened = await startEmulator({ statePath, rateLimits: 'off' });
    await reopened.close();
    await writeFile(statePath, '{"hello":1}');
    await expect(startEmulator({ statePath })).rejects.toThrow(/not an emulator state file/);
    await rm(statePath);
    await (await startEmulator({ statePath, rateLimits: 'off' })).close();
    expect(await readdir(dir)).toEqual(['state.json']);
  });
});

describe('daily create budget and scale', () => {
  it('allows 200 creates per scope per day (bulk counts new names), then 30034 until the next day', async () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const e = await startEmulator({ seed: 'empty', rateLimits: 'off', clock: () => now });
    try {
      const path = `/applications/${e.applicationId}/guilds/${e.guildIds[0]}/commands`;
      const batch = (prefix: string) => Array.from({ length: 100 }, (_, i) => ({ name: `${prefix}-${i}`, description: 'x' }));
      expect((await call(e, 'PUT', path, { auth: botAuth(e), json: batch('a') })).status).toBe(200);
      expect((await call(e, 'PUT', path, { auth: botAuth(e), json: batch('a') })).status).toBe(200);
      expect((await call(e, 'PUT', path, { auth: botAuth(e), json: batch('b') })).status).toBe(200);
      await call(e, 'PUT', path, { auth: botAuth(e), json: [] });
      const over = await call(e, 'POST', path, { auth: botAuth(e), json: { name: 'one-more', description: 'x' } });
      expect([over.status, over.body.code]).toEqual([400, 30034]);
      const otherGuild = await call(e, 'POST', `/applications/${e.applicationId}/guilds/${e.guildIds[1]}/commands`, { auth: botAuth(e), json: { name: 'one-more', description: 'x' } });
      expect(otherGuild.status).toBe(201);
      now += 24 * 60 * 60 * 1000;
      expect((await call(e, 'POST', path, { auth: botAuth(e), json: { name: 'one-more', description: 'x' } })).status).toBe(201);
    } finally {
      await e.close();
    }
  });

  it('--guilds 500 adds 500 guilds with guild commands and overwrites', async () => {
    const e = await startEmulator({ extraGuilds: 500, rateLimits: 'off' });
    try {
      expect(e.guildIds).toHaveLength(503);
      const last = e.guildIds.at(-1)!;
      const commands = await call(e, 'GET', `/applications/${e.applicationId}/guilds/${last}/commands`, { auth: botAuth(e) });
      expect(commands.body.map((c: { name: string }) => c.name)).toEqual(['local-ping', 'local-admin', 'Local Report']);
      const perms = await call(e, 'GET', `/applications/${e.applicationId}/guilds/${last}/commands/permissions`, { auth: botAuth(e) });
      expect(perms.body).toHaveLength(2);
      const guilds = await call(e, 'GET', '/users/@me/guilds', { auth: botAuth(e) });
      expect(guilds.body).toHaveLength(200);
    } finally {
      await e.close();
    }
  });
});

describe('cmd-tui serve --locales docs', () => {
  const served = useServe(['--seed', 'empty', '--locales', 'docs']);

  it('refuses the ar and he localizations that only the OpenAPI spec lists', async () => {
    const { baseUrl, applicationId, botToken } = served();
    const response = await fetch(`${baseUrl}/applications/${applicationId}/commands`, {
      method: 'POST',
      headers: { authorization: `Bot ${botToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ban', description: 'Ban someone', name_localizations: { ar: 'حظر' } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 50035, errors: { name_localizations: { ar: { _errors: [{ code: 'BASE_TYPE_CHOICES' }] } } } });
  });
});
