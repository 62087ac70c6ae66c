/**
 * PowerShell completion: the script's shape, the `--words=N` count that gets back the empty word
 * Windows PowerShell 5.1 drops on its way to a program, and — where `pwsh` is installed (the GitHub
 * runners have it on every OS) — completion through TabExpansion2 and the built binary.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { givenWords } from '../../source/commands/complete.js';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';

const home = useIsolatedHome();

describe('the words __complete is given', () => {
  it.each([
    [['plan', ''], ['plan', '']],
    [['--words=2', 'plan'], ['plan', '']],
    [['--words=2', 'plan', ''], ['plan', '']],
    [['--words=1', 'pl'], ['pl']],
    [['--words=1'], ['']],
  ])('%j → %j', (given, words) => {
    expect(givenWords(given)).toEqual(words);
  });

  it('through the binary: an empty word dropped by PowerShell 5.1 is completed as one', async () => {
    const dropped = await runCli(['__complete', '--words=2', 'completion'], { env: home.env });
    expect(dropped.stdout.split('\n').filter(Boolean).map((line) => line.split('\t')[0])).toEqual(['bash', 'zsh', 'fish', 'powershell']);
  });
});

describe('the PowerShell script', () => {
  it('registers a native completer that calls __complete with the count, its stderr silenced, and completes files where a file is meant', async () => {
    const script = (await runCli(['completion', 'powershell'], { env: home.env })).stdout;
    expect(script).toContain('Register-ArgumentCompleter -Native -CommandName cmd-tui -ScriptBlock');
    expect(script).toContain('cmd-tui __complete "--words=$($words.Count)" @words 2>$null');
    expect(script).toContain("[System.Management.Automation.CompletionCompleters]::CompleteFilename($wordToComplete)");
    expect(script).not.toContain('/dev/null');
  });

  const pwsh = ['pwsh', 'powershell'].find((name) => spawnSync(name, ['-NoProfile', '-Command', 'exit 0']).status === 0);
  it.skipIf(pwsh === undefined)('completes through TabExpansion2 and the built binary', async () => {
    const bin = join(home.home, 'bin');
    await mkdir(bin);
    if (process.platform === 'win32') await writeFile(join(bin, 'cmd-tui.cmd'), `@"${process.execPath}" "${CLI_PATH}" %*\r\n`);
    else {
      await writeFile(join(bin, 'cmd-tui'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_PATH)} "$@"\n`);
      await chmod(join(bin, 'cmd-tui'), 0o755);
    }
    const scriptPath = join(home.home, 'completion.ps1');
    await writeFile(scriptPath, (await runCli(['completion', 'powershell'], { env: home.env })).stdout);
    await writeFile(join(home.home, 'commands.json'), '[]');
    const complete = (line: string) =>
      execFileSync(pwsh!, ['-NoProfile', '-Command', `. '${scriptPath}'; (TabExpansion2 -inputScript '${line}' -cursorColumn ${line.length}).CompletionMatches | ForEach-Object { $_.CompletionText }`], {
        cwd: home.home,
        env: { ...home.env, PATH: `${bin}${delimiter}${process.env.PATH}` },
        encoding: 'utf8',
      })
        .split(/\r?\n/)
        .filter(Boolean);
    expect(complete('cmd-tui pl')).toEqual(['plan']);
    expect(complete('cmd-tui completion ')).toEqual(['bash', 'zsh', 'fish', 'powershell']);
    expect(complete('cmd-tui plan --det')).toEqual(['--detailed-exitcode']);
    expect(complete('cmd-tui plan comm').map((path) => path.replace(/^\.[\\/]/, ''))).toEqual(['commands.json']);
  });
});
