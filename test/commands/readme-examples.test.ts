/**
 * Every fenced shell example of the README runs as written, in README order, as a user following it
 * would: one HOME for the whole read (settings and secrets in files there, never the machine's), the
 * built binary on PATH as `cmd-tui`, against `cmd-tui serve` (a demo emulator, and empty dev and prod
 * ones for the profiles block). Each block says how it is tested in the marker above it, which this
 * test reads; a block without one fails:
 *   <!-- readme-test: run -->        its lines run in one bash, in order; each exits 0, or N when it says "# exits N"
 *   <!-- readme-test: tui -->        each line starts the TUI in tmux and must draw its first frame
 *   <!-- readme-test: synopsis -->   a usage synopsis, not a command: every flag it names must be one the command takes
 *   <!-- readme-test: skip — why --> cannot run here, and says why
 * Placeholders stand for the emulator's own values: `…` after DISCORD_BOT_TOKEN= its bot token, 123 a
 * guild id, 456 a role, 789 a member, 111 and 222 channels, PORT its port, <file> the newest backup.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECS } from '../../source/commands/specs.js';
import { TmuxSession } from '../e2e/helpers/tmux.js';
import { CLI_PATH } from '../helpers/cli.js';
import { useServe, type ServeDetails } from '../helpers/serve.js';
import { signInAdmin } from './restore-fixture.js';

/**
 * Lines that cannot run in a script, each saying why and which test drives it instead. Keyed by the start
 * of the line.
 */
const PENDING: Readonly<Record<string, string>> = {
  'cmd-tui auth login --no-browser': 'waits for the redirect to be pasted back after the printed URL is approved: test/auth/auth-command.test.ts drives it',
};

interface Block {
  mode: string;
  reason: string;
  lines: string[];
  /** Where it starts in the README, for messages. */
  line: number;
}

async function readmeBlocks(): Promise<Block[]> {
  const readme = (await readFile(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8')).split('\n');
  const blocks: Block[] = [];
  readme.forEach((text, index) => {
    if (!/^```(sh|bash|shell|console)\s*$/.test(text)) return;
    const marker = /^<!-- readme-test: (\w+)(?: — (.*))? -->$/.exec(readme[index - 1] ?? '');
    const end = readme.indexOf('```', index + 1);
    blocks.push({ mode: marker?.[1] ?? 'unmarked', reason: marker?.[2] ?? '', lines: readme.slice(index + 1, end).filter((line) => line.trim() !== ''), line: index + 1 });
  });
  return blocks;
}

const demo = useServe();
// Without Discord's per-route pace: the profiles block creates the demo's 36 commands three times, 5 every 20 s at Discord's pace.
const dev = useServe(['--seed', 'empty', '--rate-limits', 'off']);
const prod = useServe(['--seed', 'empty', '--rate-limits', 'off']);
let work: string;
let env: NodeJS.ProcessEnv;
let blocks: Block[];
/** The demo emulator's ids behind the README's placeholders. */
let ids: Record<string, string>;

beforeAll(async () => {
  blocks = await readmeBlocks();
  const root = await mkdtemp(join(tmpdir(), 'cmd-tui-readme-'));
  work = join(root, 'work');
  const home = join(root, 'home');
  const bin = join(root, 'bin');
  await Promise.all([mkdir(work, { recursive: true }), mkdir(home), mkdir(bin)]);
  await writeFile(join(bin, 'cmd-tui'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_PATH)} "$@"\n`);
  await chmod(join(bin, 'cmd-tui'), 0o755);
  // The browser `auth login` opens: the user approving the emulator's consent page.
  await writeFile(join(bin, 'approve-sign-in'), APPROVING_BROWSER);
  await chmod(join(bin, 'approve-sign-in'), 0o755);
  env = {
    PATH: `${bin}:${dirname(process.execPath)}:${process.env.PATH}`,
    HOME: home,
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    TMPDIR: tmpdir(),
    // Secrets in a file under HOME: the machine's keyring is not this test's.
    CMD_TUI_SECRET_STORE: 'file',
    DEV_API: dev().baseUrl,
    PROD_API: prod().baseUrl,
    DEV_GUILD: dev().guildIds[0]!,
    BROWSER: join(bin, 'approve-sign-in'),
  };
  // What the reader has before the first example: a profile for their app (the demo emulator) as the current one, its bot token stored.
  await shell(`cmd-tui profile add demo --api ${JSON.stringify(demo().baseUrl)} --use && cmd-tui auth set-bot-token`, { stdin: `${demo().botToken}\n` });
  await writeFile(join(work, 'dev-token.txt'), `${dev().botToken}\n`);
  await writeFile(join(work, 'prod-token.txt'), `${prod().botToken}\n`);
  // What the user types at the hidden prompts of set-bot-token and set-client-credentials.
  await writeFile(join(root, 'typed-bot-token'), `${demo().botToken}\n`);
  await writeFile(join(root, 'typed-client-credentials'), `${demo().clientId}\n${demo().clientSecret}\n`);
  // The `try` example runs the repository's example bot and commands, as from a checkout.
  await symlink(fileURLToPath(new URL('../../examples', import.meta.url)), join(work, 'examples'));
  // A dev guild's file as a developer keeps it: the guild's commands, one of them gone (--prune deletes it; deleting most of the guild would need --delete-many).
  const devCommands = [
    { name: 'ping', description: 'Check that the bot is awake', type: 1 },
    { name: 'deploy', description: 'Deploy the dev build', type: 1 },
    { name: 'mod-tools', description: 'Moderation tools', type: 1 },
  ];
  await writeFile(join(work, 'dev.json'), JSON.stringify(devCommands));
  ids = await demoIds(demo());
}, 60_000);
afterAll(async () => {
  if (work) await rm(dirname(work), { recursive: true, force: true });
});

async function demoIds(served: ServeDetails): Promise<Record<string, string>> {
  const get = async (path: string) => (await (await fetch(`${served.baseUrl}${path}`, { headers: { authorization: `Bot ${served.botToken}` } })).json()) as { id: string; name: string; user?: { id: string; username: string } }[];
  const guild = served.guildIds[0]!;
  const roles = await get(`/guilds/${guild}/roles`);
  const channels = await get(`/guilds/${guild}/channels`);
  const members = await get(`/guilds/${guild}/members?limit=100`);
  return {
    '123': guild,
    '456': roles.find((role) => role.name.toLowerCase().includes('moderator'))!.id,
    '789': members.find((member) => member.user?.username === 'sam')!.user!.id,
    '111': channels.find((channel) => channel.name === 'general')!.id,
    '222': channels.find((channel) => channel.name === 'bot-commands')!.id,
  };
}

/**
 * A stand-in for the browser: loads the consent page `auth login` opened, approves it, and follows the
 * redirect to cmd-tui's loopback listener, as a user clicking Authorize would.
 */
const APPROVING_BROWSER = `#!/usr/bin/env node
const unescape = (text) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const url = process.argv[2];
const html = await (await fetch(url)).text();
const form = new URLSearchParams();
for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) form.append(unescape(match[1]), unescape(match[2]));
form.set('action', 'authorize');
const action = unescape(/<form method="post" action="([^"]*)"/.exec(html)[1]);
const approved = await fetch(new URL(action, url), { method: 'POST', body: form, redirect: 'manual' });
await fetch(approved.headers.get('location'));
`;

/** What a line reads on stdin: the secrets the README says are typed at a hidden prompt, else nothing. */
function typedInput(line: string): string {
  const root = dirname(work);
  if (line.includes(' < ')) return '/dev/null';
  if (line.startsWith('cmd-tui auth set-bot-token')) return JSON.stringify(join(root, 'typed-bot-token'));
  if (line.startsWith('cmd-tui auth set-client-credentials')) return JSON.stringify(join(root, 'typed-client-credentials'));
  return '/dev/null';
}

/** The line with the README's placeholders replaced by the emulator's values. */
function filled(line: string): string {
  let text = line.replace(/DISCORD_BOT_TOKEN=…/, `DISCORD_BOT_TOKEN=${demo().botToken}`).replace(/127\.0\.0\.1:PORT/g, new URL(demo().baseUrl).host);
  for (const [placeholder, id] of Object.entries(ids)) text = text.replace(new RegExp(`(?<=[\\s:])${placeholder}(?=\\s|$)`, 'g'), id);
  // The newest backup when the line runs (an earlier line of the block may have written it).
  return text.replace('<file>', '$(ls ~/.local/share/cmd-tui/backups | grep "\\.json$" | sort | tail -1 | sed "s/\\.json$//")');
}

function shell(script: string, options: { stdin?: string; extraEnv?: NodeJS.ProcessEnv } = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    // Its own process group: a line that starts a server in the background (`serve … &`) is ended with it.
    const child = spawn('/bin/bash', ['-c', script], { env: { ...env, ...options.extraEnv }, cwd: work, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdin.end(options.stdin ?? '');
    let exitCode = 1;
    child.on('exit', (code) => {
      exitCode = code ?? 1;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // The group is already gone.
      }
    });
    // After the group is ended: a background server held the pipes open until then.
    child.on('close', () => resolve({ code: exitCode, output }));
  });
}

const pendingReason = (line: string) => Object.entries(PENDING).find(([start]) => line.startsWith(start))?.[1];
const expectedExit = (line: string) => Number(/# exits (\d)/.exec(line)?.[1] ?? 0);
/** Blocks that run somewhere other than the reader's current profile: the perms examples name the demo's ids. */
const blockEnv = (block: Block): NodeJS.ProcessEnv => (block.lines[0]!.startsWith('cmd-tui perms') ? { CMD_TUI_PROFILE: 'demo' } : {});

describe('every README shell example', () => {
  it('has a marker that says how it is tested', () => {
    const unmarked = blocks.filter((block) => !['run', 'tui', 'synopsis', 'skip'].includes(block.mode));
    expect(unmarked.map((block) => `README.md:${block.line} ${block.lines[0]}`)).toEqual([]);
    for (const block of blocks.filter((entry) => entry.mode === 'skip')) expect(block.reason.length, `README.md:${block.line} says why it is skipped`).toBeGreaterThan(20);
  });

  it('runs: each `run` block line by line, with the exit code it states', { timeout: 240_000 }, async () => {
    for (const block of blocks.filter((entry) => entry.mode === 'run')) {
      const statusFile = join(work, '.status');
      await writeFile(statusFile, '');
      const script: string[] = [];
      const run: string[] = [];
      for (const line of block.lines) {
        const pending = pendingReason(line);
        if (pending) {
          console.warn(`README example skipped for now: ${line}\n  ${pending}`);
          continue;
        }
        run.push(line);
        script.push(`{\n${filled(line)}\n} < ${typedInput(line)}`, `echo $? >> ${JSON.stringify(statusFile)}`);
      }
      // Every block starts with the reader signed in as the admin (the auth block signs in and out itself).
      await signInAdmin(demo() as Parameters<typeof signInAdmin>[0], env);
      const { output } = await shell(script.join('\n'), { extraEnv: blockEnv(block) });
      const codes = (await readFile(statusFile, 'utf8')).trim().split('\n').filter(Boolean).map(Number);
      run.forEach((line, index) => expect(codes[index], `README.md:${block.line} ${line}\n${output}`).toBe(expectedExit(line)));
      expect(output).not.toContain(demo().botToken);
    }
    // What the blocks claim happened did: /ping in the dev guild, promoted to dev's global scope, and everything in prod.
    const names = async (served: ServeDetails, path: string) =>
      ((await (await fetch(`${served.baseUrl}/applications/${served.applicationId}${path}`, { headers: { authorization: `Bot ${served.botToken}` } })).json()) as { name: string }[]).map((command) => command.name);
    const exported = (JSON.parse(await readFile(join(work, 'commands.json'), 'utf8')) as { name: string }[]).map((command) => command.name);
    expect(await names(dev(), `/guilds/${dev().guildIds[0]}/commands`)).toEqual(expect.arrayContaining(['ping']));
    expect((await names(prod(), '/commands')).sort()).toEqual([...exported].sort());
    expect(await readFile(join(work, 'audit.md'), 'utf8')).toContain('#');
  });

  it('synopsis: every flag a synopsis names is one the command takes', async () => {
    for (const block of blocks.filter((entry) => entry.mode === 'synopsis')) {
      const text = block.lines.join(' ');
      const command = /^cmd-tui (\w+)/.exec(text)![1] as keyof typeof SPECS;
      const flags = [...text.matchAll(/--([\w-]+)/g)].map((match) => match[1]!);
      expect(flags.filter((flag) => !(flag in SPECS[command].flags)), `README.md:${block.line}`).toEqual([]);
    }
  });

  it('tui: each line draws its first frame in a terminal', { timeout: 120_000 }, async () => {
    for (const block of blocks.filter((entry) => entry.mode === 'tui')) {
      for (const line of block.lines) {
        const command = (filled(line)).replace(/\s+#.*$/, '');
        const terminal = new TmuxSession(['/bin/bash', '-c', command], { columns: 120, rows: 30, cwd: work, env: { ...(env as Record<string, string>) } });
        try {
          // The command list of the profile in use, or onboarding where no credentials are found.
          await terminal.waitFor((screen) => /slash \d+\/100/.test(screen) || screen.includes('How do you want to start?'), `${line}: its first frame`, 20_000);
        } finally {
          terminal.kill();
        }
      }
    }
  });
});
