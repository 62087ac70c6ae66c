/**
 * `cmd-tui version`, the one answer under a Node too old for cmd-tui, and help examples that can be
 * copied at any width: a command too wide goes on with ` \` (its first line pasted alone waits for the
 * rest), a comment stays a comment, the root help has examples.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HELP } from '../../source/commands/help.js';
import { SPECS } from '../../source/commands/specs.js';
import { wrapHelp } from '../../source/terminal/wrap-help.js';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';

const home = useIsolatedHome({}, 'file');

const { version } = (await import('../../package.json', { with: { type: 'json' } })).default as { version: string };

describe('cmd-tui version', () => {
  it('says the version, the Node.js and the platform; --version the version alone', async () => {
    const text = await runCli(['version'], { env: home.env });
    expect([text.code, text.stdout]).toEqual([0, `cmd-tui ${version}\nNode.js ${process.version} on ${process.platform} ${process.arch}\n`]);
    const json = await runCli(['version', '--json'], { env: home.env });
    expect(JSON.parse(json.stdout)).toEqual({ version, node: process.version, platform: process.platform, arch: process.arch });
    expect((await runCli(['--version'], { env: home.env })).stdout).toBe(`${version}\n`);
    expect((await runCli(['verison'], { env: home.env })).stderr).toContain('Did you mean version?');
  });
});

/** Node's own version, as an older Node would report it, before cmd-tui's entry file runs. */
const OLD_NODE = ['--import', 'data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"20.20.2"}});Object.defineProperty(process,"version",{value:"v20.20.2"});'];

describe('a Node.js older than 22.19', () => {
  it('gets one message and exit 2 from every command, --version and --help included', async () => {
    for (const args of [['--version'], ['-v'], ['--help'], ['version'], ['help'], ['list'], [], ['nope']]) {
      const result = await runCli(args, { env: home.env, nodeArgs: OLD_NODE });
      expect([result.code, result.stdout], args.join(' ')).toEqual([2, '']);
      expect(result.stderr, args.join(' ')).toBe(
        `cmd-tui ${version} needs Node.js 22.19 or newer; this is Node.js v20.20.2.\n` +
          'Install Node.js 24 LTS (https://nodejs.org/en/download), or have npm fetch Node 24\n' +
          'for each run, with cmd-tui installed in the project or globally alike:\n' +
          '  npx -y -p node@24 -- cmd-tui ARGUMENTS\n' +
          '(ARGUMENTS: the ones you gave cmd-tui.)\n',
      );
    }
  });

  // The machine's own Node when it is an old one (Debian's system Node 20 here): the entry file must still parse there.
  const systemNode = (() => {
    try {
      return execFileSync('/usr/bin/node', ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    } catch {
      return undefined;
    }
  })();
  it.skipIf(systemNode === undefined || Number(systemNode.split('.')[0]) >= 22)('is told by a real old Node too', () => {
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync('/usr/bin/node', [CLI_PATH, '--version'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(2);
    expect(failure?.stderr).toContain('npx -y -p node@24 -- cmd-tui ARGUMENTS');
  });
});

/** Help's example lines as a shell reads them: continuation lines joined, comments dropped. */
function commandsIn(wrapped: string): string[] {
  return wrapped
    .replace(/ \\\n\s+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

describe('help examples', () => {
  it('go on with ` \\` at a space outside quotes, never mid-word, and keep a comment a comment', () => {
    const text = 'Examples\n  cmd-tui perms set --guild 123456789012345678 --command ban --allow role:456 --deny everyone --yes\n  # a comment long enough to need a second line of its own here\n  cmd-tui try feedback --modal details="Work offline now"\n\nAfter\n  term  the description wraps as before';
    expect(wrapHelp(text, 40)).toBe(
      [
        'Examples',
        '  cmd-tui perms set --guild \\',
        '      123456789012345678 --command ban \\',
        '      --allow role:456 --deny everyone \\',
        '      --yes',
        '  # a comment long enough to need a',
        '  # second line of its own here',
        '  cmd-tui try feedback --modal \\',
        '      details="Work offline now"',
        '',
        'After',
        '  term  the description wraps as before',
      ].join('\n'),
    );
  });

  it('of every command, at any width, read back as the commands written, each line within the width', () => {
    const examples = Object.values(SPECS).flatMap((spec) => spec.examples as readonly string[]);
    // A comment on a command's line could be wrapped into a command of its own words: comments stand alone.
    expect(examples.filter((example) => !example.startsWith('#') && / #/.test(example))).toEqual([]);
    for (const width of [40, 52, 64, 80, 100, 120]) {
      for (const spec of Object.values(SPECS)) {
        const wrapped = wrapHelp(['Examples', ...spec.examples.map((example) => `  ${example}`), ''].join('\n'), width);
        expect(commandsIn(wrapped).slice(1), `${spec.name} at ${width}`).toEqual(spec.examples.filter((example) => !example.startsWith('#')));
        expect(wrapped.split('\n').filter((line) => line.length > width && /\s\S+\s/.test(line.trim())), `${spec.name} at ${width}`).toEqual([]);
      }
    }
  });

  it('fix serve --help: the state file is not the file its --json is written to', () => {
    const [serving] = SPECS.serve.examples.filter((example) => example.includes('--state'));
    const state = /--state (\S+)/.exec(serving!)?.[1];
    const output = />\s*(\S+)/.exec(serving!)?.[1];
    expect(state).toBeDefined();
    expect(state).not.toBe(output);
  });

  it('the root help has examples too', () => {
    const examples = HELP.slice(HELP.indexOf('\nExamples\n'), HELP.indexOf('\nExit codes\n'));
    expect(commandsIn(examples)).toEqual(expect.arrayContaining(['cmd-tui --demo', 'cmd-tui auth set-bot-token < token.txt', 'cmd-tui list']));
  });
});
