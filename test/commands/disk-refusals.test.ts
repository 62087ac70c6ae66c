/**
 * Settings and secrets on a disk that refuses them — full (ENOSPC) or read-only (EROFS), on a real small
 * tmpfs — exit 6 with the folder named and what to do, `--json` included, and store nothing: never
 * "unexpected failure" with exit 2. Through the built binary.
 */
import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, type TestContext } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { mountSmallDisk, type SmallDisk } from '../helpers/small-disk.js';
import { tempFolder } from '../helpers/temp-folder.js';

const emulator = useEmulator({ seed: 'demo' });

let root: string;
let disk: SmallDisk | undefined;
beforeEach(() => {
  root = tempFolder('cmd-tui-disk-');
});
// Before the folder it is mounted in goes (a test's temporary folders go after its afterEach hooks).
afterEach(() => {
  disk?.unmount();
  disk = undefined;
});

function env(): NodeJS.ProcessEnv {
  return { CMD_TUI_HOME: root, CMD_TUI_SECRET_STORE: 'file', DISCORD_BOT_TOKEN: '', DISCORD_CLIENT_ID: '', DISCORD_CLIENT_SECRET: '', CMD_TUI_PROFILE: '', XDG_CONFIG_HOME: '', XDG_DATA_HOME: '' };
}

async function smallDiskAt(folder: string, context: TestContext): Promise<SmallDisk> {
  disk = await mountSmallDisk(folder);
  if (!disk) context.skip('mounting a small tmpfs needs root on Linux');
  return disk!;
}

describe('the settings folder on a disk that refuses', () => {
  it.for([
    ['full', 'no space left on the device', 'Free some space on the disk that holds'],
    ['read-only', 'read-only file system', 'a read-only mount needs remounting'],
  ] as const)('%s: profile add exits 6 naming the folder and the fix', async ([kind, reason, fix], context) => {
    const config = join(root, 'config');
    const small = await smallDiskAt(config, context);
    if (kind === 'full') await small.fill();
    else small.readOnly();
    for (const json of [[], ['--json']]) {
      const result = await runCli(['profile', 'add', 'dev', ...json], { env: env() });
      expect(result.code, result.stderr).toBe(6);
      expect(result.stderr).toContain(`cmd-tui cannot write in ${config} (${reason}); nothing was stored there.`);
      expect(result.stderr).toContain(fix);
      expect(result.stderr).not.toMatch(/unexpected failure|\n\s+at /);
      if (json.length > 0) expect(JSON.parse(result.stdout)).toMatchObject({ exitCode: 6, error: { message: expect.stringContaining(config) } });
    }
    expect(existsSync(join(config, 'settings.json'))).toBe(false);
  });
});

describe('the secrets file on a full disk', () => {
  it('set-bot-token exits 6 naming the data folder, and stores neither the token nor its application', async (context) => {
    const data = join(root, 'data');
    const small = await smallDiskAt(data, context);
    await small.fill();
    const result = await runCli(['auth', 'set-bot-token', '--api', emulator().baseUrl], { env: env(), input: `${emulator().botToken}\n` });
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toContain(`cmd-tui cannot write in ${data} (no space left on the device); nothing was stored there.`);
    expect(result.stderr).not.toContain(emulator().botToken);
    expect((await readdir(data)).filter((name) => name !== 'filler')).toEqual([]);
    expect(existsSync(join(root, 'config', 'settings.json'))).toBe(false);
  });
});

describe("cmd-tui's folders to be made under a read-only folder", () => {
  // Node's recursive mkdir says ENOENT there: the real cause is found and told, never "unexpected failure".
  it('set-bot-token, profile add and apply exit 6 naming that folder, on the first run', async (context) => {
    const readOnly = join(root, 'mnt');
    const small = await smallDiskAt(readOnly, context);
    small.readOnly();
    const xdg = { ...env(), CMD_TUI_HOME: '', XDG_CONFIG_HOME: readOnly, XDG_DATA_HOME: readOnly, XDG_STATE_HOME: readOnly, XDG_CACHE_HOME: readOnly };
    const commands = join(root, 'commands.json');
    await writeFile(commands, JSON.stringify([{ name: 'ping', description: 'Replies with pong', type: 1 }]));
    const runs = [
      await runCli(['auth', 'set-bot-token', '--api', emulator().baseUrl], { env: xdg, input: `${emulator().botToken}\n` }),
      await runCli(['profile', 'add', 'dev'], { env: xdg }),
      await runCli(['apply', commands, '--guild', emulator().guildIds[2]!, '--yes', '--api', emulator().baseUrl], { env: { ...xdg, DISCORD_BOT_TOKEN: emulator().botToken } }),
    ];
    for (const result of runs) {
      expect(result.code, result.stderr).toBe(6);
      expect(result.stderr).toContain(`cannot write in ${readOnly} (read-only file system)`);
      expect(result.stderr).not.toMatch(/unexpected failure|ENOENT|\n\s+at /);
    }
  });
});
