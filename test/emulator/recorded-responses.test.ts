/**
 * The emulator answers as Discord did (issues 16 and 22): for every response recorded from the real API
 * (test/fixtures/discord/), the same request to the emulator gets the same status, JSON code, message
 * text, error paths and key set, ids aside.
 */
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, recordedResponse, recordedResponses, type RecordedResponse } from '../fixtures/discord/recorded.js';
import { bearer, botAuth, call, useEmulator, type CallResult } from '../helpers/emulator.js';
import { DISCORD_RATE_LIMITS } from '../../source/emulator/rate-limits.js';
import type { RunningEmulator } from '../../source/emulator/server.js';
import { callControl } from '../helpers/emulator-control.js';

const emulator = useEmulator();
const limited = useEmulator({ rateLimits: 'discord' });
const banning = useEmulator({ rateLimits: { ...DISCORD_RATE_LIMITS, invalidRequests: { limit: 3, windowMs: 600_000, banMs: 3_600_000 } } });

/** Server-assigned values a replay cannot reproduce. */
const ID_KEYS = new Set(['id', 'application_id', 'guild_id', 'version']);

function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, ID_KEYS.has(key) ? '<id>' : withoutIds(inner)]));
}

async function idsFor(e: RunningEmulator): Promise<Record<string, string>> {
  const guildId = e.guildIds[0]!;
  const listed = await call(e, 'GET', `/applications/${e.applicationId}/guilds/${guildId}/commands`, { auth: botAuth(e) });
  const created = await call(e, 'POST', `/applications/${e.applicationId}/guilds/${guildId}/commands`, {
    auth: botAuth(e),
    json: { name: 'no-overwrites', description: 'A command nobody set permissions on' },
  });
  return {
    application_id: e.applicationId,
    other_application_id: '123456789012345678',
    guild_id: guildId,
    uninstalled_guild_id: e.seeded.uninstalledGuildId,
    uninstalled_channel_id: e.seeded.uninstalledChannelId,
    command_id: listed.body[0].id,
    command_without_overwrites_id: created.body.id,
  };
}

/** Brings the emulator into the situation the recording was made in. */
const SITUATIONS: Record<string, (e: RunningEmulator, ids: Record<string, string>) => Promise<void>> = {
  'max-commands-reached': async (e, ids) => {
    const full = Array.from({ length: 100 }, (_, i) => ({ name: `command-${i}`, description: `Command ${i}` }));
    const put = await call(e, 'PUT', `/applications/${e.applicationId}/guilds/${ids.guild_id}/commands`, { auth: botAuth(e), json: full });
    expect(put.status).toBe(200);
  },
  'daily-creates-reached': async (e, ids) => {
    // idsFor already spent one of the day's 200 creates.
    for (const [round, count] of [[0, 100], [1, 99]] as const) {
      const names = Array.from({ length: count }, (_, i) => ({ name: `round-${round}-${i}`, description: 'A new name spends a create' }));
      const put = await call(e, 'PUT', `/applications/${e.applicationId}/guilds/${ids.guild_id}/commands`, { auth: botAuth(e), json: names });
      expect(put.status).toBe(200);
    }
  },
};

async function replay(e: RunningEmulator, recording: RecordedResponse): Promise<CallResult> {
  await callControl(e, 'POST', '/__emulator/reset');
  const ids = await idsFor(e);
  await SITUATIONS[recording.name]?.(e, ids);
  const { method, route, auth, body, form } = fillPlaceholders(recording.request, ids);
  const basic = (secret: string) => `Basic ${Buffer.from(`${e.clientId}:${secret}`).toString('base64')}`;
  const header = { bot: botAuth(e), bearer: bearer(e.userToken), client: basic(e.clientSecret), 'wrong-client': basic('not-the-secret') }[auth];
  const path = route.startsWith('/oauth2/') ? `${e.baseUrl}${route}` : route;
  return call(e, method, path, { auth: header, ...(body !== undefined ? { json: body } : {}), ...(form ? { form } : {}) });
}

const answers = recordedResponses().filter((recording) => recording.response.status !== 429);

/**
 * The recorded body, with what depends on the recording's app made this app's: a command created without
 * `integration_types` gets the app's installation types (the recorded app had guild install only;
 * https://github.com/discord/discord-api-docs/issues/7396).
 */
async function expectedBody(e: RunningEmulator, recording: RecordedResponse): Promise<unknown> {
  const body = recording.response.body;
  if (!('integration_types' in body)) return body;
  const app = await call(e, 'GET', '/applications/@me', { auth: botAuth(e) });
  return { ...body, integration_types: Object.keys(app.body.integration_types_config).map(Number) };
}

describe('the emulator answers as Discord did', () => {
  it.each(answers.map((recording) => [recording.name, recording] as const))('%s', async (_name, recording) => {
    const answer = await replay(emulator(), recording);
    expect(answer.status).toBe(recording.response.status);
    expect(withoutIds(answer.body)).toEqual(withoutIds(await expectedBody(emulator(), recording)));
  });

  it('a guild command carries the global key set without the global-only fields, plus guild_id', async () => {
    // Observed and documented: guild commands have no contexts, integration_types or dm_permission
    // (https://github.com/discordjs/discord-api-types/pull/1777, 2026-08-26).
    const e = emulator();
    await callControl(e, 'POST', '/__emulator/reset');
    const global = recordedResponse('command-created');
    const answer = await call(e, 'POST', `/applications/${e.applicationId}/guilds/${e.guildIds[0]}/commands`, {
      auth: botAuth(e),
      json: { ...(global.request.body as object), contexts: [0, 1, 2], integration_types: [0] },
    });
    expect(answer.status).toBe(201);
    const { dm_permission: _dm, contexts: _contexts, integration_types: _types, ...expected } = global.response.body;
    expect(withoutIds(answer.body)).toEqual(withoutIds({ ...expected, guild_id: e.guildIds[0] }));
  });

  it('an IP past the invalid-request limit gets the recorded ban: that body, no rate-limit headers', async () => {
    const recording = recordedResponse('ip-banned');
    const e = banning();
    for (let i = 0; i < 3; i += 1) await call(e, 'GET', '/users/@me', { auth: 'Bot not-a-token' });
    const { method, route } = fillPlaceholders(recording.request, { application_id: e.applicationId });
    const answer = await call(e, method, route, { auth: botAuth(e) });
    expect(answer.status).toBe(recording.response.status);
    expect(answer.body).toEqual(recording.response.body);
    expect([...answer.headers.keys()].filter((name) => name.startsWith('x-ratelimit') || name === 'retry-after' || name === 'via')).toEqual([]);
  });

  it('a 429 carries the recorded body shape and the headers a 429 from Discord carries', async () => {
    const recording = recordedResponse('rate-limited');
    const e = limited();
    const { method, route, body } = fillPlaceholders(recording.request, { application_id: e.applicationId });
    let answer: CallResult | undefined;
    for (let attempt = 0; attempt < 10 && answer?.status !== 429; attempt += 1) {
      answer = await call(e, method, route, { auth: botAuth(e), json: { ...(body as object), name: `burst-${attempt}` } });
    }
    expect(answer!.status).toBe(429);
    expect(Object.keys(answer!.body).sort()).toEqual(Object.keys(recording.response.body).sort());
    expect(answer!.body).toMatchObject({ global: false, message: recording.response.body.message });
    expect(answer!.body.retry_after).toBeGreaterThan(0);
    for (const header of Object.keys(recording.response.headers!)) expect(answer!.headers.get(header), header).not.toBeNull();
    expect(answer!.headers.get('via')).toBe('1.1 google');
    expect(answer!.headers.get('x-ratelimit-scope')).toBe('user');
  });
});
