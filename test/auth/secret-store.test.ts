import { readFile, stat, writeFile, mkdir, chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYRING_TIMEOUT_MS, openSecretStore, SecretStoreCorruptError } from '../../source/auth/secret-store.js';
import { hangingKeyring, isolatedHome, memoryKeyring, refusingKeyring, type IsolatedHome } from '../helpers/credentials.js';

let home: IsolatedHome;
beforeEach(async () => {
  home = await isolatedHome();
});
afterEach(() => home.cleanup());

const secretsFile = () => join(home.home, 'data', 'secrets.json');
const exists = (path: string) => stat(path).then(() => true, () => false);

describe('secret store', () => {
  it('keeps secrets in a working keyring and writes no file (C1)', async () => {
    const keyring = memoryKeyring();
    const store = openSecretStore({ env: home.env, keyring });
    await store.set('acct', 'secret-value');
    expect(await store.get('acct')).toBe('secret-value');
    expect(keyring.entries.get('acct')).toBe('secret-value');
    expect(await exists(secretsFile())).toBe(false);
    expect(store.location()).toBe('the OS keyring');
    await store.delete('acct');
    expect(keyring.entries.size).toBe(0);
    expect(await store.get('acct')).toBeUndefined();
  });

  it('falls back to a 0600 file in a 0700 folder when the keyring refuses, with one notice (C2)', async () => {
    const notices: string[] = [];
    const store = openSecretStore({ env: home.env, keyring: refusingKeyring(), notice: (m) => notices.push(m) });
    await store.set('a', 'one');
    await store.set('b', 'two');
    expect(await store.get('a')).toBe('one');
    expect((await stat(secretsFile())).mode & 0o777).toBe(0o600);
    expect((await stat(join(home.home, 'data'))).mode & 0o777).toBe(0o700);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(secretsFile());
    expect(notices[0]).not.toContain('one');
    await store.delete('a');
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBe('two');
  });

  it('tightens an existing 0644 file and 0755 folder to 0600 / 0700', async () => {
    await mkdir(join(home.home, 'data'), { recursive: true, mode: 0o755 });
    await chmod(join(home.home, 'data'), 0o755);
    await writeFile(secretsFile(), JSON.stringify({ version: 1, secrets: {} }), { mode: 0o644 });
    const store = openSecretStore({ env: home.env, keyring: null });
    await store.set('x', 'y');
    expect((await stat(secretsFile())).mode & 0o777).toBe(0o600);
    expect((await stat(join(home.home, 'data'))).mode & 0o777).toBe(0o700);
  });

  it('decides on the fallback within the keyring timeout when the keyring hangs (C3)', async () => {
    expect(KEYRING_TIMEOUT_MS).toBe(3000);
    const store = openSecretStore({ env: home.env, keyring: hangingKeyring(), keyringTimeoutMs: 100 });
    await store.set('acct', 'value');
    expect(await store.get('acct')).toBe('value');
    expect(store.location()).toBe(secretsFile());
  });

  it.each([
    ['truncated JSON', '{"version":1,"secr'],
    ['wrong version', '{"version":7,"secrets":{}}'],
    ['wrong shape', '{"version":1,"secrets":{"a":5}}'],
  ])('reports a corrupt file (%s) and never overwrites it (C7)', async (_name, contents) => {
    await mkdir(join(home.home, 'data'), { recursive: true });
    await writeFile(secretsFile(), contents);
    const store = openSecretStore({ env: home.env, keyring: null });
    await expect(store.get('a')).rejects.toBeInstanceOf(SecretStoreCorruptError);
    const failure = await store.set('a', 'b').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SecretStoreCorruptError);
    expect((failure as SecretStoreCorruptError).hint).toContain('.bak');
    expect(await readFile(secretsFile(), 'utf8')).toBe(contents);
  });

  it('moves a secret out of the fallback file once the keyring works again', async () => {
    await openSecretStore({ env: home.env, keyring: null }).set('acct', 'old');
    const keyring = memoryKeyring();
    const store = openSecretStore({ env: home.env, keyring });
    await store.set('acct', 'new');
    expect(JSON.parse(await readFile(secretsFile(), 'utf8')).secrets).toEqual({});
    expect(keyring.entries.get('acct')).toBe('new');
  });
});

describe('the real OS keyring on a machine without one', () => {
  it.skipIf(Boolean(process.env.DBUS_SESSION_BUS_ADDRESS) || process.platform !== 'linux')(
    'falls back to the file within the 3-second limit (C2, C3)',
    async () => {
      const notices: string[] = [];
      const store = openSecretStore({ env: { ...home.env, CMD_TUI_SECRET_STORE: undefined }, notice: (m) => notices.push(m) });
      await store.set('acct', 'value');
      expect(await store.get('acct')).toBe('value');
      expect(store.location()).toBe(secretsFile());
      expect(notices).toHaveLength(1);
      expect((await stat(secretsFile())).mode & 0o777).toBe(0o600);
    },
  );
});
