/**
 * A contributor's shell exports DISCORD_BOT_TOKEN (their own app's real token) and CMD_TUI_PROFILE=prod.
 * Through the built binary, from an empty home, the reviewer's reproductions: the README's rehearsal on
 * the emulator runs, its token stays the stored one and the shell's is never sent (the emulator's request
 * log shows no unknown token); `profile list|show` follow CMD_TUI_PROFILE and the credential the rule
 * picks, as `auth status` does.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { requestLog, resetEmulator } from './emulator-requests.js';
import { tempFolder } from '../helpers/temp-folder.js';

/** An obviously fake Discord-shaped token, as a contributor's shell would export a real one. */
const SHELL_BOT_ID = '123456789012345678';
const SHELL_TOKEN = `${Buffer.from(SHELL_BOT_ID).toString('base64')}.AAAAAA.${'abcdefghijklmnopqrstuvwxyza'}`;

const emulator = useEmulator({ seed: 'demo' });
let home: string;
let work: string;

/** Only what the test sets: the variables cmd-tui reads are cleared of the machine's. */
function shell(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const cleared = Object.fromEntries(Object.keys(process.env).filter((name) => /^(XDG_|CMD_TUI_|DISCORD_)|^(NO_COLOR|FORCE_COLOR|CI|BROWSER)$/.test(name)).map((name) => [name, undefined]));
  return { ...cleared, CMD_TUI_HOME: home, CMD_TUI_SECRET_STORE: 'file', ...extra };
}
const contributor = (extra: Record<string, string> = {}) => shell({ DISCORD_BOT_TOKEN: SHELL_TOKEN, CMD_TUI_PROFILE: 'prod', ...extra });
const cli = (args: string[], env: NodeJS.ProcessEnv, input?: string) => runCli(args, { env, cwd: work, ...(input === undefined ? {} : { input }) });

beforeEach(async () => {
  await resetEmulator(emulator());
  home = tempFolder('cmd-tui-contributor-');
  work = tempFolder('cmd-tui-contributor-work-');
});

/** Requests the emulator refused as carrying a token it does not know: the shell's, were it sent. */
async function unknownTokens(): Promise<string[]> {
  return (await requestLog(emulator())).filter((request) => request.auth === 'invalid').map((request) => `${request.method} ${request.path} → ${request.status}`);
}

describe("the README's rehearsal in a contributor's shell", () => {
  it('stores the emulator token without a warning of the shell one, exports, plans and applies with it, and never sends the shell one', { timeout: 60_000 }, async () => {
    const { baseUrl, botToken } = emulator();
    expect((await cli(['profile', 'add', 'rehearsal', '--api', baseUrl], contributor())).code).toBe(0);
    const stored = await cli(['auth', 'set-bot-token'], contributor({ CMD_TUI_PROFILE: 'rehearsal' }), `${botToken}\n`);
    expect(stored.code, stored.stderr).toBe(0);
    expect(stored.stderr).not.toContain('DISCORD_BOT_TOKEN');

    const exported = await cli(['export', '-o', 'pixel-pal.json'], contributor({ CMD_TUI_PROFILE: 'rehearsal' }));
    expect(exported.code, exported.stderr).toBe(0);
    // Said once per run, naming the variable and why, never the token.
    expect(exported.stderr).toContain(`cmd-tui: DISCORD_BOT_TOKEN is not used: it is the token of bot ${SHELL_BOT_ID}, and the credentials stored for application ${emulator().applicationId} (profile rehearsal) at ${baseUrl} are used instead.`);
    expect(exported.stdout + exported.stderr).not.toContain(SHELL_TOKEN.split('.')[2]);

    const commands = JSON.parse(await readFile(join(work, 'pixel-pal.json'), 'utf8')) as { name: string; description: string }[];
    const ping = commands.find((command) => command.name === 'ping')!;
    ping.description = 'Is the bot awake?';
    await writeFile(join(work, 'pixel-pal.json'), JSON.stringify(commands));
    expect((await cli(['plan', 'pixel-pal.json', '--detailed-exitcode'], contributor({ CMD_TUI_PROFILE: 'rehearsal' }))).code).toBe(3);
    const applied = await cli(['apply', 'pixel-pal.json', '--yes'], contributor({ CMD_TUI_PROFILE: 'rehearsal' }));
    expect(applied.code, applied.stderr).toBe(0);

    const status = await cli(['auth', 'status', '--profile', 'rehearsal'], contributor());
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/Bot token: set \(.*secrets\.json\)/);
    expect(status.stdout).toContain('DISCORD_BOT_TOKEN is not used');
    expect(await unknownTokens()).toEqual([]);
  });

  it("sets another application's client id and secret aside too: no token exchange is asked for with them", async () => {
    const { baseUrl, botToken } = emulator();
    expect((await cli(['profile', 'add', 'rehearsal', '--api', baseUrl], shell())).code).toBe(0);
    expect((await cli(['auth', 'set-bot-token', '--profile', 'rehearsal'], shell(), `${botToken}\n`)).code).toBe(0);
    const before = (await requestLog(emulator())).length;
    const listed = await cli(['list', '--profile', 'rehearsal'], contributor({ DISCORD_CLIENT_ID: '223456789012345678', DISCORD_CLIENT_SECRET: 'shell-secret-of-another-app' }));
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).toContain(`cmd-tui: DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are not used: they are application 223456789012345678's, and the credentials stored for application ${emulator().applicationId} (profile rehearsal) at ${baseUrl} are used instead.`);
    expect(listed.stderr).not.toContain('shell-secret-of-another-app');
    const sent = (await requestLog(emulator())).slice(before);
    expect(sent.filter((request) => request.path.includes('oauth2/token'))).toEqual([]);
    expect(sent.filter((request) => request.auth === 'invalid')).toEqual([]);
  });

  it('--api elsewhere needs no profile: a CMD_TUI_PROFILE naming none here does not stop it', async () => {
    const { baseUrl, botToken } = emulator();
    const listed = await cli(['list', '--api', baseUrl], contributor({ DISCORD_BOT_TOKEN: botToken }));
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/CHAT_INPUT +ping /);
  });
});

describe('profile list and show in a contributor shell', () => {
  async function threeProfiles(): Promise<void> {
    const { baseUrl, botToken } = emulator();
    for (const name of ['p1', 'p2', 'p3']) expect((await cli(['profile', 'add', name, '--api', baseUrl], shell())).code).toBe(0);
    expect((await cli(['auth', 'set-bot-token', '--profile', 'p1'], shell(), `${botToken}\n`)).code).toBe(0);
  }

  it('star the profile CMD_TUI_PROFILE picks, and say so', async () => {
    await threeProfiles();
    const listed = await cli(['profile', 'list'], shell({ CMD_TUI_PROFILE: 'p3' }));
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^\* p3 /m);
    expect(listed.stdout).toMatch(/^ {2}p1 /m);
    expect(listed.stdout).toContain('* p3: chosen by CMD_TUI_PROFILE in this shell (the current profile, `profile use`, is p1).');
    const json = JSON.parse((await cli(['profile', 'list', '--json'], shell({ CMD_TUI_PROFILE: 'p3' }))).stdout) as { name: string; current: boolean; currentBy: string | null }[];
    expect(json.filter((row) => row.current)).toEqual([expect.objectContaining({ name: 'p3', currentBy: 'CMD_TUI_PROFILE' })]);
    const shown = await cli(['profile', 'show'], shell({ CMD_TUI_PROFILE: 'p3' }));
    expect(shown.stdout).toContain('Profile: p3 (current: CMD_TUI_PROFILE)');
    // `profile use` in that shell says the variable still wins there.
    const used = await cli(['profile', 'use', 'p2'], shell({ CMD_TUI_PROFILE: 'p3' }));
    expect(used.code).toBe(0);
    expect(used.stderr).toContain('cmd-tui: CMD_TUI_PROFILE is set in this shell to p3, which commands without --profile use here instead: unset it to use p2.');
    expect((await cli(['profile', 'list'], shell())).stdout).toMatch(/^\* p2 /m);
  });

  it('refuse a CMD_TUI_PROFILE naming no profile, as --profile is refused, listing those there are (exit 2)', async () => {
    await threeProfiles();
    for (const args of [['profile', 'list'], ['profile', 'show']]) {
      const result = await cli(args, shell({ CMD_TUI_PROFILE: 'nope' }));
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('There is no profile "nope" (CMD_TUI_PROFILE).');
      expect(result.stderr).toContain('Profiles: p1, p2, p3.');
    }
    // A profile named on the command line is shown whatever the shell says.
    expect((await cli(['profile', 'show', 'p2'], shell({ CMD_TUI_PROFILE: 'nope' }))).code).toBe(0);
  });

  it('show the credential the rule picks, as auth status does', async () => {
    await threeProfiles();
    // p1 keeps the emulator's token: the shell's, another application's, is set aside.
    const p1 = await cli(['profile', 'show', 'p1'], contributor());
    expect(p1.code, p1.stderr).toBe(0);
    expect(p1.stdout).toMatch(/Credentials: bot token from .*secrets\.json/);
    expect(p1.stdout).toContain(`DISCORD_BOT_TOKEN is not used: it is the token of bot ${SHELL_BOT_ID}`);
    expect((await cli(['auth', 'status', '--profile', 'p1'], contributor())).stdout).toMatch(/Bot token: set \(.*secrets\.json\)/);
    // p2 names no application yet: the shell's token is what a command there would use.
    const p2 = await cli(['profile', 'show', 'p2', '--json'], contributor());
    expect(JSON.parse(p2.stdout)).toMatchObject({ name: 'p2', credentials: ['bot token'], sources: ['bot token from DISCORD_BOT_TOKEN, as nothing here names an application'], setAside: [] });
    expect((await cli(['auth', 'status', '--profile', 'p2'], contributor())).stdout).toContain('Bot token: set (DISCORD_BOT_TOKEN, as nothing here names an application)');
    const listed = await cli(['profile', 'list'], contributor({ CMD_TUI_PROFILE: 'p1' }));
    expect(listed.stdout).toMatch(/^\* p1 .*bot token\s*$/m);
    expect(listed.stdout).toMatch(/^ {2}p2 .*bot token \(DISCORD_BOT_TOKEN\)\s*$/m);
    expect(listed.stdout + listed.stderr + p1.stdout + p2.stdout).not.toContain(SHELL_TOKEN.split('.')[2]);
    expect(await unknownTokens()).toEqual([]);
  });
});
