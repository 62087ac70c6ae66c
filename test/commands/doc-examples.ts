/**
 * Runs a Markdown page's shell examples as a reader following it would: every ```sh block of the page in
 * ONE bash, in page order, exactly as written, from an empty home, with `cmd-tui` on PATH (the built
 * dist/cli.js, as `npm link` or an install puts it there) and the page's folder a checkout's
 * (`examples/` in it). What the shell sets (variables, `cd`, background servers) carries on to the next
 * block, as it does for the reader. How a block is run is said by the HTML comment on the line above it:
 *   (none)                          each command runs in turn and must exit 0, or N where its line says `# exits N`
 *   <!-- doc-test: tui -->          each line opens the TUI: run in tmux with the shell's variables and folder at
 *                                   that point, its first frame awaited, then closed
 *   <!-- doc-test: synopsis -->     a usage synopsis: every flag it names must be one the command takes
 *   <!-- doc-test: skip — why -->   not run, and the page's source says why (live Discord, a global install…)
 * A command is a line, or lines joined by a trailing `\`. Its standard input is empty (a reader's hidden
 * prompts are fed from a pipe the page shows). Only the reader is stood in for: `BROWSER` is a script
 * that approves the emulator's consent page, as a person clicking Authorize would. Nothing else is
 * prepared, and the environment holds only PATH, HOME, LANG, TMPDIR and CMD_TUI_SECRET_STORE=file (the
 * machine's keyring is not the test's): no XDG_*, CMD_TUI_*, DISCORD_*, NO_COLOR, FORCE_COLOR or CI.
 * A page stops what it starts (`kill $SERVE`, visible to the reader): a process of the page still running
 * once its shell has ended fails the page. `shell: CONTRIBUTOR_SHELL` runs a page again in a contributor's
 * shell, which exports their own DISCORD_BOT_TOKEN (a fake one, Discord-shaped) and CMD_TUI_PROFILE: the
 * emulators the page starts then log each request (`serve --log`), so that a test can check none carried
 * a token they do not know, and the variables' values when the page ends say whether it changed them. Every wait is for a state (a command's status, a frame), each
 * bounded so that a hang names its line instead of stalling the suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SPECS } from '../../source/commands/specs.js';
import { TmuxSession } from '../e2e/helpers/tmux.js';
import { CLI_PATH } from '../helpers/cli.js';
import { approvingBrowser } from '../helpers/approving-browser.js';

export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

export type BlockMode = 'run' | 'tui' | 'synopsis' | 'skip';

export interface DocCommand {
  /** As written, continuation lines joined with their `\` and newline kept. */
  text: string;
  /** 1-based line in the page where it starts. */
  line: number;
  /** What it must exit with: `# exits N` on its line, else 0. */
  expectedExit: number;
}

export interface DocBlock {
  mode: BlockMode | 'unknown';
  reason: string;
  commands: DocCommand[];
  /** 1-based line of the opening fence. */
  line: number;
}

const SHELL_FENCE = /^```(sh|bash|shell|console)\s*$/;
const MARKER = /^<!--\s*doc-test:\s*([\w-]+)(?:\s+—\s+(.*?))?\s*-->$/;

/** The page's shell blocks, each with how it is run and its commands. */
export function shellBlocks(markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (!SHELL_FENCE.test(lines[index]!)) {
      // Skip over other fences, so a ``` inside them is not taken for a shell block's.
      if (/^```/.test(lines[index]!)) index = closingFence(lines, index);
      continue;
    }
    const marker = MARKER.exec(lines[index - 1] ?? '');
    const mode = marker ? (['tui', 'synopsis', 'skip'].includes(marker[1]!) ? (marker[1] as BlockMode) : 'unknown') : 'run';
    const end = closingFence(lines, index);
    blocks.push({ mode, reason: marker?.[2] ?? '', commands: commandsOf(lines.slice(index + 1, end), index + 2), line: index + 1 });
    index = end;
  }
  return blocks;
}

function closingFence(lines: readonly string[], opening: number): number {
  const end = lines.findIndex((text, at) => at > opening && /^```\s*$/.test(text));
  return end === -1 ? lines.length : end;
}

function commandsOf(lines: readonly string[], firstLine: number): DocCommand[] {
  const commands: DocCommand[] = [];
  let pending: DocCommand | undefined;
  lines.forEach((text, offset) => {
    if (!pending && (text.trim() === '' || text.trim().startsWith('#'))) return;
    const joined: DocCommand = pending ? { ...pending, text: `${pending.text}\n${text}` } : { text, line: firstLine + offset, expectedExit: 0 };
    if (/\\$/.test(text)) {
      pending = joined;
      return;
    }
    pending = undefined;
    commands.push({ ...joined, expectedExit: Number(/#\s*exits (\d+)/.exec(joined.text)?.[1] ?? 0) });
  });
  if (pending) commands.push(pending);
  return commands;
}

/** Flags a synopsis names that its command does not take. */
export function unknownSynopsisFlags(block: DocBlock): string[] {
  const text = block.commands.map((command) => command.text).join(' ');
  const words = /^cmd-tui (\w+)(?: ([a-z-]+))?/.exec(text);
  if (!words) return [`not a cmd-tui synopsis: ${text.slice(0, 60)}`];
  const specs = SPECS as Readonly<Record<string, { flags: Readonly<Record<string, unknown>> }>>;
  const spec = specs[`${words[1]} ${words[2]}`] ?? specs[words[1]!];
  if (!spec) return [`no command ${words[1]}`];
  return [...text.matchAll(/--([\w-]+)/g)].map((match) => match[1]!).filter((flag) => !(flag in spec.flags));
}

/** Relative links of a page (`[text](path#anchor)`), to check they lead somewhere. */
export function relativeLinks(markdown: string): { target: string; anchor: string }[] {
  const links: { target: string; anchor: string }[] = [];
  // Not in code, nor in comments (the spots left for text to come).
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/<!--[\s\S]*?-->/g, '');
  for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const href = match[1]!;
    if (/^[a-z]+:/i.test(href)) continue;
    const [target = '', anchor = ''] = href.split('#');
    links.push({ target, anchor });
  }
  return links;
}

/** GitHub's anchors for a page's headings. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const match of withoutCode.matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = match[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * A contributor's shell: their bot's token (an obviously fake one, shaped as Discord's: the base64 of an
 * 18-digit id, a stamp, 27 letters) and their own profile, which no page has made.
 */
export const CONTRIBUTOR_SHELL = {
  DISCORD_BOT_TOKEN: `${Buffer.from('123456789012345678').toString('base64')}.AAAAAA.${'abcdefghijklmnopqrstuvwxyza'}`,
  CMD_TUI_PROFILE: 'prod',
} as const;

export interface PageRun {
  /** What the shell printed, each command announced by `$ ` and its first line. */
  output: string;
  /** With `shell`: each request the page's emulators answered (`serve --log`), and those refused as carrying a token they do not know. */
  requests: string[];
  unknownTokens: string[];
  /** With `shell`: each of its variables as the page's shell exports it when the page ends (undefined: not exported, or empty). */
  shellAfter: Record<string, string | undefined>;
  /** How long each command took, in page order: where a slow page spends its time. */
  timings: { line: number; command: string; ms: number }[];
  /** The folder the page ran in (a checkout: `examples/` linked), removed by `remove()`. */
  work: string;
  remove(): Promise<void>;
}

export interface RunOptions {
  /** How long one command may run before the page is stopped and its line named (a hang, not slowness). */
  commandTimeoutMs?: number;
  /**
   * How long the whole page may run: below the test's own timeout, so that a page that runs long is
   * stopped here, its processes ended and its folder removed, rather than abandoned by the test runner.
   */
  pageTimeoutMs?: number;
  /** How long what the page started may take to end once its shell has: past it, the page left it running. */
  processesEndWithinMs?: number;
  /** Variables the reader's shell exports (CONTRIBUTOR_SHELL), over the page's empty environment. */
  shell?: Readonly<Record<string, string>>;
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the page's `run` and `tui` blocks in one bash, in order; throws naming the first command that
 * exits otherwise than the page says, hangs, or leaves a process running, with the shell's output.
 */
export async function runPage(name: string, markdown: string, options: RunOptions = {}): Promise<PageRun> {
  const root = await mkdtemp(join(tmpdir(), 'cmd-tui-doc-'));
  const remove = () => rm(root, { recursive: true, force: true });
  try {
    const deadline = Date.now() + (options.pageTimeoutMs ?? 240_000);
    return { ...(await runIn(root, name, markdown, { commandTimeoutMs: options.commandTimeoutMs ?? 120_000, deadline, processesEndWithinMs: options.processesEndWithinMs ?? 30_000, shell: options.shell ?? {} })), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

async function runIn(
  root: string,
  name: string,
  markdown: string,
  { commandTimeoutMs, deadline, processesEndWithinMs, shell }: { commandTimeoutMs: number; deadline: number; processesEndWithinMs: number; shell: Readonly<Record<string, string>> },
): Promise<Omit<PageRun, 'remove'>> {
  const work = join(root, 'work');
  const home = join(root, 'home');
  const bin = join(root, 'bin');
  const harness = join(root, 'harness');
  const temp = join(root, 'tmp');
  await Promise.all([mkdir(work), mkdir(home), mkdir(bin), mkdir(harness), mkdir(temp)]);
  const requestLog = join(harness, 'requests.log');
  const cli = `${shellQuote(process.execPath)} ${shellQuote(CLI_PATH)}`;
  // In a reader's own shell, each emulator the page starts logs its requests (to the page's output too).
  const logServe = Object.keys(shell).length > 0 ? `if [ "$1" = serve ]; then exec ${cli} "$@" --log 2> >(tee -a ${shellQuote(requestLog)} >&2); fi\n` : '';
  await writeFile(join(bin, 'cmd-tui'), `#!/bin/bash\n${logServe}exec ${cli} "$@"\n`);
  await chmod(join(bin, 'cmd-tui'), 0o755);
  // The reader's browser, stood in for: it approves the consent page as a person clicking Authorize would.
  const browser = await approvingBrowser(bin);
  await symlink(join(REPOSITORY, 'examples'), join(work, 'examples'));
  const systemPath = (process.env.PATH ?? '/usr/bin:/bin').split(delimiter).filter((entry) => entry !== '' && !entry.includes('node_modules'));
  const env: Record<string, string> = {
    PATH: [bin, dirname(process.execPath), ...systemPath].join(delimiter),
    HOME: home,
    LANG: 'C.UTF-8',
    TMPDIR: temp,
    CMD_TUI_SECRET_STORE: 'file',
    BROWSER: browser,
    ...shell,
  };

  const blocks = shellBlocks(markdown).filter((block) => block.mode === 'run' || block.mode === 'tui');
  const commands = blocks.flatMap((block) => block.commands.map((command) => ({ ...command, tui: block.mode === 'tui' })));
  const script = [
    // Reports to the test on fd 3, which no command of the page gets.
    `__doc_status() { printf 'done %s %s\\n' "$1" "$2" >&3; [ "$2" = "$3" ] || exit 97; }`,
    ...commands.map((command, index) =>
      command.tui
        ? [
            `printf '%s\\n' ${shellQuote(`$ ${command.text.split('\n')[0]}   (in tmux)`)}`,
            `declare -p 2>/dev/null | grep -Ev '^declare -[a-zA-Z]*r' > ${shellQuote(join(harness, `state-${index}`))}`,
            `printf 'tui %s\\n' ${index} >&3; read -r __doc_go <&3`,
          ].join('\n')
        : [`printf '%s\\n' ${shellQuote(`$ ${command.text.split('\n')[0]}`)}`, `{\n${command.text}\n} </dev/null 3>&-`, `__doc_status ${index} $? ${command.expectedExit}`].join('\n'),
    ),
    // What the page left the reader's variables as.
    ...(Object.keys(shell).length > 0 ? [`env > ${shellQuote(join(harness, 'shell-after'))}`] : []),
  ].join('\n');
  await writeFile(join(harness, 'page.sh'), `${script}\n`);

  const child = spawn('/bin/bash', ['--noprofile', '--norc', join(harness, 'page.sh')], {
    cwd: work,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const channel = child.stdio[3] as Readable & Writable;
  const where = (index: number) => `${name}:${commands[index]!.line} \`${commands[index]!.text.split('\n')[0]}\``;
  const fail = (message: string) => new Error(`${message}\n--- the page's shell printed ---\n${output.slice(-6000)}`);

  let next = 0;
  let failure: Error | undefined;
  const timings: PageRun['timings'] = [];
  let since = Date.now();
  const timed = (index: number) => {
    timings.push({ line: commands[index]!.line, command: commands[index]!.text.split('\n')[0]!, ms: Date.now() - since });
    since = Date.now();
  };
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    // The channel ends when the shell does (no command of the page holds it), after its last report.
    const reports = createInterface({ input: channel })[Symbol.asyncIterator]();
    while (next < commands.length) {
      const limit = Math.min(commandTimeoutMs, deadline - Date.now());
      const report = await withTimeout(reports.next(), limit);
      if (report === 'timeout') throw fail(`${where(next)} was still running after ${Math.round(limit / 1000)} s${limit < commandTimeoutMs ? ', when the whole page had run out of time' : ''}`);
      if (report.done) throw fail(`the shell ended during ${where(next)}: a command that ends the shell ends the page`);
      await handle(report.value);
    }
    if ((await withTimeout(exited, commandTimeoutMs)) === 'timeout') throw fail(`the shell did not end after its last command`);
    await groupEnded(child, processesEndWithinMs, fail);
  } catch (error) {
    failure = error as Error;
  } finally {
    killGroup(child, 'SIGKILL');
    channel.destroy();
  }
  if (failure) throw failure;
  const requests = (await readFile(requestLog, 'utf8').catch(() => '')).split('\n').filter((line) => / → /.test(line));
  const exported = new Map((await readFile(join(harness, 'shell-after'), 'utf8').catch(() => '')).split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const));
  const shellAfter = Object.fromEntries(Object.keys(shell).map((variable) => [variable, exported.get(variable) || undefined]));
  return { output, work, timings, requests, unknownTokens: requests.filter((line) => /\(invalid[,)]/.test(line)), shellAfter };

  async function handle(report: string): Promise<void> {
    const done = /^done (\d+) (\d+)$/.exec(report);
    if (done) {
      const [index, code] = [Number(done[1]), Number(done[2])];
      if (code !== commands[index]!.expectedExit) throw fail(`${where(index)} exited ${code}, the page says ${commands[index]!.expectedExit}`);
      timed(index);
      next = index + 1;
      return;
    }
    const tui = /^tui (\d+)$/.exec(report);
    if (!tui) throw fail(`unexpected report from the shell: ${report}`);
    const index = Number(tui[1]);
    await firstFrame(commands[index]!.text, join(harness, `state-${index}`), work, where(index));
    channel.write('go\n');
    timed(index);
    next = index + 1;
  }
}

/** The TUI line in a real terminal, with the page shell's variables and folder, until its first frame. */
async function firstFrame(line: string, stateFile: string, work: string, where: string): Promise<void> {
  const launcher = `${stateFile}.sh`;
  // env -i: tmux's own environment (the test runner's) does not reach the TUI; the page's state does.
  await writeFile(launcher, `. ${shellQuote(stateFile)} 2>/dev/null\ncd "$PWD"\n${line}\n`);
  const terminal = new TmuxSession(['/bin/sh', '-c', `exec env -i TERM="$TERM" /bin/bash --noprofile --norc ${shellQuote(launcher)}`], { columns: 120, rows: 30, cwd: work, env: {} });
  try {
    // The command list of the profile in use, or onboarding where no credentials are found.
    await terminal.waitFor((screen) => /slash \d+\/100/.test(screen) || screen.includes('How do you want to start?'), `${where}: its first frame`, 60_000);
  } finally {
    terminal.kill();
  }
}

/** `promise`, or 'timeout' once `ms` have passed (the timer cleared either way). */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  const timer = new AbortController();
  try {
    return await Promise.race([promise, sleep(ms, 'timeout' as const, { signal: timer.signal })]);
  } finally {
    timer.abort();
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone.
  }
}

function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whatever the page started must end with it: a server it left running is a page that does not say how to stop it. */
async function groupEnded(child: ChildProcess, withinMs: number, fail: (message: string) => Error): Promise<void> {
  for (let waited = 0; groupAlive(child); waited += 50) {
    if (waited > withinMs) throw fail('the page left a process running: stop what it starts (kill $PID) in the page');
    await sleep(50);
  }
}

/** The page's text, from the repository. */
export function readPage(relative: string): Promise<string> {
  return readFile(join(REPOSITORY, relative), 'utf8');
}

/**
 * What is wrong with a page before it runs: a block marked in a way the test does not know, a skip that
 * does not say why, a synopsis naming a flag its command lacks, a relative link (or its #anchor) leading nowhere.
 */
export async function pageProblems(relative: string, markdown: string): Promise<string[]> {
  const problems: string[] = [];
  for (const block of shellBlocks(markdown)) {
    if (block.mode === 'unknown') problems.push(`${relative}:${block.line}: a doc-test marker the test does not know`);
    if (block.mode === 'skip' && block.reason.length < 20) problems.push(`${relative}:${block.line}: a skipped block must say why (<!-- doc-test: skip — why -->)`);
    if (block.mode === 'synopsis') for (const flag of unknownSynopsisFlags(block)) problems.push(`${relative}:${block.line}: the synopsis names --${flag}, which the command does not take`);
  }
  for (const { target, anchor } of relativeLinks(markdown)) {
    const file = target === '' ? join(REPOSITORY, relative) : join(REPOSITORY, dirname(relative), target);
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'EISDIR' ? '' : undefined));
    if (text === undefined) problems.push(`${relative}: the link ${target}${anchor ? `#${anchor}` : ''} leads to no file`);
    else if (anchor && file.endsWith('.md') && !headingAnchors(text).has(anchor)) problems.push(`${relative}: the link ${target}#${anchor} names no heading there`);
  }
  return problems;
}

/**
 * The secrets of the emulators a page started (the `serve --json` lines it saved in its folder) that its
 * output printed: none may be, as no cmd-tui command prints a token.
 */
export async function printedSecrets(output: string, work: string): Promise<string[]> {
  const secrets: string[] = [];
  for (const file of await readdir(work)) {
    if (!file.endsWith('.json')) continue;
    const saved = await readFile(join(work, file), 'utf8').then((text) => JSON.parse(text) as unknown, () => undefined);
    if (!saved || typeof saved !== 'object' || Array.isArray(saved)) continue;
    for (const key of ['botToken', 'clientSecret', 'userToken']) {
      const value = (saved as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.length >= 8 && output.includes(value)) secrets.push(`${file}'s ${key}`);
    }
  }
  return secrets;
}
