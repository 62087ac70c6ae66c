import { describe, expect, it } from 'vitest';
import type { AuditReport } from '../../source/discord/audit.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { requestLog } from './emulator-requests.js';
import { runCommand } from './run-command.js';

// Discord-like limits (50 requests/s global, per-route buckets): the audit must pace itself, not hit them.
const emulator = useEmulator({ seed: 'demo', extraGuilds: 200, rateLimits: 'discord' });
const home = useIsolatedHome(() => ({ DISCORD_BOT_TOKEN: emulator().botToken }), 'file');

describe('audit --all-guilds at scale', () => {
  it('audits 200 extra guilds with zero 429s', async () => {
    const result = await runCommand('audit', ['--all-guilds', '--json', '--api', emulator().baseUrl], home.env);
    const report = JSON.parse(result.stdout) as AuditReport;
    // GET /users/@me/guilds answers at most 200 guilds per page (the client reads the first page).
    expect(report.guilds.length).toBeGreaterThanOrEqual(200);
    const scale = report.guilds.filter((guild) => guild.guildName.startsWith('Scale Test'));
    expect(scale.length).toBeGreaterThan(190);
    expect(scale.every((guild) => guild.guildCommands.length === 3)).toBe(true);
    // /local-admin is "0" but its moderator overwrite lets them in; the global /config has none anywhere.
    const adminOnly = scale.flatMap((guild) => guild.findings.filter((f) => f.kind === 'admin-only').map((f) => f.commandName));
    expect(new Set(adminOnly)).toEqual(new Set(['config']));
    const log = await requestLog(emulator());
    expect(log.length).toBeGreaterThan(400);
    expect(log.filter((entry) => entry.status === 429)).toEqual([]);
  }, 120_000);
});
