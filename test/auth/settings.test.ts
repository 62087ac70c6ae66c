import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSettings, SettingsError } from '../../source/config/settings.js';
import { runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';

const home = useIsolatedHome();

describe('settings', () => {
  it('keeps per-API-base settings apart, with URL keys intact', async () => {
    const settings = openSettings(home.environment.paths());
    await settings.updateTarget('https://discord.com/api/v10', { applicationId: '1' });
    await settings.updateTarget('http://127.0.0.1:4000/api/v10', { applicationId: '2', lastGuildId: '3' });
    await settings.update({ timeoutMs: 5000 });
    const reopened = openSettings(home.environment.paths());
    expect(reopened.target('https://discord.com/api/v10')).toEqual({ applicationId: '1' });
    expect(reopened.target('http://127.0.0.1:4000/api/v10')).toEqual({ applicationId: '2', lastGuildId: '3' });
    expect(reopened.read().timeoutMs).toBe(5000);
  });

  it.each([
    ['not JSON', '{"targets": {'],
    ['wrong types', '{"timeoutMs": "soon"}'],
  ])('reports a damaged settings file (%s) with its path and leaves it alone', async (_name, contents) => {
    const path = join(home.home, 'config', 'settings.json');
    await mkdir(join(home.home, 'config'), { recursive: true });
    await writeFile(path, contents);
    const failure = await openSettings(home.environment.paths())
      .updateTarget('https://discord.com/api/v10', { applicationId: '1' })
      .then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(SettingsError);
    expect((failure as SettingsError).message).toContain(path);
    expect(await readFile(path, 'utf8')).toBe(contents);
  });

  it('a keyring verdict written before verdicts were per environment is read as none (it is not known where it was made) and dropped on the next write', async () => {
    const path = join(home.home, 'config', 'settings.json');
    await mkdir(join(home.home, 'config'), { recursive: true });
    await writeFile(path, JSON.stringify({ timeoutMs: 5000, keyring: { usable: false, reason: 'no Secret Service', checkedAt: '2026-11-20T10:00:00.000Z' } }));
    const settings = openSettings(home.environment.paths());
    expect(settings.read()).toEqual({ timeoutMs: 5000 });
    await settings.update({ apiUrl: 'http://127.0.0.1:4000/api/v10' });
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ timeoutMs: 5000, apiUrl: 'http://127.0.0.1:4000/api/v10' });
  });

  it('auth status explains a damaged secrets file and exits non-zero without touching it', async () => {
    const settings = openSettings(home.environment.paths());
    await settings.updateTarget('http://127.0.0.1:4000/api/v10', { applicationId: '42' });
    const path = join(home.home, 'data', 'secrets.json');
    await mkdir(join(home.home, 'data'), { recursive: true });
    await writeFile(path, '{"version":1,"secrets":');
    const result = await runCli(['auth', 'status', '--api', 'http://127.0.0.1:4000/api/v10'], { env: home.env });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(path);
    expect(result.stderr).toContain('.bak');
    expect(await readFile(path, 'utf8')).toBe('{"version":1,"secrets":');
  });
});
