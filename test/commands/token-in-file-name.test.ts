/**
 * A token pasted into a file name (`cmd-tui validate <token>.json`, a folder named after one) is never
 * echoed: the file-not-found message, "Did you mean", a usage error and `--json` all name the argument by
 * position instead, through the built binary. Ordinary file names are still quoted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretArguments } from '../../source/commands/flags.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';

// Discord's shape: the base64 of an id, a timestamp part, an HMAC part. Fake.
const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.fakefakefakefakefakefake0123456789AB';

let home: IsolatedHome;
beforeAll(async () => {
  home = await isolatedHome();
});
afterAll(async () => {
  await home.cleanup();
});

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
  });
});
