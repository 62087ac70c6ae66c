import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Credentials } from '../../source/api/contract.js';
import { lastSeenPath, readLastSeen, rememberLastSeen, type LastSeenList } from '../../source/config/list-cache.js';

const API = 'http://127.0.0.1:1/api/v10';
const BOT = 'fake-bot-token.for-tests.only';
const row = { id: '100000000000000010', cells: ['slash', 'ping', 'Check that the bot is awake', '0', '—', 'guild,bot-dm (default)', '', '31/8000'] };
const list: LastSeenList = { savedAt: 1_700_000_000_000, applicationName: 'Pixel Pal', who: 'Pixel Pal', targetLabel: `local ${API}`, caps: 'slash 1/100 · user 0/15 · message 0/15 · entry 0/1', rows: [row] };

let home: string;
let paths: { data: string };
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'cmd-tui-list-cache-'));
  paths = { data: join(home, 'data') };
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

describe('the list seen last time', () => {
  it('comes back as it was kept, for the same API and credentials only', async () => {
    const path = lastSeenPath(paths, API, { botToken: BOT })!;
    await rememberLastSeen(path, list);
    await expect(readLastSeen(path)).resolves.toEqual(list);
    expect(lastSeenPath(paths, API, { botToken: `${BOT}x` })).not.toBe(path);
    expect(lastSeenPath(paths, 'https://discord.com/api/v10', { botToken: BOT })).not.toBe(path);
    expect(lastSeenPath(paths, API, { clientCredentials: { clientId: '100000000000000001', clientSecret: 'fake-secret' } })).not.toBe(path);
  });

  it('is not written again when the list is the same: only its time moves, to when it was seen', async () => {
    const path = lastSeenPath(paths, API, { botToken: BOT })!;
    await rememberLastSeen(path, list);
    const previous = (await readLastSeen(path))!;
    const written = statSync(path);
    await rememberLastSeen(path, { ...list, savedAt: list.savedAt + 60_000 }, previous);
    expect(statSync(path).ino).toBe(written.ino);
    expect((await readLastSeen(path))?.savedAt).toBe(list.savedAt + 60_000);
    // A changed list is written (through a new file, renamed into place).
    await rememberLastSeen(path, { ...list, savedAt: list.savedAt + 120_000, rows: [] }, previous);
    expect(statSync(path).ino).not.toBe(written.ino);
    expect(await readLastSeen(path)).toEqual({ ...list, savedAt: list.savedAt + 120_000, rows: [] });
  });

  it('names no credential in its file name or contents, and is for its owner only', async () => {
    const path = lastSeenPath(paths, API, { botToken: BOT })!;
    await rememberLastSeen(path, list);
    expect(path).not.toContain(BOT);
    expect(readFileSync(path, 'utf8')).not.toContain(BOT);
    // Windows keeps no POSIX mode bits.
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('is none for a browser sign-in alone, which lists no commands', () => {
    const signInAlone: Credentials = { user: { accessToken: 'fake-user-token', scopes: ['identify'] } };
    expect(lastSeenPath(paths, API, signInAlone)).toBeUndefined();
  });

  it('is none when the file is missing, damaged, or holds what is not a list', async () => {
    const path = lastSeenPath(paths, API, { botToken: BOT })!;
    await expect(readLastSeen(path)).resolves.toBeUndefined();
    mkdirSync(dirname(path), { recursive: true });
    for (const text of ['{"savedAt": 1, "appl', JSON.stringify({ ...list, rows: [{ ...row, cells: [42] }] }), JSON.stringify({ applicationName: 'Pixel Pal', who: null, targetLabel: 'Discord', commands: [] }), '{"__proto__": {"polluted": true}}', '[]']) {
      writeFileSync(path, text);
      await expect(readLastSeen(path)).resolves.toBeUndefined();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('costs nothing but the cache when the data folder cannot be made', async () => {
    // A file where the data folder should be: refused for root too, unlike a mode.
    writeFileSync(join(home, 'data'), '');
    const path = lastSeenPath(paths, API, { botToken: BOT })!;
    await expect(rememberLastSeen(path, list)).resolves.toBeUndefined();
    await expect(readLastSeen(path)).resolves.toBeUndefined();
  });
});
