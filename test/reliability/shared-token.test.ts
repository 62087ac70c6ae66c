/**
 * `cmd-tui audit --all-guilds` (the built binary) while the bot itself spends the same token at
 * 20 requests/s: the audit finishes, reports its 429s, and keeps them at or under 1% of its requests.
 * The short version; `npm run soak` runs 500 guilds.
 */
import { describe, expect, it } from 'vitest';
import { runSharedTokenAudit } from './shared-token.js';

const GUILDS = 100;

describe('an audit on a token shared with a running bot', () => {
  it(`audits ${GUILDS} guilds with ≤ 1% of its requests answered 429, and says so`, { timeout: 120_000 }, async () => {
    const figures = await runSharedTokenAudit({ guilds: GUILDS, neighbourPerSecond: 20 });
    // The demo seed has findings: exit 1 is "problems found", not a failure.
    expect(figures.exitCode, figures.stderr).toBe(1);
    expect(figures.audited).toBe(GUILDS);
    // The neighbour did share the limit: the client met it and slowed down.
    expect(figures.reported.globalRateLimited).toBeGreaterThan(0);
    expect(figures.reported.pacePerSecond).toBeLessThan(50);
    expect(figures.rateLimited).toBeLessThanOrEqual(figures.requests / 100);
    // What the audit reports is what the server saw.
    expect(figures.reported).toMatchObject({ requests: figures.requests, rateLimited: figures.rateLimited });
    expect(figures.stderr).toContain(
      `Discord rate-limited ${figures.rateLimited} of ${figures.requests} requests (429), each waited out and sent again; ${figures.reported.globalRateLimited} met the bot token's global limit, which something else is also using, so cmd-tui slowed from 50 to ${figures.reported.pacePerSecond} requests/s for the rest of the run.`,
    );
    expect(figures.stderr).not.toMatch(/\n\s+at /);
  });
});
