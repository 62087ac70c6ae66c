/** `audit --all-guilds --json-lines` streams a line per guild then a summary; `--max-rps` paces the client. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { useEmulator } from '../helpers/emulator.js';
import { requestLog } from './emulator-requests.js';

const emulator = useEmulator({ seed: 'demo', extraGuilds: 40, rateLimits: 'discord' });
const home = useIsolatedHome({ DISCORD_BOT_TOKEN: '' });

describe('audit at scale', () => {
  it('--json-lines: the global line, one line per guild as it finishes, then the summary', { timeout: 60_000 }, async () => {
    const result = await runCli(['audit', '--all-guilds', '--json-lines', '--api', emulator().baseUrl], { env: { ...home.env, DISCORD_BOT_TOKEN: emulator().botToken } });
    const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ scope: 'global', applicationId: emulator().applicationId });
    const guilds = lines.filter((line) => line.scope === 'guild');
    expect(guilds.length).toBe(43);
    expect(new Set(guilds.map((line) => line.guildId)).size).toBe(43);
    const summary = lines.at(-1)!.summary as { audited: number; totals: { warning: number } };
    expect(summary.audited).toBe(43);
    expect(summary.totals.warning).toBeGreaterThan(0);
    expect(result.code).toBe(1);
  });

  it('--max-rps is checked, and a raised pace against a raised limit sends no request into a 429', { timeout: 60_000 }, async () => {
    expect((await runCli(['audit', '--all-guilds', '--max-rps', '0', '--api', emulator().baseUrl], { env: home.env })).code).toBe(2);
    const before = (await requestLog(emulator())).length;
    const paced = await runCli(['list', '--max-rps', '40', '--api', emulator().baseUrl], { env: { ...home.env, DISCORD_BOT_TOKEN: emulator().botToken } });
    expect(paced.code).toBe(0);
    expect((await requestLog(emulator())).slice(before).filter((request) => request.status === 429)).toEqual([]);
  });
});
