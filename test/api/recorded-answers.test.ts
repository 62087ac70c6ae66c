/**
 * The client, fed the answers Discord really gave (test/fixtures/discord/) by a tiny local server, shows
 * the user the right thing: the JSON code and Discord's message, a 50035 at the field Discord named (in
 * `apply`'s output too), a float `retry_after` waited out to the millisecond, a code cmd-tui has never
 * heard of shown as it came, a recorded command object read without complaint, and the recorded OAuth2
 * token errors as sign-in errors with Discord's words and cmd-tui's hint.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { flattenFieldErrors } from '../../source/discord/problem-path.js';
import { DiscordApiError } from '../../source/api/errors.js';
import { createTransport } from '../../source/api/http-transport.js';
import { exchangeCode, OAuthError, refreshAccessToken, requestClientCredentialsToken } from '../../source/api/token-exchange.js';
import { GLOBAL_SCOPE } from '../../source/discord/model.js';
import { runCommand } from '../commands/run-command.js';
import { recordedResponse, recordedResponses } from '../fixtures/discord/recorded.js';
import { isolatedHome } from '../helpers/credentials.js';
import { SCRIPTED_APP_ID, scriptedApi } from './scripted-api.js';
import { startScriptedServer, type Script, type ScriptedServer } from './scripted-server.js';

const APP = SCRIPTED_APP_ID;
const GUILD = '300000000000000001';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function apiFor(script: Script) {
  const scripted = await scriptedApi(script);
  server = scripted.server;
  return scripted;
}

const commandErrors = recordedResponses().filter(
  (recording) => recording.response.status >= 400 && recording.response.status !== 429 && 'code' in recording.response.body,
);

describe('recorded error answers through the client', () => {
  it.each(commandErrors.map((recording) => [recording.name, recording] as const))('%s', async (_name, recording) => {
    const { status, headers, body } = recording.response;
    const { api } = await apiFor(() => ({ status, body, ...(headers ? { headers } : {}) }));
    const error = await api.createCommand(GLOBAL_SCOPE, { name: 'ping', description: 'Replies with Pong!' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DiscordApiError);
    const failure = error as DiscordApiError;
    expect([failure.status, failure.code]).toEqual([status, body.code]);
    expect(failure.message).toContain(`${String(body.message)} (code ${String(body.code)})`);
    expect(failure.fieldErrors).toEqual(flattenFieldErrors(body.errors));
    expect(failure.hint).toBeTruthy();
  });

  it('puts each recorded 50035 at the field Discord named, in the validator\'s path syntax', () => {
    const paths = Object.fromEntries(
      recordedResponses()
        .filter((recording) => recording.response.body.code === 50035)
        .map((recording) => [recording.name, flattenFieldErrors(recording.response.body.errors).map((field) => `${field.path} ${field.code}`)]),
    );
    expect(paths).toEqual({
      'apostrophe-name-regex': ['name STRING_TYPE_REGEX'],
      'application-id-not-snowflake': ['application_id NUMBER_TYPE_COERCE'],
      'duplicate-command-name': ['[2] APPLICATION_COMMANDS_DUPLICATE_NAME'],
      'option-name-invalid-bulk': ['[5].options[0].name APPLICATION_COMMAND_INVALID_NAME'],
      'option-name-regex': ['options[0].name STRING_TYPE_REGEX'],
      'options-not-a-list': [0, 1, 2, 3].map((index) => `[0].options[${index}] MODEL_TYPE_CONVERT`),
      'path-ids-not-snowflakes': ['application_id NUMBER_TYPE_COERCE', 'guild_id NUMBER_TYPE_COERCE'],
      'permissions-item-empty': ['permissions[0] LIST_ITEM_VALUE_REQUIRED'],
      'permissions-item-not-object': ['permissions[0] MODEL_TYPE_CONVERT'],
      'type-names-not-ints': ['options[0].type NUMBER_TYPE_COERCE', 'type NUMBER_TYPE_COERCE'],
    });
  });

  it('shows a code it has never heard of with its code and message, and does not crash', async () => {
    const { api } = await apiFor(() => ({ status: 400, body: { message: 'Something Discord added next year', code: 99999, errors: { name: { _errors: [{ code: 'NEW_CODE', message: 'New words.' }] } } } }));
    const error = (await api.createCommand(GLOBAL_SCOPE, { name: 'ping', description: 'Pong' }).catch((caught: unknown) => caught)) as DiscordApiError;
    expect(error).toBeInstanceOf(DiscordApiError);
    expect(error.message).toContain('Something Discord added next year (code 99999)');
    expect(error.fieldErrors).toEqual([{ path: 'name', code: 'NEW_CODE', message: 'New words.' }]);
  });

  it('waits the recorded float retry_after (19.877 s) before trying again', async () => {
    const recording = recordedResponse('rate-limited');
    const created = recordedResponse('command-created').response.body;
    let calls = 0;
    const { api, clock } = await apiFor(() => {
      calls += 1;
      return calls === 1 ? { status: 429, body: recording.response.body, headers: recording.response.headers! } : { status: 201, body: created };
    });
    const result = await api.createCommand(GLOBAL_SCOPE, { name: 'blep', description: 'Send a random adorable animal photo' });
    expect(result.created).toBe(true);
    expect(calls).toBe(2);
    expect(clock.sleeps.reduce((total, ms) => total + ms, 0)).toBeGreaterThanOrEqual(19_877);
    expect(clock.sleeps.reduce((total, ms) => total + ms, 0)).toBeLessThan(21_000);
  });

  it('stops at once at the recorded IP ban (a 429 with no retry_after and no headers), naming it, without a retry', async () => {
    const ban = recordedResponse('ip-banned').response;
    const { api, server: banned } = await apiFor(() => ({ status: ban.status, body: ban.body }));
    const error = (await api.listCommands(GLOBAL_SCOPE).catch((caught: unknown) => caught)) as DiscordApiError;
    expect(error).toBeInstanceOf(DiscordApiError);
    expect(error.message).toContain('You are being blocked from accessing our API temporarily');
    expect(error.hint).toContain('blocked this IP address');
    // Retrying would only extend the ban.
    expect(banned.requests).toHaveLength(1);
  });

  it('reads the recorded command object, nulls and all', async () => {
    const created = recordedResponse('command-created').response.body;
    const { api } = await apiFor(() => ({ status: 200, body: [created] }));
    const [command] = await api.listCommands(GLOBAL_SCOPE);
    expect(command).toMatchObject({ name: 'blep', contexts: null, integration_types: [0], dm_permission: true });
  });
});

describe('recorded OAuth2 token errors through the token client', () => {
  const oauthErrors = recordedResponses().filter((recording) => recording.request.route === '/oauth2/token');

  it.each(oauthErrors.map((recording) => [recording.name, recording] as const))('%s', async (_name, recording) => {
    const { status, body } = recording.response;
    server = await startScriptedServer(() => ({ status, body }));
    const transport = createTransport();
    try {
      const endpoint = { baseUrl: server.baseUrl, transport };
      const client = { clientId: APP, clientSecret: 'recorded-secret' };
      const form = recording.request.form!;
      const sent =
        form.grant_type === 'refresh_token' ? refreshAccessToken(endpoint, client, form.refresh_token!)
        : form.grant_type === 'client_credentials' ? requestClientCredentialsToken(endpoint, client, form.scope!)
        : exchangeCode(endpoint, client, { code: form.code!, redirectUri: form.redirect_uri!, codeVerifier: 'v'.repeat(43) });
      const error = (await sent.catch((caught: unknown) => caught)) as OAuthError;
      expect(error).toBeInstanceOf(OAuthError);
      expect(error.error).toBe(body.error);
      expect(error.message).toContain(typeof body.error_description === 'string' ? `${String(body.error)}: ${body.error_description}` : String(body.error));
      expect(error.message).not.toContain('recorded-secret');
      expect(error.hint).toBeTruthy();
      expect(error.revoked).toBe(form.grant_type === 'refresh_token');
    } finally {
      await transport.close();
    }
  });
});

describe('apply shows a recorded 50035 at the field Discord named', () => {
  it('names options[0].name with Discord\'s own words and exits 1', async () => {
    const recording = recordedResponse('option-name-regex');
    server = await startScriptedServer((req) => {
      if (req.method === 'GET' && req.path.endsWith('/applications/@me')) return { status: 200, body: { id: APP, name: 'Recorded', flags: 0, integration_types_config: { '0': {} } } };
      if (req.method === 'GET') return { status: 200, body: [] };
      return { status: recording.response.status, body: recording.response.body };
    });
    const home = await isolatedHome({ DISCORD_BOT_TOKEN: 'recorded-bot-token' });
    // Valid here, so only the server's answer can stop it: the point is where its words land.
    await writeFile(join(home.home, 'kiss.json'), JSON.stringify([{ name: 'kiss', description: 'Kiss someone.', options: [{ type: 6, name: 'member', description: 'Who' }] }]));
    const result = await runCommand('apply', ['kiss.json', '--guild', GUILD, '--yes', '--api', server.baseUrl], home.env, home.home);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid Form Body (code 50035)');
    expect(result.stderr).toContain('\n  options[0].name: String value did not match validation regex.\n');
    expect(result.stderr).not.toContain('recorded-bot-token');
  });
});
