/**
 * The audit's fix hints run as written: the commands a hint names, with the ids it fills in, remove the
 * finding (a deleted role's overwrite; a ghost duplicate's guild copy, by export, edit, apply --prune).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, afterEach, expect, it } from 'vitest';
import type { AuditReport, Finding } from '../../source/discord/audit.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { useEmulator } from '../helpers/emulator.js';
import { resetEmulator } from './emulator-requests.js';
import { signInAdmin } from './restore-fixture.js';

const emulator = useEmulator({ seed: 'demo' });
let home: IsolatedHome;
beforeEach(async () => {
  await resetEmulator(emulator());
  home = await isolatedHome({ DISCORD_BOT_TOKEN: emulator().botToken });
  await signInAdmin(emulator(), home.env);
});
afterEach(() => home.cleanup());

const api = () => ['--api', emulator().baseUrl, '--app', emulator().applicationId];

async function auditFinding(kind: Finding['kind'], commandName: string): Promise<Finding | undefined> {
  const result = await runCli(['audit', '--guild', emulator().guildIds[0]!, '--json', ...api()], { env: home.env });
  const report = JSON.parse(result.stdout) as AuditReport;
  return report.guilds.flatMap((guild) => guild.findings).find((finding) => finding.kind === kind && finding.commandName === commandName);
}

/** The `cmd-tui …` commands a hint names, in order, as argument lists. */
function hintCommands(hint: string): string[][] {
  return [...hint.matchAll(/cmd-tui ([^,()]+?)(?=,| \(|\)|$)/g)].map((match) => match[1]!.trim().split(/\s+/));
}

async function run(args: string[]) {
  const result = await runCli([...args, ...api()], { env: home.env, cwd: home.home });
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
}

it('a deleted role: the hint\'s perms set --remove removes that overwrite', { timeout: 60_000 }, async () => {
  const finding = await auditFinding('deleted-role', 'ban');
  const commands = hintCommands(finding!.hint!);
  expect(commands).toHaveLength(1);
  await run(commands[0]!);
  expect(await auditFinding('deleted-role', 'ban')).toBeUndefined();
});

it('a ghost duplicate: export, remove it from the file, apply --prune deletes the guild copy alone', { timeout: 60_000 }, async () => {
  const finding = await auditFinding('ghost-duplicate', 'ping');
  const [exported, applied] = hintCommands(finding!.hint!);
  await run(exported!);
  const file = join(home.home, exported!.at(-1)!);
  const commands = JSON.parse(await readFile(file, 'utf8')) as { name: string }[];
  await writeFile(file, JSON.stringify(commands.filter((command) => command.name !== 'ping')));
  await run([...applied!, '--yes']);
  expect(await auditFinding('ghost-duplicate', 'ping')).toBeUndefined();
  expect(await auditFinding('deleted-role', 'ban')).toBeDefined();
});
