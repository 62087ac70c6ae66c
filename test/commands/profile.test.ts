/**
 * Profiles through the built binary: two emulators (two applications) as a dev bot and a prod bot,
 * no mixing of apps or secrets; settings from before profiles become a profile on first run.
 */
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretAccount } from '../../source/auth/credentials.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';

const prod = useEmulator({ seed: 'demo' });
const dev = useEmulator({ seed: 'empty' });
const home = useIsolatedHome();

const cli = (args: string[], input?: string, env: NodeJS.ProcessEnv = {}) => runCli(args, { env: { ...home.env, ...env }, ...(input === undefined ? {} : { input }) });
const ok = (result: CliResult) => {
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
};
const settingsFile = () => join(home.home, 'config', 'settings.json');
const secretsFile = () => join(home.home, 'data', 'secrets.json');

async function twoProfiles(): Promise<void> {
  ok(await cli(['profile', 'add', 'dev', '--api', dev().baseUrl]));
  ok(await cli(['profile', 'add', 'prod', '--api', prod().baseUrl]));
  ok(await cli(['auth', 'set-bot-token', '--profile', 'dev'], `${dev().botToken}\n`));
  ok(await cli(['auth', 'set-bot-token', '--profile', 'prod'], `${prod().botToken}\n`));
}

describe('profiles', () => {
  it('a dev bot and a prod bot: each profile reaches its own application with its own token', async () => {
    await twoProfiles();
    const profiles = JSON.parse(ok(await cli(['profile', 'list', '--json'])).stdout) as { name: string; current: boolean; applicationId: string; credentials: string[] }[];
    expect(profiles).toEqual([
      expect.objectContaining({ name: 'dev', current: true, applicationId: dev().applicationId, credentials: ['bot token'] }),
      expect.objectContaining({ name: 'prod', current: false, applicationId: prod().applicationId, credentials: ['bot token'] }),
    ]);
    // dev (current) is the empty emulator; prod has the demo's commands.
    expect(ok(await cli(['list'])).stdout).toContain('No commands in the global scope');
    expect(ok(await cli(['list', '--profile', 'prod'])).stdout).toMatch(/\bping\b/);
    expect(ok(await cli(['list'], undefined, { CMD_TUI_PROFILE: 'prod' })).stdout).toMatch(/\bping\b/);
    const status = JSON.parse(ok(await cli(['auth', 'status', '--json', '--profile', 'prod'])).stdout) as { profile: string; applicationId: string; api: string };
    expect(status).toMatchObject({ profile: 'prod', applicationId: prod().applicationId, api: prod().baseUrl });
    // One entry per application, each under its own API.
    const secrets = JSON.parse(await readFile(secretsFile(), 'utf8')).secrets as Record<string, string>;
    expect(Object.keys(secrets).sort()).toEqual([secretAccount(dev().baseUrl, dev().applicationId), secretAccount(prod().baseUrl, prod().applicationId)].sort());
    expect(secrets[secretAccount(dev().baseUrl, dev().applicationId)]).toContain(dev().botToken);
    expect(secrets[secretAccount(dev().baseUrl, dev().applicationId)]).not.toContain(prod().botToken);

    ok(await cli(['profile', 'use', 'prod']));
    expect(ok(await cli(['list'])).stdout).toMatch(/\bping\b/);
    // --api and DISCORD_* still override the profile.
    expect(ok(await cli(['list', '--api', dev().baseUrl], undefined, { DISCORD_BOT_TOKEN: dev().botToken })).stdout).toContain('No commands');
  });

  it('profile remove forgets its credentials, unless another profile uses the same application; show and errors', async () => {
    await twoProfiles();
    ok(await cli(['profile', 'add', 'prod-copy', '--api', prod().baseUrl, '--app', prod().applicationId]));
    const shown = JSON.parse(ok(await cli(['profile', 'show', 'prod-copy', '--json'])).stdout) as { credentials: string[]; storedIn: string };
    expect(shown).toMatchObject({ credentials: ['bot token'], storedIn: secretsFile() });

    expect(ok(await cli(['profile', 'remove', 'prod-copy', '--yes'])).stdout).toContain('Its credentials stay: the profile prod uses the same application.');
    expect(ok(await cli(['list', '--profile', 'prod'])).stdout).toMatch(/\bping\b/);
    const removed = ok(await cli(['profile', 'remove', 'dev', '--yes']));
    expect(removed.stdout).toContain('Removed the profile dev and its stored bot token.');
    expect(removed.stdout).toContain('There is no current profile now');
    expect(Object.keys(JSON.parse(await readFile(secretsFile(), 'utf8')).secrets)).toEqual([secretAccount(prod().baseUrl, prod().applicationId)]);

    const unconfirmed = await cli(['profile', 'remove', 'prod']);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain('pass --yes');

    const unknown = await cli(['list', '--profile', 'staging']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('There is no profile "staging" (--profile)');
    expect(unknown.stderr).toContain('Profiles: prod');
    expect((await cli(['profile', 'add', 'Bad Name'])).stderr).toContain('is not a profile name');
    expect((await cli(['profile', 'add', 'prod'])).stderr).toContain('exists already');
  });

  it('the first stored credentials make the first profile, named after the app', async () => {
    ok(await cli(['auth', 'set-bot-token', '--api', prod().baseUrl], `${prod().botToken}\n`));
    const [first] = JSON.parse(ok(await cli(['profile', 'list', '--json'])).stdout) as { name: string; current: boolean; api: string }[];
    expect(first).toMatchObject({ name: 'pixel-pal', current: true, api: prod().baseUrl });
    expect(ok(await cli(['list'])).stdout).toMatch(/\bping\b/);
  });

  it('settings from before profiles become a profile on first run, and the stored token keeps working', async () => {
    const { baseUrl, applicationId, botToken, guildIds } = prod();
    await mkdir(join(home.home, 'config'), { recursive: true });
    await mkdir(join(home.home, 'data'), { recursive: true, mode: 0o700 });
    await writeFile(settingsFile(), JSON.stringify({ apiUrl: baseUrl, targets: { [baseUrl]: { applicationId, lastGuildId: guildIds[0] } } }));
    await writeFile(secretsFile(), JSON.stringify({ version: 1, secrets: { [secretAccount(baseUrl, applicationId)]: JSON.stringify({ botToken }) } }), { mode: 0o600 });

    expect(ok(await cli(['list'])).stdout).toMatch(/\bping\b/);
    const settings = JSON.parse(await readFile(settingsFile(), 'utf8')) as { currentProfile: string; profiles: Record<string, { apiUrl: string; applicationId: string; guildId?: string }> };
    const name = new URL(baseUrl).hostname + '-' + new URL(baseUrl).port;
    expect(settings.currentProfile).toBe(name);
    // The TUI's last guild is not made the profile's default scope.
    expect(settings.profiles).toEqual({ [name]: { apiUrl: baseUrl, applicationId } });
    expect(ok(await cli(['auth', 'status'])).stdout).toContain(`Profile: ${name}`);
  });

  it("a profile's guild is where commands go without --guild; --guild global overrides it", async () => {
    const guild = prod().guildIds[0]!;
    ok(await cli(['profile', 'add', 'hq', '--api', prod().baseUrl, '--guild', guild]));
    ok(await cli(['auth', 'set-bot-token', '--profile', 'hq'], `${prod().botToken}\n`));
    expect(ok(await cli(['list', '--profile', 'hq'])).stdout).toContain(`commands in guild Pixel Pal HQ (${guild}).`);
    expect(ok(await cli(['list', '--profile', 'hq', '--guild', 'global'])).stdout).toContain('commands in the global scope.');
    const exported = ok(await cli(['export', '--profile', 'hq']));
    expect(exported.stdout).toContain('"name"');
    expect((await cli(['list', '--profile', 'hq', '--guild', 'everywhere'])).code).toBe(2);
  });

  it('credentials for another API never rewrite the current profile: refused with the command, or filed under the profile the command names', async () => {
    ok(await cli(['profile', 'add', 'prod', '--api', prod().baseUrl, '--use']));
    ok(await cli(['auth', 'set-bot-token'], `${prod().botToken}\n`));
    const prodBefore = JSON.parse(ok(await cli(['profile', 'show', 'prod', '--json'])).stdout) as Record<string, unknown>;
    expect(prodBefore).toMatchObject({ api: prod().baseUrl, applicationId: prod().applicationId, credentials: ['bot token'] });

    const crossing = await cli(['auth', 'set-bot-token', '--api', dev().baseUrl], `${dev().botToken}\n`);
    expect(crossing.code).toBe(2);
    expect(crossing.stderr).toContain(`No profile is for API ${dev().baseUrl} (the current profile prod is for application ${prod().applicationId} at ${prod().baseUrl}): nothing was stored, and no profile was changed.`);
    expect(crossing.stderr).toContain(`cmd-tui auth set-bot-token --api ${dev().baseUrl} --profile NAME`);
    expect(JSON.parse(ok(await cli(['profile', 'show', 'prod', '--json'])).stdout)).toEqual(prodBefore);
    expect(ok(await cli(['list'])).stdout).toMatch(/\bping\b/);

    const named = ok(await cli(['auth', 'set-bot-token', '--api', dev().baseUrl, '--profile', 'dev'], `${dev().botToken}\n`));
    expect(named.stdout).toContain('under the profile dev (new).');
    expect(JSON.parse(ok(await cli(['profile', 'show', 'prod', '--json'])).stdout)).toEqual(prodBefore);
    expect(JSON.parse(ok(await cli(['profile', 'show', 'dev', '--json'])).stdout)).toMatchObject({ current: false, api: dev().baseUrl, applicationId: dev().applicationId, credentials: ['bot token'] });
    expect(ok(await cli(['list', '--profile', 'dev'])).stdout).toContain('No commands');
    // --api elsewhere is not the current profile: status says so, and uses that API's own application.
    const elsewhere = ok(await cli(['auth', 'status', '--api', dev().baseUrl]));
    expect(elsewhere.stdout).toContain('Profile: none for this API');
    expect(elsewhere.stdout).toContain(`Application: ${dev().applicationId}`);
    // A named profile of another API is refused too, and left as it is.
    const wrongProfile = await cli(['auth', 'set-bot-token', '--api', dev().baseUrl, '--profile', 'prod'], `${dev().botToken}\n`);
    expect(wrongProfile.code).toBe(2);
    expect(wrongProfile.stderr).toContain(`The profile prod is for API ${prod().baseUrl}`);
    expect(JSON.parse(ok(await cli(['profile', 'show', 'prod', '--json'])).stdout)).toEqual(prodBefore);
  });

  it('names of Object.prototype are ordinary names or refused by the name rule, never a profile or preset found on the prototype', async () => {
    for (const args of [['profile', 'use', '__proto__'], ['profile', 'use', 'constructor'], ['profile', 'show', 'constructor'], ['profile', 'show', 'hasownproperty'], ['profile', 'remove', 'constructor', '--yes']]) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/There is no profile "(__proto__|constructor|hasownproperty)"/);
    }
    // Only a name `profile add` accepts is offered to it; for another, why no profile can have it.
    const refusedName = await cli(['profile', 'use', '__proto__']);
    expect(refusedName.stderr).not.toContain('profile add __proto__');
    expect(refusedName.stderr).toContain('"__proto__" is not a profile name, so no profile has it. Use 1–40 lowercase letters');
    const reservedName = await cli(['list', '--profile', 'constructor']);
    expect(reservedName.stderr).not.toContain('profile add constructor');
    expect(reservedName.stderr).toContain('"constructor" is reserved and cannot name a profile, so no profile has it.');
    expect((await cli(['profile', 'use', 'staging'])).stderr).toContain('Create one with `cmd-tui profile add staging`.');
    expect((await cli(['profile', 'add', '__proto__'])).stderr).toContain('is not a profile name');
    // A key the settings file could not be read back with is refused by the name rule, and nothing is written.
    const reserved = await cli(['profile', 'add', 'constructor', '--api', prod().baseUrl]);
    expect(reserved.code).toBe(2);
    expect(reserved.stderr).toContain('"constructor" is reserved');
    ok(await cli(['profile', 'add', 'tostring', '--api', prod().baseUrl]));
    expect(JSON.parse(ok(await cli(['profile', 'show', 'tostring', '--json'])).stdout)).toMatchObject({ name: 'tostring', api: prod().baseUrl });
    ok(await cli(['profile', 'remove', 'tostring', '--yes']));
    expect(JSON.parse(ok(await cli(['profile', 'list', '--json'])).stdout)).toEqual([]);
    const preset = await cli(['auth', 'login', '--preset', 'constructor', '--client-id', prod().applicationId, '--api', prod().baseUrl]);
    expect(preset.code).toBe(2);
    expect(preset.stderr).toContain('--preset must be one of permissions, communication, presence, not "constructor"');
  });
});
