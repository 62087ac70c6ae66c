import { afterEach, describe, expect, it } from 'vitest';
import { createDiscordApi, type DiscordApiOptions } from '../../source/api/client.js';
import { AuthRequiredError, ConnectionError, DiscordApiError, MalformedRequestError, RateLimitError } from '../../source/api/errors.js';
import { createTransport, type Transport } from '../../source/api/http-transport.js';
import { InvalidRequestGuard } from '../../source/api/invalid-request-guard.js';
import { GLOBAL_SCOPE, guildScope } from '../../source/discord/model.js';
import { fakeClock } from './fake-clock.js';
import { scriptedApi } from './scripted-api.js';
import { formOf, startScriptedServer, type Script, type ScriptedServer } from './scripted-server.js';

const APP = '100000000000000001';
const GUILD = '200000000000000002';
const command = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  application_id: APP,
  version: id,
  type: 1,
  name,
  description: 'd',
  default_member_permissions: null,
  ...extra,
});

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * Gives up after `ms` on `method` only; every other request has the usual time. A short timeout on all of
 * them would fail the read-back too whenever the test process stalls that long (a loaded machine).
 */
function quickOnlyFor(method: string, ms: number): Transport {
  const quick = createTransport({ timeoutMs: ms });
  const usual = createTransport();
  return {
    send: (req, signal) => (req.method === method ? quick : usual).send(req, signal),
    close: async () => {
      await Promise.all([quick.close(), usual.close()]);
    },
  };
}

async function apiFor(script: Script, options: Partial<DiscordApiOptions> = {}) {
  const scripted = await scriptedApi(script, options);
  server = scripted.server;
  return { api: scripted.api, clock: scripted.clock, requests: scripted.server.requests };
}

describe('DiscordApi over HTTP', () => {
  it('pins /api/v10, sends the DiscordBot User-Agent and the bot token', async () => {
    const { api, requests } = await apiFor(() => ({ status: 200, body: [command('1', 'ping')] }));
    const commands = await api.listCommands(GLOBAL_SCOPE);
    expect(commands.map((c) => c.name)).toEqual(['ping']);
    expect(requests[0]!.path).toBe(`/api/v10/applications/${APP}/commands`);
    expect(requests[0]!.headers['user-agent']).toMatch(/^DiscordBot \(https:\/\/github\.com\/cmd-tui\/cmd-tui, [0-9][\w.+-]*\)$/);
    expect(requests[0]!.headers.authorization).toBe('Bot bot-secret');
  });

  it('learns the application id from GET /applications/@me when none is given', async () => {
    server = await startScriptedServer(() => ({ status: 200, body: { id: APP, name: 'app' } }));
    const api = await createDiscordApi({ baseUrl: server.baseUrl, credentials: { botToken: 't' } });
    expect(api.applicationId).toBe(APP);
  });

  it('refuses a permission PUT without a user sign-in before sending anything', async () => {
    const { api, requests } = await apiFor(() => ({ status: 200, body: {} }));
    const error = await api.setCommandPermissions(GUILD, '5', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect((error as AuthRequiredError).message).toContain('applications.commands.permissions.update');
    expect((error as AuthRequiredError).hint).toContain('cmd-tui auth login');
    expect(requests).toHaveLength(0);
  });

  it('never sends a user token to command routes', async () => {
    const { api, requests } = await apiFor(() => ({ status: 200, body: [] }), { credentials: { user: { accessToken: 'u', scopes: [] } } });
    await expect(api.listCommands(GLOBAL_SCOPE)).rejects.toBeInstanceOf(AuthRequiredError);
    expect(requests).toHaveLength(0);
  });

  it('sends the user Bearer on permission PUT', async () => {
    const body = { id: '5', application_id: APP, guild_id: GUILD, permissions: [{ id: GUILD, type: 1, permission: false }] };
    const { api, requests } = await apiFor(() => ({ status: 200, body }), {
      credentials: { botToken: 'b', user: { accessToken: 'user-secret', scopes: ['applications.commands.permissions.update'] } },
    });
    const result = await api.setCommandPermissions(GUILD, '5', body.permissions);
    expect(result.permissions).toHaveLength(1);
    expect(requests[0]!.method).toBe('PUT');
    expect(requests[0]!.headers.authorization).toBe('Bearer user-secret');
    expect(JSON.parse(requests[0]!.body)).toEqual({ permissions: body.permissions });
  });

  it('does not send a permission PUT with a sign-in known to lack the permissions scope (Discord would answer 50026)', async () => {
    const { api, requests } = await apiFor(() => ({ status: 200, body: {} }), {
      credentials: { botToken: 'b', user: { accessToken: 'user-secret', scopes: ['identify', 'guilds'] } },
    });
    const refused = api.setCommandPermissions(GUILD, '5', [{ id: GUILD, type: 1, permission: false }]);
    await expect(refused).rejects.toThrow(AuthRequiredError);
    await expect(refused).rejects.toThrow(/not granted applications\.commands\.permissions\.update/);
    expect(requests).toHaveLength(0);
  });

  it('stops using a bot token after a 401: one request, then none (A7)', async () => {
    const { api, requests } = await apiFor(() => ({ status: 401, body: { message: '401: Unauthorized', code: 0 } }));
    const first = await api.listCommands(GLOBAL_SCOPE).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(DiscordApiError);
    expect((first as DiscordApiError).hint).toMatch(/set it again|sign in again/);
    const second = await api.listCommands(GLOBAL_SCOPE).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(AuthRequiredError);
    expect((second as AuthRequiredError).message).toContain('rejected');
    expect(requests).toHaveLength(1);
  });

  it.each([400, 403, 404, 405])('does not retry a %i (A8)', async (status) => {
    const { api, requests } = await apiFor(() => ({ status, body: { message: 'no', code: 50013 } }));
    await expect(api.listCommands(GLOBAL_SCOPE)).rejects.toBeInstanceOf(DiscordApiError);
    expect(requests).toHaveLength(1);
  });

  it('flattens field errors of a rejected create', async () => {
    const { api } = await apiFor(() => ({
      status: 400,
      body: { code: 50035, message: 'Invalid Form Body', errors: { options: { '0': { name: { _errors: [{ code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }] } } } } },
    }));
    const error = (await api.createCommand(GLOBAL_SCOPE, { name: 'x', description: 'd' }).catch((e: unknown) => e)) as DiscordApiError;
    expect(error.fieldErrors).toEqual([{ path: 'options[0].name', code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }]);
  });

  it('retries a GET on persistent 503 exactly 4 times with growing backoff (A9)', async () => {
    const { api, clock, requests } = await apiFor(() => ({ status: 503, body: { message: 'down' } }));
    const error = await api.listCommands(GLOBAL_SCOPE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(requests).toHaveLength(4);
    expect(clock.sleeps).toEqual([500, 1000, 2000]);
  });

  it('retries a DELETE after a connection reset and treats the 404 of an already-done delete as success', async () => {
    const { api, requests } = await apiFor((_req, index) => (index === 0 ? 'reset' : { status: 404, body: { message: 'Unknown application command', code: 10063 } }));
    await expect(api.deleteCommand(GLOBAL_SCOPE, '7')).resolves.toBeUndefined();
    expect(requests.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('reports a first-attempt 404 on delete as an error', async () => {
    const { api } = await apiFor(() => ({ status: 404, body: { message: 'Unknown application command', code: 10063 } }));
    await expect(api.deleteCommand(GLOBAL_SCOPE, '7')).rejects.toMatchObject({ status: 404, code: 10063 });
  });

  it('never repeats a POST blindly: after a 503 it reads back and finds the command (no duplicate create)', async () => {
    const { api, requests } = await apiFor((req) =>
      req.method === 'POST' ? { status: 503, body: { message: 'oops' } } : { status: 200, body: [command('9', 'ping')] },
    );
    const { command: created } = await api.createCommand(GLOBAL_SCOPE, { name: 'ping', description: 'd' });
    expect(created.id).toBe('9');
    expect(requests.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('repeats a POST whose read-back shows it did not happen (no lost write)', async () => {
    const { api, requests } = await apiFor((req, index) => {
      if (req.method === 'POST') return index === 0 ? 'reset' : { status: 201, body: command('9', 'ping') };
      return { status: 200, body: [] };
    });
    const result = await api.createCommand(GLOBAL_SCOPE, { name: 'ping', description: 'd' });
    expect(result).toMatchObject({ created: true, command: { id: '9' } });
    expect(requests.map((r) => r.method)).toEqual(['POST', 'GET', 'POST']);
  });

  it('settles a PATCH that timed out by reading the command back', async () => {
    const { api, requests } = await apiFor(
      (req) => (req.method === 'PATCH' ? 'hang' : { status: 200, body: command('9', 'ping', { description: 'new' }) }),
      { transport: quickOnlyFor('PATCH', 200) },
    );
    const edited = await api.editCommand(guildScope(GUILD), '9', { description: 'new' });
    expect(edited.description).toBe('new');
    expect(requests.map((r) => r.method)).toEqual(['PATCH', 'GET']);
  });

  it('stops a body that is not a command Discord accepts before sending it, naming the field', async () => {
    const { api, requests } = await apiFor(() => ({ status: 201, body: command('9', 'ban') }));
    const malformed = { name: 'ban', description: 'Ban', options: [{ type: '3', name: 'user', description: 'Who' }] };
    await expect(api.createCommand(GLOBAL_SCOPE, malformed as never)).rejects.toThrow(MalformedRequestError);
    await expect(api.createCommand(GLOBAL_SCOPE, malformed as never)).rejects.toThrow(/at options\[0\]\.type/);
    await expect(api.bulkOverwrite(GLOBAL_SCOPE, [malformed as never])).rejects.toThrow(MalformedRequestError);
    await expect(api.setCommandPermissions(GUILD, '9', [{ id: '1', type: 1, permission: 'yes' } as never])).rejects.toThrow(/at permissions\[0\]\.permission/);
    expect(requests).toHaveLength(0);
    // Nulls Discord accepts are sent as given.
    await api.editCommand(GLOBAL_SCOPE, '9', { description: 'Ban a member', handler: null } as never);
    expect(JSON.parse(requests[0]!.body)).toEqual({ description: 'Ban a member', handler: null });
  });

  it('reports 201 vs 200 on create', async () => {
    const { api } = await apiFor((_req, index) => ({ status: index === 0 ? 201 : 200, body: command('9', 'ping') }));
    expect((await api.createCommand(GLOBAL_SCOPE, { name: 'ping', description: 'd' })).created).toBe(true);
    expect((await api.createCommand(GLOBAL_SCOPE, { name: 'ping', description: 'd' })).created).toBe(false);
  });

  it('returns null for a command without overwrites (10066)', async () => {
    const { api } = await apiFor(() => ({ status: 404, body: { message: 'Unknown application command permissions', code: 10066 } }));
    expect(await api.getCommandPermissions(GUILD, '5')).toBeNull();
  });

  it('logs requests for --debug with the token masked', async () => {
    const lines: string[] = [];
    server = await startScriptedServer(() => ({ status: 200, body: [] }));
    const api = await createDiscordApi({ baseUrl: server.baseUrl, credentials: { botToken: 'bot-secret' }, applicationId: APP, debug: (l) => lines.push(l) });
    await api.listCommands(GLOBAL_SCOPE);
    expect(lines.join('\n')).toContain('Authorization: Bot ****');
    expect(lines.join('\n')).not.toContain('bot-secret');
  });

  it('refuses plain http to another machine before connecting', async () => {
    await expect(createDiscordApi({ baseUrl: 'http://example.com/api/v10', credentials: { botToken: 't' }, applicationId: APP })).rejects.toThrow(
      /Refusing to send Discord tokens/,
    );
  });
});

describe('client credentials and user tokens', () => {
  it('fetches a client-credentials token once and reuses it (scope applications.commands.update, Basic auth)', async () => {
    const { api, requests } = await apiFor(
      (req) =>
        req.path.endsWith('/oauth2/token')
          ? { status: 200, body: { access_token: 'cc-token', token_type: 'Bearer', expires_in: 604800, scope: 'applications.commands.update' } }
          : { status: 200, body: [] },
      { credentials: { clientCredentials: { clientId: APP, clientSecret: 'cc-secret' } } },
    );
    await Promise.all([api.listCommands(GLOBAL_SCOPE), api.listCommands(guildScope(GUILD)), api.listCommands(GLOBAL_SCOPE)]);
    const tokenRequests = requests.filter((r) => r.path.endsWith('/oauth2/token'));
    expect(tokenRequests).toHaveLength(1);
    expect(formOf(tokenRequests[0]!)).toEqual({ grant_type: 'client_credentials', scope: 'applications.commands.update' });
    expect(tokenRequests[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${APP}:cc-secret`).toString('base64')}`);
    expect(requests.filter((r) => !r.path.endsWith('/oauth2/token')).every((r) => r.headers.authorization === 'Bearer cc-token')).toBe(true);
  });

  it('refreshes a user token near expiry exactly once for ten concurrent calls, and reports the new one (B12)', async () => {
    const refreshed: unknown[] = [];
    const clock = fakeClock();
    server = await startScriptedServer((req) =>
      req.path.endsWith('/oauth2/token')
        ? { status: 200, body: { access_token: 'fresh', token_type: 'Bearer', expires_in: 604800, refresh_token: 'r2', scope: 'identify guilds' } }
        : { status: 200, body: { id: '3', username: 'me' } },
    );
    const api = await createDiscordApi({
      baseUrl: server.baseUrl,
      applicationId: APP,
      clock,
      credentials: { user: { accessToken: 'stale', refreshToken: 'r1', expiresAt: clock.now() + 30_000, scopes: ['identify'] } },
      onUserTokenRefreshed: (user) => refreshed.push(user),
    });
    await Promise.all(Array.from({ length: 10 }, () => api.getCurrentUser()));
    const tokenRequests = server.requests.filter((r) => r.path.endsWith('/oauth2/token'));
    expect(tokenRequests).toHaveLength(1);
    expect(formOf(tokenRequests[0]!)).toEqual({ grant_type: 'refresh_token', refresh_token: 'r1', client_id: APP });
    expect(server.requests.filter((r) => r.path.endsWith('/users/@me')).every((r) => r.headers.authorization === 'Bearer fresh')).toBe(true);
    expect(refreshed).toEqual([expect.objectContaining({ accessToken: 'fresh', refreshToken: 'r2', scopes: ['identify', 'guilds'] })]);
  });

  it('refreshes once after a 401 and retries once', async () => {
    const { api, requests } = await apiFor(
      (req) => {
        if (req.path.endsWith('/oauth2/token')) return { status: 200, body: { access_token: 'fresh', token_type: 'Bearer', expires_in: 604800, refresh_token: 'r2' } };
        return req.headers.authorization === 'Bearer fresh' ? { status: 200, body: { id: '3', username: 'me' } } : { status: 401, body: { message: '401: Unauthorized', code: 0 } };
      },
      { credentials: { user: { accessToken: 'old', refreshToken: 'r1', scopes: [] } } },
    );
    expect((await api.getCurrentUser()).username).toBe('me');
    expect(requests.map((r) => r.path.replace('/api/v10', ''))).toEqual(['/users/@me', '/oauth2/token', '/users/@me']);
  });

  it('tells the user to sign in again when the refresh answers invalid_grant', async () => {
    const { api } = await apiFor(
      (req) =>
        req.path.endsWith('/oauth2/token')
          ? { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid "refresh_token" in request' } }
          : { status: 401, body: { code: 0, message: '401: Unauthorized' } },
      { credentials: { user: { accessToken: 'old', refreshToken: 'r1', scopes: [] } } },
    );
    const error = await api.getCurrentUser().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthRequiredError);
    expect((error as AuthRequiredError).message).toMatch(/revoked/);
    expect((error as AuthRequiredError).hint).toContain('cmd-tui auth login');
  });
});

describe('rate limits through the client', () => {
  it('fails with a typed error after 5 consecutive 429s (A5)', async () => {
    const { api, requests } = await apiFor(() => ({ status: 429, body: { message: 'You are being rate limited.', retry_after: 0.75, global: false }, headers: { 'retry-after': '1' } }));
    const error = await api.listCommands(GLOBAL_SCOPE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(requests).toHaveLength(5);
  });

  it('fails once 60 s of waiting would be exceeded, without sleeping it out (A5)', async () => {
    const { api, clock, requests } = await apiFor(() => ({ status: 429, body: { message: 'slow down', retry_after: 64.57, global: false } }));
    const error = await api.listCommands(GLOBAL_SCOPE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(requests).toHaveLength(1);
    expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(60_000);
  });

  it('warns at the invalid-request threshold and stops sending at the hard limit (A6)', async () => {
    const warnings: string[] = [];
    const clock = fakeClock();
    server = await startScriptedServer((_req, index) =>
      index % 2 === 0
        ? { status: 403, body: { message: 'Missing Access', code: 50001 } }
        : { status: 429, body: { message: 'The resource is being rate limited.', retry_after: 0, global: false }, headers: { 'x-ratelimit-scope': 'shared' } },
    );
    const api = await createDiscordApi({
      baseUrl: server.baseUrl,
      applicationId: APP,
      credentials: { botToken: 't' },
      clock,
      invalidRequestGuard: new InvalidRequestGuard(clock, 3, 5),
      onWarning: (m) => warnings.push(m),
    });
    for (let i = 0; i < 5; i += 1) await api.getGuildRoles(GUILD).catch(() => undefined);
    expect(warnings).toHaveLength(1);
    const sent = server.requests.length;
    await expect(api.getGuildRoles(GUILD)).rejects.toThrow(/Stopped: 5 requests were rejected/);
    expect(server.requests.length).toBe(sent);
  });
});

describe('createDiscordApi without any credentials', () => {
  it('says which credentials commands need, before any request', async () => {
    // Port 9 (discard) has no listener: reaching the network would fail differently.
    const failure = await createDiscordApi({ baseUrl: 'http://127.0.0.1:9/api/v10', credentials: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthRequiredError);
    expect((failure as AuthRequiredError).message).toContain('No credentials');
    expect((failure as AuthRequiredError).hint).toContain('DISCORD_BOT_TOKEN');
  });
});
