/**
 * `npm run media`: regenerates media/ from real runs of the built binary (dist/cli.js) against the
 * emulator — the TUI in a real tmux terminal captured with its colours and turned into SVG, and the
 * emulator's OAuth2 consent page photographed by headless Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { bindingOf, type Action } from '../../source/ui/input/key-bindings.js';
import { createAuthorizationCodeVerifier } from '../../source/auth/pkce.js';
import { CLI_PATH } from '../../test/helpers/cli.js';
import { openCommandPermissions } from '../../test/e2e/helpers/scope.js';
import { TmuxSession } from '../../test/e2e/helpers/tmux.js';
import { ansiToSvg } from './ansi-to-svg.js';

const COLUMNS = 110;
const ROWS = 32;
const MEDIA = 'media';

interface Served {
  baseUrl: string;
  applicationId: string;
  botToken: string;
  guildIds: string[];
  redirectUris: string[];
  /** For the test routes Try uses (`X-Emulator-Secret`): the TUIs here run in homes other than serve's. */
  controlSecret: string;
}

async function main(): Promise<void> {
  mkdirSync(MEDIA, { recursive: true });
  const home = mkdtempSync(join(tmpdir(), 'cmd-tui-media-'));
  const { served, server } = await serve(home);
  try {
    await onboardingShot(served, home);
    await tuiShots(served, home);
    await auditShot(served, home);
    // A home of its own: in one used before, the first frame is the cached list, on which keys wait.
    await tryShot(served, mkdtempSync(join(tmpdir(), 'cmd-tui-media-try-')));
    await consentShot(served);
  } finally {
    // serve removes its control-secret file from the home as it stops: the home goes after it has.
    const stopped = new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    server.kill('SIGTERM');
    await stopped;
    rmSync(home, { recursive: true, force: true });
  }
}

/** `cmd-tui serve --json`: the same emulator a user would start, from the built binary, its files in `home` (not the user's). */
function serve(home: string): Promise<{ served: Served; server: ChildProcess }> {
  const server = spawn(process.execPath, [CLI_PATH, 'serve', '--json', '--port', '0', '--rate-limits', 'off'], { env: { ...process.env, CMD_TUI_HOME: home }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    createInterface({ input: server.stdout! }).once('line', (line) => resolve({ served: JSON.parse(line) as Served, server }));
  });
}

/** The binary in a fresh terminal; `stay` keeps the pane after a one-shot command exits, to photograph its output. */
function terminal(args: string[], served: Served, home: string, extraEnv: Record<string, string> = {}, stay = false): TmuxSession {
  const command = [process.execPath, CLI_PATH, ...args];
  return new TmuxSession(stay ? ['sh', '-c', '"$@"; sleep 600', 'sh', ...command] : command, {
    columns: COLUMNS,
    rows: ROWS,
    cwd: home,
    env: { CMD_TUI_HOME: home, TERM: 'xterm-256color', COLORTERM: 'truecolor', FORCE_COLOR: '3', DISCORD_BOT_TOKEN: served.botToken, CMD_TUI_EMULATOR_SECRET: served.controlSecret, ...extraEnv },
  });
}

function save(tui: TmuxSession, file: string, title: string): void {
  writeFileSync(join(MEDIA, file), ansiToSvg(tui.screen({ colours: true }), { columns: COLUMNS, title }));
  console.log(`media/${file}`);
}

async function tuiShots(served: Served, home: string): Promise<void> {
  const tui = terminal(['--api', served.baseUrl], served, home);
  const press = (action: Action) => tui.key(bindingOf(action).keys[0] ?? '');
  try {
    await tui.waitFor((s) => /^\s*slash\s/m.test(s), 'the command list', 20_000);
    save(tui, 'list.svg', 'cmd-tui — global commands');

    // The editor: an invalid name is explained where it is typed; the size meter counts toward 8000.
    await press('new');
    await tui.waitForText('name');
    await tui.type('Greet Me');
    await press('nextField');
    await tui.type('Say hello to someone');
    await tui.waitForText('Say hello to someone');
    save(tui, 'editor.svg', 'cmd-tui — new command with an inline error');
    // The typed command is unsaved: esc asks before dropping it (the header's `slash n/100` shows under the
    // dialog too, so only the dialog's own words tell it is up).
    await press('cancel');
    await tui.waitForText('Discard your unsaved changes?');
    await press('toggleButton');
    await press('confirm');
    await tui.waitFor((s) => !s.includes('Discard your unsaved changes?') && s.includes('avatar'), 'the list again');

    // Permissions in a guild, and who can use the command.
    await openCommandPermissions(tui, 'Pixel Pal HQ', 'mod-tools');
    await tui.waitForText('@Moderator');
    save(tui, 'permissions.svg', 'cmd-tui — permission overwrites of /mod-tools');
    await press('whoCanUse');
    await tui.waitFor((s) => /allowed|denied/.test(s), 'the access matrix');
    save(tui, 'who-can-use.svg', 'cmd-tui — who can use /mod-tools?');
    await press('back');
    await press('back');
    await tui.waitFor((s) => /^\s*slash\s/m.test(s), 'the list again');

    // The audit of the guild in the TUI, then a delete undone from the backups screen.
    await press('openAudit');
    await tui.waitFor((s) => /Audited Pixel Pal HQ/.test(s), 'the audit of the guild');
    save(tui, 'tui-audit.svg', 'cmd-tui — a: the audit of Pixel Pal HQ, enter goes where a finding is fixed');
    await press('stopAudit');
    await tui.waitFor((s) => /^\s*slash\s/m.test(s), 'the list again');
    await tui.key('d');
    await tui.waitForText('Type');
    const name = /Delete (\S+) from/.exec(tui.screen())?.[1] ?? '';
    await tui.type(name);
    await press('confirm');
    await tui.waitForText(`Deleted ${name}`);
    await press('openBackups');
    await tui.waitForText(`delete ${name}`);
    await press('restorePlan');
    await tui.waitForText(`+ create /${name}`);
    save(tui, 'backups.svg', 'cmd-tui — b: restoring a deleted command from its backup');
    await press('cancel');
  } finally {
    tui.kill();
  }
}

/** With no credentials at all: the four ways in, and which token does what. */
async function onboardingShot(served: Served, home: string): Promise<void> {
  const tui = terminal([], served, home, { DISCORD_BOT_TOKEN: '' });
  try {
    await tui.waitForText('Try the demo', 20_000);
    save(tui, 'onboarding.svg', 'cmd-tui — first start, no credentials');
  } finally {
    tui.kill();
  }
}

async function auditShot(served: Served, home: string): Promise<void> {
  const guildId = served.guildIds[0]!;
  const tui = terminal(['audit', '--api', served.baseUrl, '--guild', guildId], served, home, {}, true);
  try {
    await tui.waitFor((s) => /ghost|duplicate/i.test(s), 'the audit report', 20_000);
    save(tui, 'audit.svg', `cmd-tui audit --guild ${guildId}`);
  } finally {
    tui.kill();
  }
}

/** `t` on /ping with the example gateway bot (discord.js) logged in to serve: the reply as Discord's client shows it. */
async function tryShot(served: Served, home: string): Promise<void> {
  const bot = spawn(process.execPath, ['examples/gateway-bot.mjs'], { env: { ...process.env, DISCORD_TOKEN: served.botToken, DISCORD_API: served.baseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  const tui = terminal(['--api', served.baseUrl], served, home);
  const press = (action: Action, scope: Parameters<typeof bindingOf>[1]) => tui.key(bindingOf(action, scope).keys[0] ?? '');
  try {
    await new Promise<void>((resolve, reject) => {
      bot.once('exit', (code) => reject(new Error(`the example gateway bot exited (${code})`)));
      createInterface({ input: bot.stdout! }).on('line', (line) => line.startsWith('Logged in') && resolve());
    });
    await tui.waitFor((s) => /^\s*▸?slash\s/m.test(s), 'the command list', 20_000);
    await press('filter', 'list');
    await tui.type('ping');
    await press('filterDone', 'filter');
    await press('tryCommand', 'list');
    await tui.waitFor((s) => /In channel\s+#/.test(s), 'the member and channel the client starts with', 20_000);
    await press('send', 'try');
    await tui.waitFor((s) => s.includes('Pong!') && !/waiting for the bot/i.test(s), 'the reply, once the bot has settled', 20_000);
    save(tui, 'try.svg', 'cmd-tui — t: /ping tried as a member, answered by a discord.js bot on the emulator');

    // The reply's buttons, used as in the client: /counter (from examples/commands.json), then [Add one] pressed.
    const counter = (JSON.parse(readFileSync('examples/commands.json', 'utf8')) as { name: string }[]).find((command) => command.name === 'counter');
    const created = await fetch(`${served.baseUrl}/applications/${served.applicationId}/commands`, { method: 'POST', headers: { Authorization: `Bot ${served.botToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify(counter) });
    if (!created.ok) throw new Error(`creating /counter for the shot: HTTP ${created.status}`);
    const againHome = mkdtempSync(join(tmpdir(), 'cmd-tui-media-try-'));
    const again = terminal(['--api', served.baseUrl], served, againHome);
    const pressAgain = (action: Action, scope: Parameters<typeof bindingOf>[1]) => again.key(bindingOf(action, scope).keys[0] ?? '');
    try {
      await again.waitFor((s) => /^\s*▸?slash\s/m.test(s), 'the command list', 20_000);
      await pressAgain('filter', 'list');
      await again.type('counter');
      await pressAgain('filterDone', 'filter');
      await pressAgain('tryCommand', 'list');
      await again.waitFor((s) => /In channel\s+#/.test(s), 'the member and channel the client starts with', 20_000);
      await pressAgain('send', 'try');
      await again.waitFor((s) => s.includes('Count: 0') && !/waiting for the bot/i.test(s), 'the counter with its buttons', 20_000);
      await pressAgain('nextField', 'try');
      await pressAgain('activate', 'try');
      await again.waitFor((s) => s.includes('Count: 1') && !/waiting for the bot/i.test(s), 'the message updated in place', 20_000);
      save(again, 'try-buttons.svg', 'cmd-tui — t: /counter tried, its [Add one] button pressed: the discord.js bot updates the message in place');
    } finally {
      again.kill();
      rmSync(againHome, { recursive: true, force: true });
    }
  } finally {
    tui.kill();
    bot.kill('SIGTERM');
    rmSync(home, { recursive: true, force: true });
  }
}

/** The emulator's consent page, as the browser sign-in shows it. */
async function consentShot(served: Served): Promise<void> {
  const { chromium } = await import('playwright-core');
  const origin = new URL(served.baseUrl).origin;
  const { challenge } = createAuthorizationCodeVerifier().challenge;
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: served.applicationId,
    scope: 'applications.commands.permissions.update identify guilds',
    redirect_uri: 'http://127.0.0.1:53682/callback',
    state: 'media',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 640 } });
    await page.goto(`${origin}/oauth2/authorize?${query}`);
    await page.screenshot({ path: join(MEDIA, 'consent.png') });
    console.log('media/consent.png');
  } finally {
    await browser.close();
  }
}

await main();
