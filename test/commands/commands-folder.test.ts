/**
 * A commands folder is read as a user means it: sub-folders too, `.json` in any case; what is not read
 * (hidden files and folders, other files, links out of the folder, pipes) is listed with why, on stderr
 * and in `--json`; and `apply --prune`, which deletes what the files read do not hold, does not delete
 * on a skipped file's account unless the list is confirmed.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runOnTerminal } from '../helpers/tty.js';
import { mutating, requestLog, resetEmulator } from './emulator-requests.js';
import { runCommand } from './run-command.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { tempFolder } from '../helpers/temp-folder.js';

const emulator = useEmulator({ seed: 'demo' });
const home = useIsolatedHome({}, 'file');
const outside = tempFolder('cmd-tui-outside-');

beforeAll(async () => {
  await writeFile(join(outside, 'secret.json'), JSON.stringify({ name: 'outside', description: 'Not in the folder' }));
});
beforeEach(async () => {
  await resetEmulator(emulator());
  home.env.DISCORD_BOT_TOKEN = emulator().botToken;
  await rm(join(home.home, 'f'), { recursive: true, force: true });
});

const hq = () => emulator().guildIds[0] as string;
const run = (name: string, args: string[]) => runCommand(name, [...args, '--api', emulator().baseUrl], home.env, home.home);
const command = (name: string) => ({ name, description: `The ${name} command` });

/** f/ping.json, f/mod/ban2.json, f/kick2.JSON read; f/.x.json, f/.git/, f/notes.txt and a link out skipped. */
async function writeFolder(): Promise<void> {
  const folder = join(home.home, 'f');
  await mkdir(join(folder, 'mod'), { recursive: true });
  await mkdir(join(folder, '.git'));
  await writeFile(join(folder, 'ping.json'), JSON.stringify(command('ping')));
  await writeFile(join(folder, 'mod', 'ban2.json'), JSON.stringify(command('ban2')));
  await writeFile(join(folder, 'kick2.JSON'), JSON.stringify([command('kick2')]));
  await writeFile(join(folder, '.x.json'), JSON.stringify(command('hidden')));
  await writeFile(join(folder, '.git', 'config.json'), '{}');
  await writeFile(join(folder, 'notes.txt'), 'not a command');
  await symlink(join(outside, 'secret.json'), join(folder, 'out.json'));
}

const SKIPPED = [
  { file: '.git/', reason: 'hidden' },
  { file: '.x.json', reason: 'hidden' },
  { file: 'notes.txt', reason: 'not a .json file' },
  { file: 'out.json', reason: 'a link out of the folder' },
];

describe('a commands folder', () => {
  it('is read with its sub-folders and .JSON files; what it skips is listed on stderr and in --json', async () => {
    await writeFolder();
    const plan = await run('plan', ['f', '--guild', hq(), '--json']);
    expect(plan.code, plan.stderr).toBe(0);
    const result = JSON.parse(plan.stdout) as { create: { name: string }[]; skipped: unknown[] };
    expect(result.create.map((created) => created.name)).toEqual(expect.arrayContaining(['ban2', 'kick2']));
    expect(result.skipped).toEqual(SKIPPED);
    expect(plan.stderr).toContain('Skipped in f (not read as commands):\n  .git/ (hidden)\n  .x.json (hidden)\n  notes.txt (not a .json file)\n  out.json (a link out of the folder)\n');
    const validate = await runCommand('validate', ['f', '--scope', 'guild', '--json'], home.env, home.home);
    expect(JSON.parse(validate.stdout)).toMatchObject({ valid: true, skipped: SKIPPED });
  });

  it('reads a file linked from inside the folder once, and shows a link to a folder as a folder', async () => {
    const folder = join(home.home, 'f');
    await mkdir(join(folder, 'mod'), { recursive: true });
    await writeFile(join(folder, 'mod', 'ban.json'), JSON.stringify(command('ban')));
    await symlink(join(folder, 'mod', 'ban.json'), join(folder, 'ban.json'));
    await symlink(join(folder, 'mod'), join(folder, 'moderation'));
    const result = await runCommand('validate', ['f', '--scope', 'guild', '--json'], home.env, home.home);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ valid: true, skipped: [{ file: 'moderation/', reason: 'a link to a folder' }] });
    const plan = await run('plan', ['f', '--guild', hq(), '--json']);
    expect(plan.code, plan.stderr).toBe(0);
    expect((JSON.parse(plan.stdout) as { create: { name: string }[] }).create.map((created) => created.name)).toEqual(['ban']);
  });

  it('lists a pipe as skipped instead of hanging on it', async () => {
    await mkdir(join(home.home, 'f'));
    await writeFile(join(home.home, 'f', 'ping.json'), JSON.stringify(command('ping')));
    execFileSync('mkfifo', [join(home.home, 'f', 'stuck.json')]);
    const result = await runCommand('validate', ['f', '--scope', 'guild'], home.env, home.home);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('stuck.json (not a regular file)');
  });

  it('apply --prune does not delete on a skipped file\'s account without --accept-skipped; the commands of sub-folders and .JSON files stay', async () => {
    await writeFolder();
    // The guild holds the folder's commands and the hidden one's: deploy them all first.
    await writeFile(join(home.home, 'all.json'), JSON.stringify(['ping', 'ban2', 'kick2', 'hidden'].map(command)));
    expect((await run('apply', ['all.json', '--guild', hq(), '--prune', '--yes', '--delete-many'])).code).toBe(0);

    const before = (await requestLog(emulator())).length;
    const refused = await run('apply', ['f', '--guild', hq(), '--prune', '--yes', '--json']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('4 files were skipped (listed above)');
    expect(refused.stderr).toContain('Pass --accept-skipped if that is what you want.');
    expect(JSON.parse(refused.stdout)).toMatchObject({ applied: false, refusals: [{ rule: 'skipped-files' }], skipped: SKIPPED });
    expect(mutating((await requestLog(emulator())).slice(before))).toEqual([]);

    const accepted = await run('apply', ['f', '--guild', hq(), '--prune', '--yes', '--accept-skipped', '--json']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(JSON.parse(accepted.stdout)).toMatchObject({ applied: true, skipped: SKIPPED });
    expect(accepted.stderr).toContain('delete /hidden');
    expect(accepted.stderr).not.toMatch(/delete \/(ban2|kick2)/);
    const listed = JSON.parse((await run('list', ['--guild', hq(), '--json'])).stdout) as { name: string }[];
    expect(listed.map((listedCommand) => listedCommand.name).sort()).toEqual(['ban2', 'kick2', 'ping']);
  });

  it('on a terminal, apply --prune asks about the skipped files: no sends nothing, yes goes on', { timeout: 60_000 }, async () => {
    await writeFolder();
    await writeFile(join(home.home, 'all.json'), JSON.stringify(['ping', 'ban2', 'kick2', 'hidden'].map(command)));
    expect((await run('apply', ['all.json', '--guild', hq(), '--prune', '--yes', '--delete-many'])).code).toBe(0);
    const args = ['apply', 'f', '--guild', hq(), '--prune', '--yes', '--api', emulator().baseUrl];
    const before = (await requestLog(emulator())).length;
    const declined = await runOnTerminal(args, { env: home.env, cwd: home.home, input: 'n\n' });
    expect(declined.code, declined.output).toBe(1);
    expect(declined.output).toContain('4 files were skipped (listed above) and --prune deletes the commands the files read do not hold: move the skipped files out of the folder, unless the list is meant. Delete them anyway? [y/N]');
    expect(mutating((await requestLog(emulator())).slice(before))).toEqual([]);
    const confirmed = await runOnTerminal(args, { env: home.env, cwd: home.home, input: 'y\n' });
    expect(confirmed.code, confirmed.output).toBe(0);
    expect(confirmed.output).toContain('delete /hidden');
  });

  it('apply --prune with files skipped goes on when it deletes nothing', async () => {
    await writeFolder();
    await writeFile(join(home.home, 'all.json'), JSON.stringify(['ping', 'ban2', 'kick2'].map(command)));
    expect((await run('apply', ['all.json', '--guild', hq(), '--prune', '--yes', '--delete-many'])).code).toBe(0);
    const result = await run('apply', ['f', '--guild', hq(), '--prune', '--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Skipped in f');
  });
});
