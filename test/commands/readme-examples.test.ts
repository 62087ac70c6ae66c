/**
 * The README's profile, copy and CI example runs as written: each `cmd-tui` line of the marked block,
 * in order, through bash with the built binary on PATH, against two emulators (dev and prod). A line
 * that says "exits N" must exit N; every other line must exit 0.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CLI_PATH } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { useEmulator } from '../helpers/emulator.js';

const MARKER = '<!-- The lines of this block are run, in order, by test/commands/readme-examples.test.ts -->';
const dev = useEmulator({ seed: 'empty' });
const prod = useEmulator({ seed: 'empty' });
let home: IsolatedHome;
beforeEach(async () => {
  home = await isolatedHome();
});
afterEach(() => home.cleanup());

async function exampleLines(): Promise<string[]> {
  const readme = await readFile(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
  const start = readme.indexOf(MARKER);
  expect(start, 'the README marks its example block').toBeGreaterThan(0);
  const block = readme.slice(start).split('```sh\n')[1]!.split('```')[0]!;
  return block.split('\n').filter((line) => line.startsWith('cmd-tui '));
}

function bash(line: string, env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('/bin/bash', ['-c', line], { env, cwd }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }));
  });
}

it('runs the profiles example block line by line', { timeout: 120_000 }, async () => {
  const lines = await exampleLines();
  expect(lines.length).toBeGreaterThanOrEqual(8);
  const work = join(home.home, 'work');
  const bin = join(home.home, 'bin');
  await mkdir(work, { recursive: true });
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, 'cmd-tui'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_PATH)} "$@"\n`);
  await chmod(join(bin, 'cmd-tui'), 0o755);
  await writeFile(join(work, 'dev-token.txt'), `${dev().botToken}\n`);
  await writeFile(join(work, 'prod-token.txt'), `${prod().botToken}\n`);
  await writeFile(join(work, 'commands.json'), JSON.stringify([{ name: 'ping', description: 'Check that the bot is awake', type: 1 }]));
  const env = { ...home.env, PATH: `${bin}:${process.env.PATH}`, DEV_API: dev().baseUrl, PROD_API: prod().baseUrl, DEV_GUILD: dev().guildIds[0]!, NO_COLOR: '1' };
  for (const line of lines) {
    const expected = Number(/# exits (\d)/.exec(line)?.[1] ?? 0);
    const { code, output } = await bash(line, env, work);
    expect(code, `${line}\n${output}`).toBe(expected);
  }
  // What the block claims happened did: /ping is in the dev guild, promoted to dev's global scope, and in prod.
  const names = async (url: string, token: string) =>
    ((await (await fetch(url, { headers: { authorization: `Bot ${token}` } })).json()) as { name: string }[]).map((command) => command.name);
  expect(await names(`${dev().baseUrl}/applications/${dev().applicationId}/guilds/${dev().guildIds[0]}/commands`, dev().botToken)).toEqual(['ping']);
  expect(await names(`${dev().baseUrl}/applications/${dev().applicationId}/commands`, dev().botToken)).toEqual(['ping']);
  expect(await names(`${prod().baseUrl}/applications/${prod().applicationId}/commands`, prod().botToken)).toEqual(['ping']);
});
