/**
 * The commands 16 public bots deployed (a corpus kept beside the project, not in it: see its README): each validates
 * without a false error (but the three that break a documented rule), and each round-trips plan →
 * apply → export → plan with 0 changes, for the exported file and the original alike. A folder of
 * them is one set, each problem named by its file. Where that folder is absent it skips, saying why, in
 * a clone; in CI (CI=true) it fails instead, so the checks cannot silently stop running there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { resetEmulator } from './emulator-requests.js';
import { runCommand } from './run-command.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { tempFolder } from '../helpers/temp-folder.js';

const folder = fileURLToPath(new URL('../../../shared/real-commands/', import.meta.url));
const corpus = join(folder, 'corpus');
const present = existsSync(corpus);
const missing = `the real-commands corpus (../shared/real-commands beside the project) is not here`;
if (!present && process.env.CI !== 'true') console.warn(`Skipping the real-commands checks: ${missing} (it is in the team's workspace, not in a user's clone).`);

it.runIf(!present && process.env.CI === 'true')('the real-commands corpus is present in CI', () => {
  expect.fail(`${missing}; CI must run these checks`);
});

const files = present ? readdirSync(corpus).filter((name) => name.endsWith('.json')).sort() : [];
const invalid = present ? new Set(readFileSync(join(folder, 'legitimately-invalid.tsv'), 'utf8').split('\n').map((line) => line.split('\t')[0]).filter(Boolean)) : new Set<string>();
const argsOf = (name: string) => {
  const extra = join(corpus, name.replace(/\.json$/, '.args'));
  return existsSync(extra) ? readFileSync(extra, 'utf8').trim().split(/\s+/) : [];
};

describe.skipIf(!present)('real commands from public bots', () => {
  const emulator = useEmulator({ seed: 'empty' });
  const home = useIsolatedHome({}, 'file');
  const work = tempFolder('cmd-tui-real-');

  it('every file validates without a false error; the legitimately invalid ones are refused', async () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    for (const name of files) {
      const result = await runCommand('validate', [join(corpus, name), ...argsOf(name)], home.env);
      expect(result.code, `${name}\n${result.stdout}${result.stderr}`).toBe(invalid.has(name) ? 1 : 0);
    }
  });

  it('each valid file round-trips plan → apply → export → plan with 0 changes', { timeout: 300_000 }, async () => {
    const env = { ...home.env, DISCORD_BOT_TOKEN: emulator().botToken };
    const api = ['--api', emulator().baseUrl];
    for (const name of files.filter((file) => !invalid.has(file))) {
      await resetEmulator(emulator());
      const file = join(corpus, name);
      const planned = await runCommand('plan', [file, '--json', ...api], env);
      expect(planned.code, `${name}: plan\n${planned.stderr}`).toBe(0);
      const applied = await runCommand('apply', [file, '--yes', ...api], env);
      expect(applied.code, `${name}: apply\n${applied.stderr}`).toBe(0);
      const exported = join(work, `exported-${name}`);
      expect((await runCommand('export', ['-o', exported, ...api], env)).code).toBe(0);
      for (const again of [exported, file]) {
        const check = await runCommand('plan', [again, '--json', '--detailed-exitcode', ...api], env);
        expect(check.code, `${name}: plan ${again === file ? 'of the original' : 'of the export'} after apply\n${check.stdout}`).toBe(0);
      }
    }
  });

  it('a folder of them is one set, each problem named by its file', async () => {
    // One bot's folder: a valid file, the invalid 002, and a copy of the first under another file name.
    const bot = join(work, 'bot-folder');
    await mkdir(bot);
    const valid = files.find((name) => !invalid.has(name) && argsOf(name).length === 0)!;
    await copyFile(join(corpus, valid), join(bot, `a-${valid}`));
    await copyFile(join(corpus, valid), join(bot, `b-${valid}`));
    await copyFile(join(corpus, '002-rankedbedwars.json'), join(bot, '002-rankedbedwars.json'));
    await writeFile(join(bot, 'notes.txt'), 'not a command file');
    const result = await runCommand('validate', [bot, '--json'], home.env);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { problems: { path: string; severity: string; message: string }[] };
    const errors = report.problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => problem.path)).toContain('002-rankedbedwars.json options[0].name');
    const duplicates = errors.filter((problem) => problem.message.includes('already defined'));
    expect(duplicates.length).toBeGreaterThan(0);
    for (const duplicate of duplicates) {
      expect(duplicate.path.startsWith(`b-${valid}`)).toBe(true);
      expect(duplicate.message).toContain(`a-${valid}`);
    }
    const planned = await runCommand('plan', [bot, '--api', emulator().baseUrl], { ...home.env, DISCORD_BOT_TOKEN: emulator().botToken });
    expect(planned.code).toBe(1);
    expect(planned.stderr + planned.stdout).toContain('002-rankedbedwars.json options[0].name');
  });
});
