/**
 * Writes reported as they happened, through the built binary: two `perms set` racing on one command
 * never both report a change that is not there; a relabelled backup is refused; a failed `--json`
 * command still prints a JSON document; a closed pipe ends quietly; a create the daily-creates ledger
 * cannot record is still reported as made.
 */
import { closeSync, existsSync, openSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { defaultStores, updateStoredCredentials } from '../../source/auth/credentials.js';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { startProxy } from '../helpers/proxy.js';
import { useFreshEmulatorAndHome } from './emulator-requests.js';
import { readEnvironment } from '../../source/config/environment.js';

const emulator = useEmulator({ seed: 'demo' });
const home = useFreshEmulatorAndHome(emulator);

const api = () => ['--api', emulator().baseUrl];
const PERMISSIONS_SCOPES = ['applications.commands.permissions.update', 'identify', 'guilds'];

describe('writes are reported as they happened', () => {
  it('two perms set racing on one command ×10: every reported change is there', { timeout: 120_000 }, async () => {
    const { baseUrl, applicationId, botToken, userToken, guildIds, seeded } = emulator();
    await updateStoredCredentials(defaultStores(readEnvironment(home().env, process.platform)), baseUrl, applicationId, () => ({ botToken, user: { accessToken: userToken, scopes: PERMISSIONS_SCOPES } }));
    const guild = guildIds[0]!;
    let lost = 0;
    let reported = 0;
    for (let round = 0; round < 10; round++) {
      const targets = [`user:${seeded.adminUserId}`, `user:${seeded.memberUserId}`];
      const runs = await Promise.all(
        targets.map((target, index) =>
          runCli(['perms', 'set', '--guild', guild, '--command', 'ban', index === round % 2 ? '--allow' : '--deny', target, '--yes', '--json', ...api()], { env: home().env }),
        ),
      );
      const listing = await runCli(['perms', 'list', '--guild', guild, '--command', 'ban', '--json', ...api()], { env: home().env });
      expect(listing.code, `${listing.stderr}\n${runs.map((r) => r.stderr).join('\n')}`).toBe(0);
      const listed = JSON.parse(listing.stdout) as { entries: { overwrites: { id: string; permission: boolean }[] }[] };
      const now = listed.entries[0]?.overwrites ?? [];
      runs.forEach((result, index) => {
        const id = targets[index]!.split(':')[1];
        const wanted = index === round % 2;
        const there = now.some((overwrite) => overwrite.id === id && overwrite.permission === wanted);
        if (result.code === 0) reported += 1;
        if (result.code === 0 && !there) lost += 1;
        expect([0, 1]).toContain(result.code);
      });
    }
    expect(lost).toBe(0);
    // The lock lets one through first and the other sees the list it changed: most rounds save both.
    expect(reported).toBeGreaterThanOrEqual(10);
  });

  it('restore refuses a backup whose commands contradict its scope', async () => {
    const { botToken, guildIds } = emulator();
    const env = { ...home().env, DISCORD_BOT_TOKEN: botToken };
    const file = join(home().home, 'commands.json');
    await writeFile(file, JSON.stringify([{ name: 'tmp', description: 'Temporary', type: 1 }]));
    expect((await runCli(['apply', file, '--guild', guildIds[1]!, '--yes', ...api()], { env })).code).toBe(0);
    const backups = JSON.parse((await runCli(['backups', '--json'], { env })).stdout) as { path: string }[];
    const path = backups.at(-1)!.path;
    const backup = JSON.parse(await readFile(path, 'utf8')) as { scope: unknown };
    backup.scope = { kind: 'global' };
    const relabelled = join(home().home, 'relabelled.json');
    await writeFile(relabelled, JSON.stringify(backup));
    const result = await runCli(['restore', relabelled, '--yes', ...api()], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/contradicts itself: the command "\w+" is a command of guild \d+, but the backup says it is of the global scope/);
  });

  it('a failed --json command prints one JSON document; a usage error too', async () => {
    const failed = await runCli(['list', '--json', '--api', 'http://127.0.0.1:9/api/v10'], { env: { ...home().env, DISCORD_BOT_TOKEN: emulator().botToken } });
    expect(failed.code).toBe(5);
    expect(JSON.parse(failed.stdout)).toMatchObject({ error: { message: expect.stringContaining('failed') }, exitCode: 5 });
    const usage = await runCli(['plan', '--json'], { env: home().env });
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stdout)).toMatchObject({ error: { message: expect.stringContaining('missing') }, exitCode: 2 });
  });

  it('a closed pipe ends the command quietly', async () => {
    const output = await new Promise<string>((resolve) => {
      const child = spawn('/bin/sh', ['-c', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_PATH)} list --api ${emulator().baseUrl} | head -1`], { env: { ...home().env, DISCORD_BOT_TOKEN: emulator().botToken } });
      let text = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      child.on('close', () => resolve(text));
    });
    expect(output).not.toMatch(/EPIPE|\n\s+at /);
  });

  it.runIf(existsSync('/dev/full'))('a full standard output is said in a line with exit 6, for every command alike', async () => {
    for (const args of [['version'], ['--version'], ['--help'], ['backups'], ['completion', 'bash'], ['export', '-o', '-', '--api', emulator().baseUrl]]) {
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
        const full = openSync('/dev/full', 'w');
        const child = spawn(process.execPath, [CLI_PATH, ...args], { env: { ...home().env, DISCORD_BOT_TOKEN: emulator().botToken }, stdio: ['ignore', full, 'pipe'] });
        closeSync(full);
        let stderr = '';
        child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stderr }));
      });
      expect([args.join(' '), result.code, result.stderr]).toEqual([args.join(' '), 6, 'cmd-tui: could not write to standard output: no space left on the device.\n']);
    }
  });

  it('a create the ledger cannot record is reported as made, with a warning naming the file', async () => {
    const env = { ...home().env, DISCORD_BOT_TOKEN: emulator().botToken };
    await mkdir(join(home().home, 'data', 'daily-creates.json.lock'), { recursive: true });
    await chmod(join(home().home, 'data'), 0o500);
    try {
      const file = join(home().home, 'one.json');
      await writeFile(file, JSON.stringify([{ name: 'counted', description: 'Created once', type: 1 }]));
      const result = await runCli(['apply', file, '--guild', emulator().guildIds[2]!, '--yes', ...api()], { env });
      expect(result.stdout).toContain('created /counted');
    } finally {
      await chmod(join(home().home, 'data'), 0o700);
    }
  });

  it('an apply --json that Discord stops part-way says what was applied and where the backup is', async () => {
    // A proxy in front of the emulator refuses the second create, as Discord would on a lost permission.
    let creates = 0;
    const proxy = await startProxy(emulator().baseUrl, (request, response) => {
      if (request.method !== 'POST' || !/\/commands$/.test(request.url ?? '') || ++creates !== 2) return false;
      response.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Missing Access', code: 50001 }));
      return true;
    });
    try {
      const file = join(home().home, 'two.json');
      await writeFile(file, JSON.stringify([{ name: 'first', description: 'Made', type: 1 }, { name: 'second', description: 'Refused', type: 1 }]));
      const env = { ...home().env, DISCORD_BOT_TOKEN: emulator().botToken };
      const result = await runCli(['apply', file, '--guild', emulator().guildIds[2]!, '--yes', '--json', '--api', proxy.baseUrl], { env });
      expect(result.code).toBe(1);
      const report = JSON.parse(result.stdout) as { applied: boolean; backup: string; steps: { kind: string; command: { name: string } }[]; error: { message: string }; exitCode: number };
      expect(report).toMatchObject({ applied: false, exitCode: 1, error: { message: expect.stringContaining('Stopped after 1 of 2 changes') } });
      expect(report.steps.map((step) => `${step.kind} ${step.command.name}`)).toEqual(['create first']);
      expect(JSON.parse(await readFile(report.backup, 'utf8'))).toMatchObject({ scope: { kind: 'guild', guildId: emulator().guildIds[2] } });
    } finally {
      await proxy.close();
    }
  });

  describe('perms set reads the list back: a writer elsewhere saving right after ours', () => {
    /** The proxy lets our PUT through, then saves `theirs(list)` as the other writer before answering. */
    async function racedSet(theirs: (list: unknown[]) => unknown[]) {
      const { baseUrl, applicationId, botToken, userToken, guildIds, seeded } = emulator();
      const proxy = await startProxy(baseUrl, async (request, response, body) => {
        if (request.method !== 'PUT' || !request.url?.includes('/permissions')) return false;
        const ours = await proxy.forward(request, body);
        const sent = (JSON.parse(body.toString()) as { permissions: unknown[] }).permissions;
        await proxy.forward(request, Buffer.from(JSON.stringify({ permissions: theirs(sent) })));
        response.writeHead(ours.status, ours.headers).end(ours.body);
        return true;
      });
      await updateStoredCredentials(defaultStores(readEnvironment(home().env, process.platform)), proxy.baseUrl, applicationId, () => ({ botToken, user: { accessToken: userToken, scopes: PERMISSIONS_SCOPES } }));
      try {
        return await runCli(['perms', 'set', '--guild', guildIds[0]!, '--command', 'ban', '--allow', `user:${seeded.memberUserId}`, '--yes', '--json', '--api', proxy.baseUrl], { env: home().env });
      } finally {
        await proxy.close();
      }
    }

    it('undid our change: exit 1, the undone change named, nothing else reported lost', async () => {
      const result = await racedSet((sent) => sent.filter((overwrite) => (overwrite as { id: string }).id !== emulator().seeded.memberUserId));
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/a save elsewhere undid part of it right after \(another writer\?\): \+ allow user .+ is not on Discord now\./);
      const report = JSON.parse(result.stdout) as { applied: boolean; undone: { kind: string; id: string }[] };
      expect(report).toMatchObject({ applied: false, undone: [{ kind: 'added', id: emulator().seeded.memberUserId }] });
    });

    it('added its own overwrite beside ours: ours is there, so it is saved', async () => {
      const result = await racedSet((sent) => [...sent, { id: emulator().seeded.adminUserId, type: 2, permission: false }]);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ applied: true });
    });
  });
});
