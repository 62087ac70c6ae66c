/**
 * Calls to Discord's OAuth2 token endpoints (`/oauth2/token`, `/oauth2/token/revoke`): the
 * authorization-code, refresh and client-credentials grants and revocation. A confidential client
 * authenticates with HTTP Basic; a public client sends `client_id` (and PKCE's verifier) instead.
 * OAuth errors become OAuthError values that never repeat a secret the request carried. Here, beside the
 * client, because the client itself refreshes sign-ins and fetches client-credentials tokens
 * (auth-headers.ts); the browser sign-in (auth/) exchanges its code and revokes through the same calls.
 */
import type { Transport } from './http-transport.js';
import { TransportError } from './http-transport.js';
import { Routes } from './routes.js';
import { parseJson } from './discord-error.js';
import type { Credentials } from './contract.js';

export interface OAuthClient {
  clientId: string;
  clientSecret?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  id_token?: string;
}

export type TokenOperation = 'exchange' | 'refresh' | 'client-credentials' | 'revoke';

export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  constructor(
    /** RFC 6749 error code (`invalid_grant`, `invalid_client` …) or `network`. */
    readonly error: string,
    readonly operation: TokenOperation,
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
  /** Refresh with a deleted token answers invalid_grant (service-interface "Authentication" 7). */
  get revoked(): boolean {
    return this.error === 'invalid_grant' && this.operation === 'refresh';
  }
}

export interface TokenEndpoint {
  baseUrl: string;
  transport: Transport;
}

const WHAT: Record<TokenOperation, string> = {
  exchange: 'exchanging the sign-in code',
  refresh: 'refreshing your sign-in',
  'client-credentials': 'getting a client-credentials token',
  revoke: 'revoking the token',
};

function hintFor(error: string, operation: TokenOperation, client: OAuthClient): string {
  if (error === 'invalid_grant' && operation === 'refresh') return 'Your authorization was revoked or has expired: sign in again with `cmd-tui auth login`.';
  if (error === 'invalid_grant') return 'The code was already used, expired, or did not match the verifier: start `cmd-tui auth login` again.';
  if (error === 'invalid_client')
    return client.clientSecret
      ? 'Check the client id and secret (`cmd-tui auth set-client-credentials`).'
      : 'Without a secret the application must have "Public Client" turned on in the Developer Portal (OAuth2 page), or set a secret with `cmd-tui auth set-client-credentials`.';
  if (error === 'invalid_scope') return 'Ask only for scopes the application may use (`--scopes` / `--preset`).';
  if (error === 'network') return 'Check the network connection and `--api`, then try again.';
  return 'Try again; if it keeps failing, run `cmd-tui auth logout` and sign in again.';
}

/**
 * Form fields whose values are secrets. Only these are scrubbed from Discord's answer: scrubbing every
 * value would also blank the words `refresh_token` and `client_credentials` out of Discord's own text
 * (`Invalid "refresh_token" in request`).
 */
const SECRET_FIELDS = ['code', 'code_verifier', 'refresh_token', 'token'] as const;

function scrub(text: string, secrets: string[]): string {
  return secrets.filter((secret) => secret.length > 0).reduce((out, secret) => out.split(secret).join('****'), text);
}

async function postForm(endpoint: TokenEndpoint, path: string, operation: TokenOperation, form: Record<string, string>, client: OAuthClient): Promise<unknown> {
  const fields = new URLSearchParams(form);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (client.clientSecret) {
    // RFC 6749 §2.3.1: both parts are form-encoded before Basic encoding.
    const pair = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    fields.set('client_id', client.clientId);
  }
  const secrets = [...SECRET_FIELDS.map((name) => form[name] ?? ''), client.clientSecret ?? ''];
  let response;
  try {
    response = await endpoint.transport.send({ method: 'POST', url: `${endpoint.baseUrl}${path}`, headers, body: fields.toString() });
  } catch (error) {
    const detail = error instanceof TransportError ? error.message : 'The request failed.';
    throw new OAuthError('network', operation, `Failed while ${WHAT[operation]}: ${detail}`, hintFor('network', operation, client));
  }
  const body = parseJson(response.text) as { error?: unknown; error_description?: unknown; message?: unknown } | undefined;
  if (response.status >= 200 && response.status < 300) return body;
  const error = typeof body?.error === 'string' ? body.error : `http_${response.status}`;
  const description = typeof body?.error_description === 'string' ? body.error_description : typeof body?.message === 'string' ? body.message : '';
  const detail = scrub(description === '' ? error : `${error}: ${description}`, secrets);
  throw new OAuthError(error, operation, `Discord refused ${WHAT[operation]} (${detail}).`, hintFor(error, operation, client));
}

function asTokenResponse(value: unknown, operation: TokenOperation, client: OAuthClient): TokenResponse {
  const body = value as Partial<TokenResponse> | undefined;
  if (!body || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new OAuthError('invalid_response', operation, `Discord's answer while ${WHAT[operation]} had no access token.`, hintFor('', operation, client));
  }
  return body as TokenResponse;
}

export async function exchangeCode(
  endpoint: TokenEndpoint,
  client: OAuthClient,
  grant: { code: string; redirectUri: string; codeVerifier: string },
): Promise<TokenResponse> {
  const form = { grant_type: 'authorization_code', code: grant.code, redirect_uri: grant.redirectUri, code_verifier: grant.codeVerifier };
  return asTokenResponse(await postForm(endpoint, Routes.oauthToken(), 'exchange', form, client), 'exchange', client);
}

export async function refreshAccessToken(endpoint: TokenEndpoint, client: OAuthClient, refreshToken: string): Promise<TokenResponse> {
  const form = { grant_type: 'refresh_token', refresh_token: refreshToken };
  return asTokenResponse(await postForm(endpoint, Routes.oauthToken(), 'refresh', form, client), 'refresh', client);
}

export async function requestClientCredentialsToken(endpoint: TokenEndpoint, client: Required<OAuthClient>, scope: string): Promise<TokenResponse> {
  const form = { grant_type: 'client_credentials', scope };
  return asTokenResponse(await postForm(endpoint, Routes.oauthToken(), 'client-credentials', form, client), 'client-credentials', client);
}

export async function revokeToken(endpoint: TokenEndpoint, client: OAuthClient, token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
  await postForm(endpoint, Routes.oauthRevoke(), 'revoke', { token, token_type_hint: hint }, client);
}

/** A token answer as stored credentials; keeps the old refresh token when the server sends none. */
export function toUserCredentials(response: TokenResponse, now: number, previous?: Credentials['user']): NonNullable<Credentials['user']> {
  const refreshToken = response.refresh_token ?? previous?.refreshToken;
  const user: NonNullable<Credentials['user']> = {
    accessToken: response.access_token,
    scopes: (response.scope ?? previous?.scopes.join(' ') ?? '').split(' ').filter(Boolean),
  };
  if (refreshToken) user.refreshToken = refreshToken;
  if (typeof response.expires_in === 'number') user.expiresAt = now + response.expires_in * 1000;
  return user;
}

export function tokenEndpointFor(baseUrl: string, transport: Transport): TokenEndpoint {
  return { baseUrl, transport };
}
