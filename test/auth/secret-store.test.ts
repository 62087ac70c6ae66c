import { readFile, stat, writeFile, mkdir, chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECHECK_REFUSED_AFTER_MS, type KeyringVerdict } from '../../source/auth/keyring-verdict.js';
import { ForcedKeyringError, KEYRING_TIMEOUT_MS, openSecretStore, SecretStoreCorruptError, UnknownSecretStoreError, type Keyring, type SecretStoreOptions } from '../../source/auth/secret-store.js';
import { readEnvironment } from '../../source/config/environment.js';
import { openSettings } from '../../source/config/settings.js';
import { forgetfulKeyring, hangingKeyring, memoryKeyring, refusingKeyring } from '../helpers/credentials.js';
import { useIsolatedHome } from '../helpers/homes.js';

const home = useIsolatedHome();

const secretsFile = () => join(home.home, 'data', 'secrets.json');
const exists = (path: string) => stat(path).then(() => true, () => false);
/** Windows keeps no POSIX mode bits (the user's profile folder's ACL guards the file there). */
const POSIX_MODES = process.platform !== 'win32';
const settings = () => openSettings(home.environment.paths());
/** The keyring environment of the tests' own shell (config/environment.ts reads it). */
const here = () => home.environment.secretStore.keyring;
const rememberedVerdict = () => settings().read().keyringVerdicts?.find((verdict) => verdict.environment === here().key);
/** A verdict remembered for the tests' own environment. */
const rememberVerdict = (verdict: Omit<KeyringVerdict, 'environment' | 'where'>) => settings().update({ keyringVerdicts: [{ ...verdict, environment: here().key, where: here().where }] });
/** The environment with these variables over the home's. */
const withVariables = (variables: NodeJS.ProcessEnv, platform = process.platform) => readEnvironment({ ...home.env, ...variables }, platform);
const open = (keyring: Keyring | null, extra: Partial<SecretStoreOptions> = {}) => openSecretStore({ environment: home.environment, keyring, ...extra });

describe('the keyring verdict: a keyring counts only when a new process reads back what was written', () => {
  it('a working keyring: secrets go to it, no file is written, and the verdict is remembered with its date', async () => {
    const keyring = memoryKeyring();
    const store = open(keyring);
    expect(await store.set('acct', 'secret-value')).toBe('keyring');
    expect(await store.find('acct')).toEqual({ secret: 'secret-value', place: 'keyring' });
    expect(keyring.entries.get('acct')).toBe('secret-value');
    // The probe's own entry is gone again.
    expect([...keyring.entries.keys()]).toEqual(['acct']);
    expect(await exists(secretsFile())).toBe(false);
    expect(rememberedVerdict()).toMatchObject({ usable: true });
    expect(Date.parse(rememberedVerdict()!.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
    await store.delete('acct');
    expect(keyring.entries.size).toBe(0);
    expect(await store.get('acct')).toBeUndefined();
  });

  it('a keyring that writes but forgets (kernel session keyring): the file is used and the status says why', async () => {
    const keyring = forgetfulKeyring();
    const notices: string[] = [];
    const store = open(keyring, { notice: (m) => notices.push(m) });
    expect(await store.set('acct', 'value')).toBe('file');
    expect(keyring.entries.size).toBe(0);
    expect(await store.find('acct')).toEqual({ secret: 'value', place: 'file' });
    expect(rememberedVerdict()).toMatchObject({ usable: false, reason: expect.stringContaining('new process could not read back') });
    expect(store.keyringStatus()).toMatchObject({ state: 'not used', reason: expect.stringContaining('only for the session') });
    expect(notices).toEqual([expect.stringContaining(secretsFile())]);
  });

  it('a refusing keyring: the 0600 file in a 0700 folder, one notice, and later runs do not try the keyring again', async () => {
    const notices: string[] = [];
    const store = open(refusingKeyring(), { notice: (m) => notices.push(m) });
    expect(await store.set('a', 'one')).toBe('file');
    expect(await store.set('b', 'two')).toBe('file');
    expect(await store.get('a')).toBe('one');
    if (POSIX_MODES) expect((await stat(secretsFile())).mode & 0o777).toBe(0o600);
    if (POSIX_MODES) expect((await stat(join(home.home, 'data'))).mode & 0o777).toBe(0o700);
    expect(notices).toHaveLength(1);
    expect(notices[0]).not.toContain('one');
    expect(rememberedVerdict()?.usable).toBe(false);

    let calls = 0;
    const counting: Keyring = { ...memoryKeyring(), get: async () => (calls++, null), set: async () => void calls++, delete: async () => void calls++ };
    const later = open(counting, { notice: (m) => notices.push(m) });
    expect(await later.get('a')).toBe('one');
    expect(await later.set('c', 'three')).toBe('file');
    expect(calls).toBe(0);
    expect(notices).toHaveLength(1);
    // A delete asks the keyring all the same: a remembered refusal must not leave a secret behind.
    expect(await later.delete('b')).toEqual({ keyring: { outcome: 'absent' }, file: { outcome: 'removed' } });
    expect(calls).toBe(1);
  });

  it('a hanging keyring: decided within the keyring timeout, and the file is used', async () => {
    expect(KEYRING_TIMEOUT_MS).toBe(3000);
    const store = open(hangingKeyring(), { keyringTimeoutMs: 100 });
    expect(await store.set('acct', 'value')).toBe('file');
    expect(await store.get('acct')).toBe('value');
    expect(store.keyringStatus()).toMatchObject({ state: 'not used', reason: expect.stringContaining('no answer within 100 ms') });
  });

  it('a refusal is checked again after a week: a keyring that now works takes the next secret', async () => {
    const weekAgo = Date.now() - RECHECK_REFUSED_AFTER_MS - 1000;
    await rememberVerdict({ usable: false, reason: 'it refused (x)', checkedAt: new Date(weekAgo).toISOString() });
    const keyring = memoryKeyring();
    expect(await open(keyring).set('acct', 'value')).toBe('keyring');
    expect(rememberedVerdict()?.usable).toBe(true);
  });

  it('a working keyring that fails later: the secret goes to the file, and the next write checks again', async () => {
    await rememberVerdict({ usable: true, checkedAt: new Date().toISOString() });
    const notices: string[] = [];
    expect(await open(refusingKeyring(), { notice: (m) => notices.push(m) }).set('acct', 'value')).toBe('file');
    expect(notices).toEqual([expect.stringContaining('OS keyring not used')]);
    expect(rememberedVerdict()).toMatchObject({ usable: false });
  });

  it('reads find what the file holds once the keyring works, and a delete removes it from both', async () => {
    await open(refusingKeyring()).set('acct', 'old');
    // The keyring works now (a desktop session later): the next write goes there and the file copy goes.
    await rememberVerdict({ usable: true, checkedAt: new Date().toISOString() });
    const keyring = memoryKeyring();
    const store = open(keyring);
    expect(await store.find('acct')).toEqual({ secret: 'old', place: 'file' });
    await open(refusingKeyring()).set('other', 'kept in the file');
    await rememberVerdict({ usable: true, checkedAt: new Date().toISOString() });
    const both = open(keyring);
    expect(await both.set('acct', 'new')).toBe('keyring');
    expect(JSON.parse(await readFile(secretsFile(), 'utf8')).secrets).toEqual({ other: 'kept in the file' });
    keyring.entries.set('other', 'also in the keyring');
    await both.delete('other');
    expect(keyring.entries.has('other')).toBe(false);
    expect(JSON.parse(await readFile(secretsFile(), 'utf8')).secrets).toEqual({});
  });

  it('CMD_TUI_SECRET_STORE=file never touches the keyring', async () => {
    const store = openSecretStore({ environment: withVariables({ CMD_TUI_SECRET_STORE: 'file' }) });
    expect(await store.set('acct', 'value')).toBe('file');
    expect(store.keyringStatus()).toMatchObject({ state: 'not used', reason: 'CMD_TUI_SECRET_STORE=file' });
    expect(rememberedVerdict()).toBeUndefined();
  });

  it('CMD_TUI_SECRET_STORE=keyring never falls back to the file: an unusable keyring is refused with the reason', async () => {
    const store = open(refusingKeyring(), { environment: withVariables({ CMD_TUI_SECRET_STORE: 'keyring' }) });
    const failure = await store.set('acct', 'value').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ForcedKeyringError);
    expect((failure as Error).message).toMatch(/^CMD_TUI_SECRET_STORE=keyring, but the OS keyring cannot be used here: .+\. Nothing was read from or stored in it\.$/);
    await expect(store.get('acct')).rejects.toBeInstanceOf(ForcedKeyringError);
    expect(await exists(secretsFile())).toBe(false);
    const working = memoryKeyring();
    expect(await open(working, { environment: withVariables({ CMD_TUI_SECRET_STORE: 'keyring' }) }).set('acct', 'value')).toBe('keyring');
  });

  it('an unknown CMD_TUI_SECRET_STORE is an error that names the accepted values, not a silent default', () => {
    expect(() => open(memoryKeyring(), { environment: withVariables({ CMD_TUI_SECRET_STORE: 'bogus' }) })).toThrow(UnknownSecretStoreError);
    const failure = (() => {
      try {
        open(memoryKeyring(), { environment: withVariables({ CMD_TUI_SECRET_STORE: 'bogus' }) });
      } catch (error) {
        return error as UnknownSecretStoreError;
      }
    })();
    expect(failure?.hint).toMatch(/=file .* =keyring/);
  });
});

describe('a verdict belongs to the environment that made it (desktop and SSH on one account)', () => {
  const desktop = () => ({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' });
  const ssh = () => ({ DBUS_SESSION_BUS_ADDRESS: '', SSH_CONNECTION: '192.0.2.1 50000 192.0.2.2 22' });
  const at = (variables: NodeJS.ProcessEnv, keyring: Keyring, notices: string[] = []) => openSecretStore({ environment: withVariables(variables, 'linux'), keyring, notice: (m) => notices.push(m) });

  it('one run over SSH does not hide the desktop keyring: back at the desktop the secret is read from it, and the status says where each verdict was made', async () => {
    const keyring = memoryKeyring();
    expect(await at(desktop(), keyring).set('acct', 'secret-value')).toBe('keyring');

    // Over SSH the Secret Service cannot be reached: the read says so instead of "not set".
    const notices: string[] = [];
    const overSsh = at(ssh(), refusingKeyring(), notices);
    expect(await overSsh.find('acct')).toBeUndefined();
    overSsh.explainNothingFound();
    expect(notices).toEqual([expect.stringContaining('a credential may be in the OS keyring, which this session cannot reach (no session bus): run this at the desktop')]);
    expect(overSsh.keyringStatus()).toMatchObject({ state: 'not used', where: 'over SSH (no session bus)', seenNow: { reached: false } });
    // A later SSH run does not ask again (and wait), but still says why nothing was found.
    const laterNotices: string[] = [];
    const later = at(ssh(), hangingKeyring(), laterNotices);
    expect(await later.find('acct')).toBeUndefined();
    later.explainNothingFound();
    expect(laterNotices).toHaveLength(1);

    const back = at(desktop(), keyring);
    expect(await back.find('acct')).toEqual({ secret: 'secret-value', place: 'keyring' });
    expect(back.keyringStatus()).toMatchObject({ state: 'in use', where: 'in a desktop session (session bus)', here: 'in a desktop session (session bus)', seenNow: { reached: true } });
    expect(await back.set('other', 'value')).toBe('keyring');
    expect(await exists(secretsFile())).toBe(false);
  });

  it('a secret stored over SSH (in the file) is the one used back at the desktop, not the older one in the keyring', async () => {
    const keyring = memoryKeyring();
    await at(desktop(), keyring).set('acct', 'old-from-the-desktop');
    expect(await at(ssh(), refusingKeyring()).set('acct', 'new-over-ssh')).toBe('file');
    expect(await at(desktop(), keyring).find('acct')).toEqual({ secret: 'new-over-ssh', place: 'file' });
    // Stored again at the desktop, it moves to the keyring and the file's copy goes.
    expect(await at(desktop(), keyring).set('acct', 'newest')).toBe('keyring');
    expect(await at(desktop(), keyring).find('acct')).toEqual({ secret: 'newest', place: 'keyring' });
  });

  it('a delete tries every store and says which it could not reach; at the desktop it removes the secret', async () => {
    const keyring = memoryKeyring();
    await at(desktop(), keyring).set('acct', 'secret-value');
    expect(await at(ssh(), refusingKeyring()).delete('acct')).toEqual({ keyring: { outcome: 'unreachable', reason: expect.stringContaining('no Secret Service'), mayHold: true }, file: { outcome: 'absent' } });
    expect(await at(desktop(), keyring).delete('acct')).toEqual({ keyring: { outcome: 'removed' }, file: { outcome: 'absent' } });
    expect(keyring.entries.size).toBe(0);
  });

  it('where no environment ever found the keyring usable (CI, a server), an unreachable keyring claims to hold nothing', async () => {
    const notices: string[] = [];
    const store = at(ssh(), refusingKeyring(), notices);
    expect(await store.set('acct', 'value')).toBe('file');
    expect(await store.find('other')).toBeUndefined();
    store.explainNothingFound();
    expect(store.keyringUnreachable()).toBeUndefined();
    expect(notices).toEqual([expect.stringContaining('Secrets are kept in')]);
    expect(await store.delete('acct')).toEqual({ keyring: { outcome: 'unreachable', reason: expect.stringContaining('no Secret Service'), mayHold: false }, file: { outcome: 'removed' } });
  });

  it('many environments later, the desktop verdict that found the keyring usable is still remembered', async () => {
    await at(desktop(), memoryKeyring()).set('acct', 'secret-value');
    for (let n = 0; n < 12; n++) await at({ DBUS_SESSION_BUS_ADDRESS: `unix:path=/tmp/bus-${n}` }, refusingKeyring()).set(`other-${n}`, 'value');
    const verdicts = settings().read().keyringVerdicts!;
    expect(verdicts.length).toBeLessThanOrEqual(8);
    expect(verdicts.some((verdict) => verdict.usable)).toBe(true);
    expect(at(ssh(), refusingKeyring()).keyringUnreachable()).toBeUndefined();
    const overSsh = at(ssh(), refusingKeyring());
    await overSsh.find('acct');
    expect(overSsh.keyringUnreachable()).toContain('no Secret Service');
  });

  it('recheck probes now, whatever was remembered', async () => {
    await rememberVerdict({ usable: false, reason: 'it refused (x)', checkedAt: new Date().toISOString() });
    const status = await open(memoryKeyring()).recheck();
    expect(status).toMatchObject({ state: 'in use', seenNow: { reached: true } });
    expect(Date.parse(status.checkedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('the secrets file', () => {
  it.skipIf(!POSIX_MODES)('tightens an existing 0644 file and 0755 folder to 0600 / 0700', async () => {
    await mkdir(join(home.home, 'data'), { recursive: true, mode: 0o755 });
    await chmod(join(home.home, 'data'), 0o755);
    await writeFile(secretsFile(), JSON.stringify({ version: 1, secrets: {} }), { mode: 0o644 });
    await open(null).set('x', 'y');
    expect((await stat(secretsFile())).mode & 0o777).toBe(0o600);
    expect((await stat(join(home.home, 'data'))).mode & 0o777).toBe(0o700);
  });

  it('does not take an account named like an Object.prototype key from the prototype', async () => {
    const store = open(null);
    await store.set('acct', 'value');
    expect(await store.get('constructor')).toBeUndefined();
    expect(await store.get('__proto__')).toBeUndefined();
  });

  it.each([
    ['truncated JSON', '{"version":1,"secr'],
    ['wrong version', '{"version":7,"secrets":{}}'],
    ['wrong shape', '{"version":1,"secrets":{"a":5}}'],
  ])('reports a corrupt file (%s) and never overwrites it (C7)', async (_name, contents) => {
    await mkdir(join(home.home, 'data'), { recursive: true });
    await writeFile(secretsFile(), contents);
    const store = open(null);
    await expect(store.get('a')).rejects.toBeInstanceOf(SecretStoreCorruptError);
    const failure = await store.set('a', 'b').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SecretStoreCorruptError);
    expect((failure as SecretStoreCorruptError).hint).toContain('.bak');
    expect(await readFile(secretsFile(), 'utf8')).toBe(contents);
  });
});

describe('the real OS keyring of this machine', () => {
  it.skipIf(Boolean(process.env.DBUS_SESSION_BUS_ADDRESS) || process.platform !== 'linux')(
    'without a D-Bus session it is refused at once with the reason, and the file is used',
    async () => {
      const notices: string[] = [];
      const store = openSecretStore({ environment: home.environment, notice: (m) => notices.push(m) });
      expect(await store.set('acct', 'value')).toBe('file');
      expect(await store.get('acct')).toBe('value');
      expect(store.keyringStatus()).toMatchObject({ state: 'not used', reason: expect.stringContaining('DBUS_SESSION_BUS_ADDRESS') });
      expect(notices).toHaveLength(1);
      if (POSIX_MODES) expect((await stat(secretsFile())).mode & 0o777).toBe(0o600);
    },
  );
});
