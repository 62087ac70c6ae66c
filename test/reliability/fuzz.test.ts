/**
 * Fuzz, the short version (`npm run soak` runs 10,000 files): generated files through validate, plan,
 * apply and restore in-process, and a few dozen through the built binary against a server whose every
 * string is hostile — exit codes only the documented ones, no stack trace, no hang, and no control
 * byte on stdout or stderr. The seed is in the failure message.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { HOSTILE_APP, startHostileServer, type HostileServer } from '../helpers/hostile-server.js';
import { DOCUMENTED_EXIT_CODES, generateFiles, HOSTILE_STRINGS, runFuzz } from './fuzz.js';

const IN_PROCESS_FILES = 600;
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const GUILD = '200000000000000002';

describe('fuzz: generated files', () => {
  it(`${IN_PROCESS_FILES} files through validate, plan, apply and restore: documented exit codes, no throw, no hang`, { timeout: 120_000 }, async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const figures = await runFuzz({ files: IN_PROCESS_FILES, seed });
    expect(figures.failures, `seed ${seed}`).toEqual([]);
    expect(figures.runs).toBe(IN_PROCESS_FILES);
    expect(Object.values(figures.byCommand).every((runs) => runs > 0)).toBe(true);
  });
});

describe('fuzz: through the binary, against a hostile server', () => {
  let server: HostileServer;
  let home: IsolatedHome;
  beforeAll(async () => {
    server = await startHostileServer(HOSTILE_STRINGS.slice(0, 4).join(''));
    home = await isolatedHome({ DISCORD_BOT_TOKEN: 'hostile-test-fake-token' });
  });
  afterAll(async () => {
    await server.close();
    await home.cleanup();
  });

  it('validate, plan, apply, restore and copy print no control byte, exit with documented codes, and never a stack trace', { timeout: 120_000 }, async () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const files = generateFiles(HOSTILE_APP, GUILD, 32, seed);
    const runs: { args: string[]; kind: string }[] = [];
    for (const [index, file] of files.entries()) {
      const path = join(home.home, `file-${index}.json`);
      await writeFile(path, file.content);
      const command = file.backup ? ['restore', path, '--yes'] : [['validate', path], ['plan', path], ['apply', path, '--yes', '--prune', '--delete-many']][index % 3]!;
      runs.push({ args: command, kind: file.kind });
    }
    runs.push({ args: ['copy', '--from', 'global', '--to', GUILD, '--yes'], kind: 'copy from a hostile scope' });
    for (const { args, kind } of runs) {
      const result = await runCli([...args, '--api', server.base], { env: home.env, cwd: home.home });
      const printed = `${result.stdout}${result.stderr}`;
      const what = `seed ${seed}, ${kind}: cmd-tui ${args.join(' ')}`;
      expect(DOCUMENTED_EXIT_CODES.has(result.code ?? -1), `${what} exited ${result.code}`).toBe(true);
      expect(printed, what).not.toMatch(/\n\s+at \S+ \(/);
      expect(printed, what).not.toMatch(UNSAFE);
    }
  });
});
