import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport, Finding } from '../../source/discord/audit.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { useEmulator } from '../helpers/emulator.js';
import { signInAdmin } from './restore-fixture.js';
import { runCommand } from './run-command.js';

const emulator = useEmulator({ seed: 'demo' });
let home: IsolatedHome;
let report: AuditReport;
let code: number;

beforeAll(async () => {
  home = await isolatedHome({ DISCORD_BOT_TOKEN: emulator().botToken });
  const result = await runCommand('audit', ['--all-guilds', '--json', '--api', emulator().baseUrl], home.env);
  code = result.code;
  report = JSON.parse(result.stdout) as AuditReport;
});
afterAll(() => home.cleanup());

const findings = (): Finding[] => [...report.global.findings, ...report.guilds.flatMap((guild) => guild.findings)];
const find = (kind: Finding['kind'], commandName: string) => findings().filter((f) => f.kind === kind && f.commandName === commandName);

describe('audit --all-guilds on the demo data finds every seeded problem', () => {
  const [hq, , cozy] = [0, 1, 2].map((index) => () => emulator().guildIds[index] as string) as [() => string, () => string, () => string];

  it('exits 1 because there are warnings and errors', () => {
    expect(code).toBe(1);
    expect(report.totals.error + report.totals.warning).toBeGreaterThan(0);
  });

  it('the guild /ping duplicating the global /ping (ghost duplicate)', () => {
    expect(find('ghost-duplicate', 'ping')).toMatchObject([{ guildId: hq(), severity: 'warning' }]);
  });

  it('admin-only commands: the global /config everywhere, /deploy in HQ', () => {
    expect(find('admin-only', 'config').map((f) => f.guildId).sort()).toEqual(emulator().guildIds.slice(0, 3).sort());
    expect(find('admin-only', 'deploy')).toMatchObject([{ guildId: hq() }]);
  });

  it('the overwrite on /ban pointing at a deleted role', () => {
    expect(find('deleted-role', 'ban')).toMatchObject([{ guildId: hq(), severity: 'warning' }]);
  });

  it('the overwrite on /mod-tools pointing at a channel the bot cannot see, worded as hidden or deleted', () => {
    const [hidden] = find('hidden-or-deleted-channel', 'mod-tools');
    expect(hidden?.message).toMatch(/hidden or deleted channel \d+/);
  });

  it('the stored command that breaks today\'s rules (an uppercase name)', () => {
    const problems = find('validation', 'TeaTime');
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((f) => f.guildId === cozy())).toBe(true);
    expect(problems.some((f) => f.severity === 'error' && /lowercase/i.test(f.message))).toBe(true);
  });

  it('counts against the caps and the guilds that hold guild commands', () => {
    expect(report.global.counts.find((c) => c.type === 'PRIMARY_ENTRY_POINT')).toEqual({ type: 'PRIMARY_ENTRY_POINT', count: 1, cap: 1 });
    expect(report.guildsWithCommands.sort()).toEqual(emulator().guildIds.slice(0, 3).sort());
    expect(report.guilds.find((g) => g.guildId === hq())?.globalVisible).toBeGreaterThan(0);
  });
});

describe('audit output', () => {
  it('--markdown is a report to paste into an issue', async () => {
    const result = await runCommand('audit', ['--guild', emulator().guildIds[0] as string, '--markdown', '--api', emulator().baseUrl], home.env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^# Command audit of application `\d+`/);
    expect(result.stdout).toContain('| Severity | Finding | Command | Details | What to do |');
    expect(result.stdout).toContain('ghost-duplicate');
  });

  it('text output for the global scope alone says how to include guilds', async () => {
    const result = await runCommand('audit', ['--api', emulator().baseUrl], home.env);
    expect(result.stdout).toMatch(/^Audit of application \d+: \d+ errors/);
    expect(result.stderr).toContain('--all-guilds');
  });

  it('with a signed-in user, audits only the user\'s guilds the app is installed in', async () => {
    const signedIn = await isolatedHome({ DISCORD_BOT_TOKEN: emulator().botToken });
    await signInAdmin(emulator(), signedIn.env);
    const result = await runCommand('audit', ['--all-guilds', '--json', '--api', emulator().baseUrl], signedIn.env);
    const audited = (JSON.parse(result.stdout) as AuditReport).guilds.map((guild) => guild.guildId);
    expect(audited).not.toContain(emulator().seeded.uninstalledGuildId);
    expect(audited.sort()).toEqual(emulator().guildIds.slice(0, 3).sort());
    expect(findings().filter((f) => f.kind === 'no-access')).toEqual([]);
  });

  it('rejects --guild with --all-guilds as a usage error', async () => {
    const result = await runCommand('audit', ['--guild', '1', '--all-guilds', '--api', emulator().baseUrl], home.env);
    expect(result.code).toBe(2);
  });
});
