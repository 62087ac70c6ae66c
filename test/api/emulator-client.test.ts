/**
 * The client against the emulator over real HTTP: a full command round trip, Discord-like rate
 * limits over 2,000 requests, and injected faults (5xx, resets) without duplicate or lost writes.
 */
import { describe, expect, it } from 'vitest';
import { createDiscordApi } from '../../source/api/client.js';
import { systemClock, type Clock } from '../../source/api/clock.js';
import { InvalidRequestGuard } from '../../source/api/invalid-request-guard.js';
import { answererOf } from '../../source/api/target.js';
import { guildScope } from '../../source/discord/model.js';
import { startEmulator, type RunningEmulator } from '../../source/emulator/server.js';
import { callControl } from '../helpers/emulator-control.js';

interface Logged {
  method: string;
  path: string;
  status: number;
  time: string;
  fault?: string;
}
const requestLog = async (emulator: RunningEmulator) => (await callControl(emulator, 'GET', '/__emulator/requests')).body as Logged[];

async function withEmulator<T>(options: Parameters<typeof startEmulator>[0], body: (emulator: RunningEmulator) => Promise<T>): Promise<T> {
  const emulator = await startEmulator(options);
  try {
    return await body(emulator);
  } finally {
    await emulator.close();
  }
}

describe('DiscordApi against the emulator', () => {
  it('creates, edits, lists and deletes a guild command with the bot token; every path is /api/v10', async () => {
    await withEmulator({ rateLimits: 'off' }, async (emulator) => {
      const api = await createDiscordApi({ baseUrl: emulator.baseUrl, credentials: { botToken: emulator.botToken } });
      expect(api.applicationId).toBe(emulator.applicationId);
      const scope = guildScope(emulator.guildIds[0]!);
      const { command, created } = await api.createCommand(scope, { name: 'roundtrip', description: 'first' });
      expect(created).toBe(true);
      expect((await api.editCommand(scope, command.id, { description: 'second' })).description).toBe('second');
      expect((await api.listCommands(scope)).filter((c) => c.name === 'roundtrip')).toHaveLength(1);
      await api.deleteCommand(scope, command.id);
      expect((await api.listCommands(scope)).some((c) => c.name === 'roundtrip')).toBe(false);
      const log = await requestLog(emulator);
      expect(log.every((entry) => entry.path.startsWith('/api/v10/'))).toBe(true);
    });
  });

  it('names the emulator by its address when it refuses, never as Discord', async () => {
    await withEmulator({ rateLimits: 'off' }, async (emulator) => {
      const api = await createDiscordApi({ baseUrl: emulator.baseUrl, credentials: { botToken: emulator.botToken } });
      const refused = await api.getCommand(guildScope(emulator.guildIds[0]!), '1').catch((error: unknown) => error as Error);
      expect(refused.message).toMatch(new RegExp(`^The API at ${emulator.baseUrl.replace(/[.]/g, '\\.')} answered 404 to GET /applications/\\d+/guilds/\\d+/commands/1: `));
      expect(refused.message).not.toContain('Discord answered');
    });
    expect(answererOf('https://discord.com/api/v10')).toBe('Discord');
    expect(answererOf('https://canary.discord.com/api/v9')).toBe('Discord');
    expect(answererOf('https://proxy.example/api/v10?key=secret')).toBe('the API at https://proxy.example/api/v10');
  });

  it("lists every page of the bot's guilds, and the bot's rather than the user's when both are signed in", async () => {
    await withEmulator({ rateLimits: 'off', extraGuilds: 250 }, async (emulator) => {
      const user = { accessToken: emulator.userToken, scopes: ['identify', 'guilds', 'applications.commands.permissions.update'] };
      const both = await createDiscordApi({ baseUrl: emulator.baseUrl, credentials: { botToken: emulator.botToken, user } });
      const guilds = await both.listCurrentUserGuilds();
      expect(guilds.length).toBeGreaterThan(250);
      expect(new Set(guilds.map((guild) => guild.id)).size).toBe(guilds.length);
      expect(guilds.map((guild) => guild.id)).toEqual(expect.arrayContaining(emulator.guildIds));
      const pages = (await requestLog(emulator)).filter((entry) => entry.path.startsWith('/api/v10/users/@me/guilds'));
      expect(pages.length).toBe(Math.ceil((guilds.length + 1) / 200));
      expect(pages.every((entry) => (entry as Logged & { auth: string }).auth === 'bot')).toBe(true);
    });
  });

  it('lists a page of members and searches them by name with the bot token; a member carries their timeout', async () => {
    await withEmulator({ rateLimits: 'off' }, async (emulator) => {
      const api = await createDiscordApi({ baseUrl: emulator.baseUrl, credentials: { botToken: emulator.botToken } });
      const guildId = emulator.guildIds[0]!;
      const page = await api.listGuildMembers(guildId, { limit: 3 });
      expect(page).toHaveLength(3);
      const rest = await api.listGuildMembers(guildId, { limit: 1000, after: page.at(-1)!.user!.id });
      expect([...page, ...rest].map((m) => m.user?.username)).toEqual(expect.arrayContaining(['ada', 'milo', 'rin', 'sam', 'kai']));
      expect((await api.searchGuildMembers(guildId, 'mil', 10)).map((m) => [m.user?.username, m.nick])).toEqual([['milo', 'Milo (mod)']]);
      const [kai] = await api.searchGuildMembers(guildId, 'kai', 1);
      expect(Date.parse(kai?.communication_disabled_until ?? '')).toBeGreaterThan(Date.now());
    });
  });

  it('learns the application id and reuses that answer for the first getApplication (one request at start, fresh ones after)', async () => {
    await withEmulator({ rateLimits: 'off' }, async (emulator) => {
      const api = await createDiscordApi({ baseUrl: emulator.baseUrl, credentials: { botToken: emulator.botToken } });
      expect((await api.getApplication()).id).toBe(emulator.applicationId);
      const reads = async () => (await requestLog(emulator)).filter((entry) => entry.path === '/api/v10/applications/@me').length;
      expect(await reads()).toBe(1);
      await api.getApplication();
      expect(await reads()).toBe(2);
    });
  });

  it('works with client credentials alone (token fetched once, never a user token on command routes)', async () => {
    await withEmulator({ rateLimits: 'off' }, async (emulator) => {
      const api = await createDiscordApi({ baseUrl: emulator.baseUrl, credentials: { clientCredentials: { clientId: emulator.clientId, clientSecret: emulator.clientSecret } } });
      await Promise.all(emulator.guildIds.map((guildId) => api.listCommands(guildScope(guildId))));
      expect((await requestLog(emulator)).filter((entry) => entry.path.endsWith('/oauth2/token'))).toHaveLength(1);
    });
  });

  it('sends 2,000 requests under Discord-like limits: 0 429s, never more than 50 in any 1-second window (A2, A3)', { timeout: 120_000 }, async () => {
    await withEmulator({ rateLimits: 'discord' }, async (emulator) => {
      const api = await createDiscordApi({ baseUrl: emulator.baseUrl, credentials: { botToken: emulator.botToken }, invalidRequestGuard: new InvalidRequestGuard() });
      const scopes = emulator.guildIds.map((guildId) => guildScope(guildId));
      const started = performance.now();
      await Promise.all(Array.from({ length: 2000 }, (_, i) => api.listCommands(scopes[i % scopes.length]!)));
      const seconds = (performance.now() - started) / 1000;
      const log = (await requestLog(emulator)).filter((entry) => entry.path.endsWith('/commands'));
      expect(log).toHaveLength(2000);
      expect(log.filter((entry) => entry.status === 429)).toHaveLength(0);
      const times = log.map((entry) => Date.parse(entry.time)).sort((a, b) => a - b);
      let most = 0;
      for (let start = 0, end = 0; end < times.length; end += 1) {
        while (times[end]! - times[start]! >= 1000) start += 1;
        most = Math.max(most, end - start + 1);
      }
      expect(most).toBeLessThanOrEqual(50);
      expect(2000 / seconds).toBeGreaterThanOrEqual(40);
    });
  });

  it('under injected 5xx and connection resets: no duplicate creates, no lost edits or deletes', { timeout: 120_000 }, async () => {
    await withEmulator({ rateLimits: 'off', faults: '500:0.08,503:0.08,reset:0.08,seed:11' }, async (emulator) => {
      // Real time, but backoff waits of at most 5 ms: the test is about outcomes, not about waiting.
      const quickRetries: Clock = { now: systemClock.now, sleep: (ms) => systemClock.sleep(Math.min(ms, 5)) };
      const api = await createDiscordApi({
        baseUrl: emulator.baseUrl,
        applicationId: emulator.applicationId,
        credentials: { botToken: emulator.botToken },
        clock: quickRetries,
        invalidRequestGuard: new InvalidRequestGuard(),
      });
      const scope = guildScope(emulator.guildIds[1] ?? emulator.guildIds[0]!);
      const names = Array.from({ length: 25 }, (_, i) => `faulty-${i}`);
      const ids = new Map<string, string>();
      for (const name of names) {
        const { command } = await api.createCommand(scope, { name, description: 'created' });
        ids.set(name, command.id);
      }
      for (const name of names.slice(0, 15)) await api.editCommand(scope, ids.get(name)!, { description: 'edited' });
      for (const name of names.slice(20)) await api.deleteCommand(scope, ids.get(name)!);

      const final = (await api.listCommands(scope)).filter((command) => command.name.startsWith('faulty-'));
      expect(final.map((command) => command.name).sort()).toEqual(names.slice(0, 20).sort());
      for (const command of final) expect(command.description).toBe(names.indexOf(command.name) < 15 ? 'edited' : 'created');

      const log = await requestLog(emulator);
      expect(log.some((entry) => entry.fault !== undefined)).toBe(true);
      const successfulCreates = log.filter((entry) => entry.method === 'POST' && entry.path.endsWith('/commands') && (entry.status === 200 || entry.status === 201));
      expect(successfulCreates).toHaveLength(names.length);
    });
  });
});
