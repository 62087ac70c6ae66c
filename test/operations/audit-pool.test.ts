/** One bounded pool of guilds for every audit (the CLI's and the TUI's): never more in flight than it allows, every guild told once. */
import { describe, expect, it } from 'vitest';
import { factsOf } from '../../source/discord/app-facts.js';
import { auditGuilds, guildsInFlight } from '../../source/operations/audit.js';
import { APP_ID, FakeApi } from '../ui/helpers/fake-api.js';

describe('auditGuilds', () => {
  it('keeps at most guildsInFlight guilds in flight and tells each guild once', async () => {
    const api = new FakeApi();
    let inFlight = 0;
    let most = 0;
    api.listGuildPermissions = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return [];
    };
    const guilds = Array.from({ length: 40 }, (_, index) => ({ id: String(900000000000000000n + BigInt(index)), name: `Guild ${index}` }));
    const told: number[] = [];
    await auditGuilds(api, guilds, [], factsOf({ id: APP_ID, name: 'Test App', flags: 0 }, APP_ID), (_, index) => told.push(index));
    expect(most).toBe(guildsInFlight(api.maxRequestsPerSecond));
    expect(told.sort((a, b) => a - b)).toEqual(guilds.map((_, index) => index));
  });
});
