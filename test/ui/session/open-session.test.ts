import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../source/commands/types.js';
import { startEmulator, type RunningEmulator } from '../../../source/emulator/server.js';
import { run as profileCommand } from '../../../source/commands/profile.js';
import { compareNames } from '../../../source/discord/command-order.js';
import { createSessionOpeners } from '../../../source/ui/session/open-session.js';
import { signInAdmin } from '../../commands/restore-fixture.js';
import { readEnvironment } from '../../../source/config/environment.js';
import { tempFolder } from '../../helpers/temp-folder.js';

describe('opening a TUI session from stored or typed credentials', () => {
  let emulator: RunningEmulator;
  let home: string;
  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'demo', rateLimits: 'off' });
    home = tempFolder('cmd-tui-open-session-');
  });
  afterAll(async () => {
    await emulator.close();
  });

  const io = (env: NodeJS.ProcessEnv): CliIo => ({ stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough(), environment: readEnvironment({ CMD_TUI_HOME: home, ...env }, process.platform), cwd: home });
  const openers = (env: NodeJS.ProcessEnv, whileReading?: () => void) =>
    createSessionOpeners({ demo: false, api: emulator.baseUrl, io: io(env), onCleanup: () => undefined, whileReading });

  it('reads the application and the global commands before resolving, and says when the reads are on the wire', async () => {
    let waiting = 0;
    const session = await openers({ DISCORD_BOT_TOKEN: emulator.botToken }, () => (waiting += 1)).connect();
    expect(waiting).toBe(1);
    expect(session?.opening.application?.id).toBe(emulator.applicationId);
    const listed = await session!.api.listCommands({ kind: 'global' }, { withLocalizations: true });
    expect(session?.opening.globalCommands).toEqual(listed);
    expect(listed.length).toBeGreaterThan(0);
    const bot = await session!.api.getCurrentUser();
    expect(session?.opening.who).toBe(bot.global_name ?? bot.username);
    expect(session?.opening.globalCreatesUsed).toBe(0);
  });

  it('does the same for a bot token typed into onboarding, with the offer to store it', async () => {
    const session = await openers({}).starters.botToken(emulator.botToken);
    expect(session.opening.application?.id).toBe(emulator.applicationId);
    expect(session.opening.globalCommands?.length).toBeGreaterThan(0);
    expect(session.rememberCredentials?.command).toBe('cmd-tui auth set-bot-token');
  });

  it('opens a stored browser sign-in alone as a session that reads overwrites, not commands', async () => {
    const signInHome = tempFolder('cmd-tui-open-session-sign-in-');
    const env = { CMD_TUI_HOME: signInHome, CMD_TUI_SECRET_STORE: 'file' };
    await signInAdmin(emulator, env);
    const session = await createSessionOpeners({ demo: false, api: emulator.baseUrl, io: io(env), onCleanup: () => undefined }).connect();
    expect(session?.api.authKinds()).toEqual(['user']);
    expect(session?.opening.who).toBeTruthy();
    expect(session?.opening.globalCommands).toBeUndefined();
    const [guild] = emulator.guildIds;
    expect((await session!.api.listGuildPermissions(guild!)).length).toBeGreaterThan(0);
  });

  it('keeps the global list it opened for the next start, which reads it back before connecting', async () => {
    const listHome = tempFolder('cmd-tui-open-session-last-seen-');
    const env = { CMD_TUI_HOME: listHome, DISCORD_BOT_TOKEN: emulator.botToken };
    const first = openers(env);
    await expect(first.lastSeen()).resolves.toBeUndefined();
    const session = await first.connect();
    await first.rememberLastSeen(session!);
    const next = await openers(env).lastSeen();
    expect(next).toMatchObject({ applicationName: session!.opening.application!.name, who: session!.opening.who, targetLabel: session!.target.label });
    // As the list screen draws them: every command, in its order (by type, then name), each row's cells.
    const commands = session!.opening.globalCommands!;
    expect(next!.rows.map((row) => row.cells[1])).toEqual([...commands].sort((a, b) => a.type - b.type || compareNames(a.name, b.name)).map((command) => command.name));
    expect(next!.rows.map((row) => row.id).sort()).toEqual(commands.map((command) => command.id).sort());
    expect(next!.caps).toMatch(/^slash \d+\/100 · user \d+\/15 · message \d+\/15 · entry \d+\/1$/);
    // Another token at the same API sees nothing of it.
    await expect(openers({ ...env, DISCORD_BOT_TOKEN: `${emulator.botToken}x` }).lastSeen()).resolves.toBeUndefined();
    // The demo is a new emulator each time: nothing to draw from.
    await expect(createSessionOpeners({ demo: true, io: io(env), onCleanup: () => undefined }).lastSeen()).resolves.toBeUndefined();
  });

  it('draws no cached global list for a profile that opens in its guild', async () => {
    const profileHome = tempFolder('cmd-tui-open-session-guild-profile-');
    const env = { CMD_TUI_HOME: profileHome, DISCORD_BOT_TOKEN: emulator.botToken };
    const global = openers(env);
    await global.rememberLastSeen((await global.connect())!);
    const inProfile = (args: string[]) => profileCommand(args, { ...io(env), stdout: new PassThrough(), stderr: new PassThrough() });
    // The same API and token through a profile: its list is drawn, until the profile opens in a guild.
    expect(await inProfile(['add', 'hq', '--api', emulator.baseUrl, '--use'])).toBe(0);
    const throughProfile = () => createSessionOpeners({ demo: false, io: io(env), onCleanup: () => undefined }).lastSeen();
    await expect(throughProfile()).resolves.toBeDefined();
    expect(await inProfile(['add', 'hq-guild', '--api', emulator.baseUrl, '--guild', emulator.guildIds[0]!, '--use'])).toBe(0);
    await expect(throughProfile()).resolves.toBeUndefined();
  });

  it('resolves to no session without credentials, so onboarding shows', async () => {
    await expect(openers({}).connect()).resolves.toBeNull();
  });

  it('refuses a typed bot token the API rejects, so onboarding can say so', async () => {
    await expect(openers({}).starters.botToken('not-a-real-token')).rejects.toThrow();
  });

  it('storing typed credentials makes the first profile, named after the app; P opens another profile', async () => {
    const profileHome = tempFolder('cmd-tui-open-session-profile-');
    const env = { CMD_TUI_HOME: profileHome };
    const typed = await createSessionOpeners({ demo: false, api: emulator.baseUrl, io: io(env), onCleanup: () => undefined }).starters.botToken(emulator.botToken);
    await typed.rememberCredentials!.store();
    // A later start without --api finds the profile, its API and its token.
    const later = createSessionOpeners({ demo: false, io: io(env), onCleanup: () => undefined });
    expect(await later.starters.profiles!()).toEqual(['pixel-pal']);
    const session = await later.connect();
    expect(session?.target).toMatchObject({ profile: 'pixel-pal' });
    expect(session!.api.baseUrl).toBe(emulator.baseUrl);
    const switched = await later.starters.openProfile!('pixel-pal');
    expect(switched.target.profile).toBe('pixel-pal');
    expect(switched.opening.globalCommands?.length).toBeGreaterThan(0);
    await expect(later.starters.openProfile!('staging')).rejects.toThrow('There is no profile "staging"');
  });
});
