/**
 * A token pasted into a file name (`cmd-tui validate <token>.json`, a folder named after one) is never
 * echoed: the file-not-found message, "Did you mean", a usage error and `--json` all name the argument by
 * position instead, through the built binary. Ordinary file names are still quoted.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretArguments } from '../../source/commands/flags.js';
import { BACKUP_FORMAT, serializeBackup, type ScopeBackup } from '../../source/discord/backup-format.js';
import { GLOBAL_SCOPE } from '../../source/discord/model.js';
import { redactSecretShapes } from '../../source/terminal/secret-shape.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome } from '../helpers/credentials.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';

// Discord's shape: the base64 of an id, a timestamp part, an HMAC part. Fake.
const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.fakefakefakefakefakefake0123456789AB';

const emulator = useEmulator({ seed: 'demo' });
const home = useIsolatedHome({}, 'file');

describe('a token inside a file-name argument', () => {
  it('is found with or without an extension, as a folder or file of a path, or anywhere inside a word', () => {
    for (const argument of [`${TOKEN}.json`, `./x/${TOKEN}`, `./${TOKEN}/a.json`, `C:\\bots\\${TOKEN}.json`, `backup-${TOKEN}-x.json`, `--state=${TOKEN}.json`]) {
      expect(secretArguments([argument]).some((part) => part.includes(TOKEN)), argument).toBe(true);
    }
    expect(
      secretArguments([
        'commands.v2.json',
        './backups/guild-123456789012345678-2026.json',
        '/home/ada/.local/share/cmd-tui/backups/2026-11-25T10-00-00-000Z_guild-123456789012345678_ab12cd.json',
        'C:\\Users\\ada\\AppData\\Roaming\\cmd-tui\\data\\backups\\2026-11-25T10-00-00-000Z_global_ab12cd.json',
        'src/commands/production-deploy-2026-commands.json',
        'a.b.c.json',
      ]),
    ).toEqual([]);
  });

  it.each([
    [['validate', `${TOKEN}.json`]],
    [['validate', `./commands/${TOKEN}.json`, '--json']],
    [['plan', `${TOKEN}.json`, '--guild', '1']],
    [['restore', `backups/${TOKEN}.json`]],
    [['help', `${TOKEN}.json`]],
    [[`${TOKEN}.json`]],
    [['validate', 'a.json', `--scope=${TOKEN}.json`]],
  ])('is never printed: %j', async (args) => {
    const result = await runCli(args, { env: home.env });
    expect(result.code).not.toBe(0);
    const printed = result.stdout + result.stderr;
    expect(printed).not.toContain('fakefakefake');
    expect(printed).not.toContain('MTIzNDU2Nzg5');
  });

  it('is named by its place instead, and an ordinary name is still quoted', async () => {
    const hidden = await runCli(['validate', `${TOKEN}.json`], { env: home.env });
    expect([hidden.code, hidden.stderr]).toEqual([2, 'cmd-tui validate: cannot read argument 1 after `cmd-tui validate` (not shown: it may be a secret): no such file\n']);
    const shown = await runCli(['validate', 'commands.v2.json'], { env: home.env });
    expect(shown.stderr).toContain('cannot read commands.v2.json: no such file');
    // Where a word is quoted, its place is said instead, outside the quotes.
    expect((await runCli([TOKEN], { env: home.env })).stderr).toMatch(/^cmd-tui: unknown command: argument 1 \(not shown: it may be a secret\)\. /);
    expect((await runCli(['help', TOKEN], { env: home.env })).stderr).toMatch(/^cmd-tui: no help for argument 1 \(not shown: it may be a secret\)\. /);
    expect((await runCli(['auth', TOKEN], { env: home.env })).stderr).toMatch(/^cmd-tui auth: unknown subcommand: argument 1 after `cmd-tui auth` \(not shown: it may be a secret\)\./);
    expect((await runCli(['lst'], { env: home.env })).stderr).toMatch(/^cmd-tui: unknown command "lst"\. Did you mean list\?/);
  });
});

/** Every file under `folder`, with its text. */
async function filesUnder(folder: string): Promise<Array<{ path: string; text: string }>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return Promise.all(entries.filter((entry) => entry.isFile()).map(async (entry) => ({ path: join(entry.parentPath, entry.name), text: await readFile(join(entry.parentPath, entry.name), 'utf8') })));
}

describe('a token in a line cmd-tui keeps on disk', () => {
  it('is redacted where it has a token\'s shape, and ordinary lines are kept as they are', () => {
    expect(redactSecretShapes(`apply ${TOKEN}.json`)).toBe('apply ****.json');
    expect(redactSecretShapes(`apply './bots/${TOKEN}/commands.json'`)).toBe("apply './bots/****/commands.json'");
    expect(redactSecretShapes(`apply --state=Bot ${TOKEN}`)).toBe('apply --state=Bot ****');
    for (const line of ['apply commands.v2.json', 'restore 2026-11-25T10:00:00.000Z', 'restore /home/ada/.local/share/cmd-tui/backups/2026-11-25T10-00-00-000Z_guild-123456789012345678_ab12cd.json', 'delete ping']) {
      expect(redactSecretShapes(line)).toBe(line);
    }
  });

  it('never reaches the backup, the lock, `cmd-tui backups` or its --json when a write names a token-shaped file', async () => {
    const env = { ...home.env, DISCORD_BOT_TOKEN: emulator().botToken };
    const api = ['--api', emulator().baseUrl];
    expect((await runCli(['export', '-o', 'commands.json', ...api], { env, cwd: home.home })).code).toBe(0);
    const commands = JSON.parse(await readFile(join(home.home, 'commands.json'), 'utf8')) as Array<{ description: string }>;
    commands[0]!.description = 'Changed so that apply writes, with a backup first';
    await writeFile(join(home.home, `${TOKEN}.json`), JSON.stringify(commands));
    const applied = await runCli(['apply', `${TOKEN}.json`, '--yes', ...api], { env, cwd: home.home });
    expect(applied.stderr + applied.stdout).toContain('Backup of the previous state');
    expect(applied.code).toBe(0);
    const listed = await runCli(['backups'], { env });
    const listedJson = await runCli(['backups', '--json'], { env });
    expect(listed.stdout).toContain('apply ****.json');
    expect((JSON.parse(listedJson.stdout) as Array<{ reason: string }>).map((entry) => entry.reason)).toContain('apply ****.json');
    const kept = (await filesUnder(home.home)).filter((file) => !file.path.endsWith(`${TOKEN}.json`) && !file.path.endsWith('commands.json'));
    expect(kept.filter((file) => file.text.includes('MTIzNDU2Nzg5')).map((file) => file.path)).toEqual([]);
    expect(listed.stdout + listedJson.stdout).not.toContain('MTIzNDU2Nzg5');
  });

  it('is redacted, and control characters escaped, when `cmd-tui backups` shows a reason read from a file', async () => {
    const own = await isolatedHome();
    const folder = own.environment.paths().backups;
    await mkdir(folder, { recursive: true });
    const backup: ScopeBackup = { format: BACKUP_FORMAT, version: 1, createdAt: '2026-11-25T10:00:00.000Z', reason: `apply ${TOKEN}.json \u001b]52;c;aGk=\u0007`, applicationId: '1', scope: GLOBAL_SCOPE, commands: [], permissions: [] };
    await writeFile(join(folder, '2026-11-25T10-00-00-000Z_global_ab12cd.json'), serializeBackup(backup));
    const listed = await runCli(['backups'], { env: own.env });
    const listedJson = await runCli(['backups', '--json'], { env: own.env });
    expect(listed.stdout).toContain('apply ****.json \\x1b]52;c;aGk=\\x07');
    expect((JSON.parse(listedJson.stdout) as Array<{ reason: string }>)[0]!.reason).toBe('apply ****.json \\x1b]52;c;aGk=\\x07');
    expect(listed.stdout + listedJson.stdout).not.toContain('MTIzNDU2Nzg5');
  });
});
