/**
 * OAuth2 as the emulator's authorization server (facts §7; RFC 6749, 7636, 7009, 8252, 9700):
 * the consent page and its form post, the token endpoint (authorization_code with optional or
 * required PKCE, refresh_token with rotation, client_credentials), revocation and /oauth2/@me.
 * Token-endpoint errors use the RFC shape `{error, error_description}`.
 */
import { randomBytes } from 'node:crypto';
import { ApiFailure, apiError } from '../api-errors.js';
import { SCOPES } from '../auth.js';
import { consentPage, errorPage, knownScope } from '../consent-page.js';
import { isCustomScheme, isValidChallenge, isValidVerifier, matchRedirectUri, s256 } from '../oauth-checks.js';
import { formBody, isFormEncoded, json, type Handler, type Reply, type RequestContext, type World } from '../request-context.js';
import { ACCESS_TOKEN_LIFETIME_MS, issueToken } from '../seed.js';
import type { CodeRecord, TokenRecord } from '../state.js';
import { signIdToken } from '../openid.js';
import { discordTimestamp } from '../discord-timestamp.js';
import { isInstallRequest, showInstall, submitInstall } from './install.js';
import { applicationObject, currentUserObject, userObject } from './pickers.js';

const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Client-credentials tokens are for the app owner; Discord limits them to these (facts §7.4). */
const CLIENT_CREDENTIAL_SCOPES = new Set<string>([SCOPES.identify, SCOPES.commandsUpdate]);
const AUTHORIZE_FIELDS = ['response_type', 'client_id', 'scope', 'state', 'redirect_uri', 'prompt', 'code_challenge', 'code_challenge_method', 'nonce', 'integration_type'] as const;

/**
 * The token endpoint's errors in Discord's own words (RFC 6749 shape), one line per case with its source.
 * Where nothing was recorded the text is the field's name in Discord's recorded form, never advice.
 */
const OAUTH_ERRORS = {
  // {"error": "invalid_client"}, no description: https://github.com/markbates/goth/issues/183 (401), oauth2-discord-new#48.
  badClient: [401, 'invalid_client', undefined],
  // https://github.com/discord/discord-api-docs/issues/2644 and #2310.
  badScope: [400, 'invalid_scope', 'The requested scope is invalid, unknown, or malformed.'],
  // https://github.com/rdcr0/discord-oauth2-example/issues/8; reboxer/discord-oauth2#92.
  badCode: [400, 'invalid_grant', 'Invalid "code" in request.'],
  // A public runbook quoting discord.com/api/oauth2/token 400 (index id 53166053678).
  badRedirect: [400, 'invalid_grant', 'Invalid "redirect_uri" in request.'],
  // DOCS/SDK-LINK "When Refresh Fails".
  badRefresh: [400, 'invalid_grant', 'Invalid "refresh_token" in request'],
  // facts §7.5 (discord-api-docs PR #7046 notes): a malformed verifier; the other verifier cases are not recorded.
  malformedVerifier: [400, 'invalid_request', 'Invalid "code_verifier"'],
  badVerifier: [400, 'invalid_grant', 'Invalid "code_verifier"'],
} as const satisfies Record<string, readonly [number, string, string | undefined]>;

/**
 * RFC 6749 §5.1: token answers carry credentials, so no cache may keep them; sent on errors too, since
 * a cached error would hide the next success (RFC 6749 §5.2 answers come from the same endpoint).
 */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

function oauthError(name: keyof typeof OAUTH_ERRORS): ApiFailure {
  const [status, error, description] = OAUTH_ERRORS[name];
  return new ApiFailure(status, description === undefined ? { error } : { error, error_description: description }, NO_STORE);
}

/**
 * Also for a body that is not a form (discord-api-docs#645, #5249, #7299). A request without one reads
 * "Grant type None is not supported" (test/fixtures/discord/grant-type-missing.json: Python's None for the
 * missing value); an unknown one is named the same way, which is inferred from that text, not recorded.
 */
function unsupportedGrantType(grantType: string | null): ApiFailure {
  return new ApiFailure(400, { error: 'unsupported_grant_type', error_description: `Grant type ${grantType ?? 'None'} is not supported` }, NO_STORE);
}

// ── /oauth2/authorize ───────────────────────────────────────────────────────────────────────

type AuthorizeCheck =
  | { ok: true; redirectUri: string; scopes: string[]; fields: Record<string, string> }
  | { ok: false; reply: Reply };

function redirectWith(uri: string, params: Record<string, string | undefined>): Reply {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return { status: 302, headers: { Location: url.toString(), 'Cache-Control': 'no-store' } };
}

function checkAuthorize(params: URLSearchParams, world: World): AuthorizeCheck {
  const app = world.state.application;
  const fields: Record<string, string> = {};
  for (const name of AUTHORIZE_FIELDS) {
    const value = params.get(name);
    if (value !== null) fields[name] = value;
  }
  // Problems with the client or the redirect URI are shown here: redirecting would be an open redirector.
  if (fields.client_id !== app.id) {
    return { ok: false, reply: { status: 400, html: errorPage('Unknown application', `client_id "${fields.client_id ?? ''}" is not an application of this emulator.`) } };
  }
  const redirectUri = fields.redirect_uri ?? '';
  if (!matchRedirectUri(app.redirectUris, redirectUri)) {
    return { ok: false, reply: { status: 400, html: errorPage('Invalid OAuth2 redirect_uri', `"${redirectUri}" is not registered for ${app.name}. Registered: ${app.redirectUris.join(', ')}.`) } };
  }
  const fail = (error: string, description: string): AuthorizeCheck => ({
    ok: false,
    reply: redirectWith(redirectUri, { error, error_description: description, state: fields.state }),
  });
  // Terse texts in Discord's recorded form; only code_challenge_method's is recorded (facts §7.5).
  if (fields.response_type !== 'code') return fail('unsupported_response_type', 'Unsupported "response_type"');
  const scopes = (fields.scope ?? '').split(' ').filter(Boolean);
  // Discord's words for both (https://github.com/reboxer/discord-oauth2/issues/33, discord-api-docs#7169).
  if (scopes.length === 0 || scopes.some((scope) => !knownScope(scope))) return fail('invalid_scope', OAUTH_ERRORS.badScope[2]);
  if (fields.integration_type !== undefined && !['0', '1'].includes(fields.integration_type)) {
    return fail('invalid_request', 'Invalid "integration_type"');
  }
  const challenge = fields.code_challenge;
  if (challenge !== undefined || fields.code_challenge_method !== undefined) {
    if (fields.code_challenge_method !== 'S256') return fail('invalid_request', 'Unsupported "code_challenge_method"');
    if (challenge === undefined || !isValidChallenge(challenge)) return fail('invalid_request', 'Invalid "code_challenge"');
  } else if (isCustomScheme(redirectUri)) {
    return fail('invalid_request', 'Missing "code_challenge"');
  }
  return { ok: true, redirectUri, scopes, fields };
}

function signInUsers(world: World) {
  return Object.values(world.state.users)
    .filter((user) => !user.bot)
    .map((user) => ({ id: user.id, label: `${user.global_name ?? user.username} (@${user.username})` }));
}

/** Expired codes can never be exchanged; drop them so a long-running --state file does not grow. */
function pruneExpiredCodes(world: World): void {
  const now = world.clock();
  for (const [code, record] of Object.entries(world.state.codes)) if (record.expiresAt <= now) delete world.state.codes[code];
}

function issueCode(world: World, check: Extract<AuthorizeCheck, { ok: true }>, userId: string): Reply {
  pruneExpiredCodes(world);
  const code = randomBytes(24).toString('base64url');
  const record: CodeRecord = {
    clientId: world.state.application.id,
    userId,
    redirectUri: check.redirectUri,
    scopes: check.scopes,
    expiresAt: world.clock() + CODE_LIFETIME_MS,
    used: false,
  };
  if (check.fields.code_challenge) record.codeChallenge = check.fields.code_challenge;
  if (check.fields.nonce) record.nonce = check.fields.nonce;
  world.state.codes[code] = record;
  world.state.consents[`${record.clientId}:${userId}`] = check.scopes;
  world.changed();
  return redirectWith(check.redirectUri, { code, state: check.fields.state });
}

export const showConsent: Handler = (ctx, world) => {
  if (isInstallRequest(ctx.query)) return showInstall(ctx, world);
  const check = checkAuthorize(ctx.query, world);
  if (!check.ok) return check.reply;
  const adminId = world.state.application.ownerId;
  const approved = world.state.consents[`${world.state.application.id}:${adminId}`] ?? [];
  // prompt=none never shows the page: it succeeds only for scopes the admin approved before.
  if (check.fields.prompt === 'none') {
    if (check.scopes.every((scope) => approved.includes(scope))) return issueCode(world, check, adminId);
    return redirectWith(check.redirectUri, { error: 'consent_required', error_description: 'prompt=none, but these scopes were never approved.', state: check.fields.state });
  }
  return {
    status: 200,
    html: consentPage({
      appName: world.state.application.name,
      action: ctx.rawPath,
      scopes: check.scopes,
      afterwards: `Once you authorize, you will be redirected to ${check.redirectUri}`,
      fields: check.fields,
      users: signInUsers(world),
      selectedUserId: adminId,
    }),
  };
};

/** The consent form's POST: the authorization parameters plus `action` (authorize|cancel) and optional `user_id`. */
export const submitConsent: Handler = (ctx, world) => {
  const form = formBody(ctx);
  if (isInstallRequest(form)) return submitInstall(ctx, world);
  const check = checkAuthorize(form, world);
  if (!check.ok) return check.reply;
  if (form.get('action') !== 'authorize') {
    return redirectWith(check.redirectUri, { error: 'access_denied', error_description: 'The resource owner or authorization server denied the request', state: check.fields.state });
  }
  const userId = form.get('user_id') ?? world.state.application.ownerId;
  const user = world.state.users[userId];
  if (!user || user.bot) return { status: 400, html: errorPage('Unknown user', `user_id "${userId}" is not a seeded user.`) };
  return issueCode(world, check, userId);
};

// ── /oauth2/token ───────────────────────────────────────────────────────────────────────────

interface Client {
  /** true when the secret was presented (Basic auth or client_secret). */
  confidential: boolean;
}

function authenticateClient(ctx: RequestContext, form: URLSearchParams, world: World): Client {
  const app = world.state.application;
  const header = ctx.headers.authorization;
  let id = form.get('client_id');
  let secret = form.get('client_secret');
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    id = decodeURIComponent(decoded.slice(0, colon));
    secret = decodeURIComponent(decoded.slice(colon + 1));
  }
  if (id !== app.id) throw oauthError('badClient');
  if (secret !== null) {
    if (secret !== app.clientSecret) throw oauthError('badClient');
    return { confidential: true };
  }
  if (!app.publicClient) throw oauthError('badClient');
  return { confidential: false };
}

function idToken(world: World, token: TokenRecord, nonce: string | undefined): string {
  const now = Math.floor(world.clock() / 1000);
  return signIdToken(world, { iss: world.origin, sub: token.userId, aud: token.clientId, iat: now, exp: now + 604_800, ...(nonce ? { nonce } : {}) });
}

function tokenResponse(world: World, accessToken: string, nonce?: string): Reply {
  const token = world.state.tokens[accessToken]!;
  return {
    status: 200,
    headers: NO_STORE,
    body: {
      token_type: 'Bearer',
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_LIFETIME_MS / 1000,
      ...(token.refreshToken ? { refresh_token: token.refreshToken } : {}),
      scope: token.scopes.join(' '),
      ...(token.scopes.includes('openid') ? { id_token: idToken(world, token, nonce) } : {}),
    },
  };
}

/** Revokes every token of one authorization (revoking any token revokes them all, facts §7.3). */
function revokeGrant(world: World, grantId: string): void {
  for (const [accessToken, token] of Object.entries(world.state.tokens)) {
    if (token.grantId !== grantId) continue;
    if (token.refreshToken) delete world.state.refreshTokens[token.refreshToken];
    delete world.state.tokens[accessToken];
  }
  world.changed();
}

function exchangeCode(form: URLSearchParams, client: Client, world: World): Reply {
  const code = form.get('code') ?? '';
  const record = world.state.codes[code];
  if (!record) throw oauthError('badCode');
  if (record.used) {
    // A replayed code may be stolen: revoke what it minted (RFC 6749 §4.1.2).
    if (record.grantId) revokeGrant(world, record.grantId);
    throw oauthError('badCode');
  }
  if (record.expiresAt <= world.clock()) throw oauthError('badCode');
  if (form.get('redirect_uri') !== record.redirectUri) throw oauthError('badRedirect');
  const verifier = form.get('code_verifier');
  if (record.codeChallenge) {
    if (verifier !== null && !isValidVerifier(verifier)) throw oauthError('malformedVerifier');
    if (verifier === null || s256(verifier) !== record.codeChallenge) throw oauthError('badVerifier');
  } else {
    if (verifier !== null) throw oauthError('badVerifier');
    // Without its secret and without PKCE, nothing proves who the client is.
    if (!client.confidential) throw oauthError('badClient');
  }
  record.used = true;
  record.grantId = world.ids.next();
  const accessToken = issueToken(
    world.state,
    { kind: 'user', grantId: record.grantId, clientId: record.clientId, userId: record.userId, scopes: record.scopes, expiresAt: world.clock() + ACCESS_TOKEN_LIFETIME_MS },
    true,
  );
  world.changed();
  return tokenResponse(world, accessToken, record.nonce);
}

function refresh(form: URLSearchParams, world: World): Reply {
  const refreshToken = form.get('refresh_token') ?? '';
  const accessToken = world.state.refreshTokens[refreshToken];
  const old = accessToken ? world.state.tokens[accessToken] : undefined;
  if (!accessToken || !old) throw oauthError('badRefresh');
  // Rotation: the old pair dies, a new pair carries the same authorization.
  delete world.state.refreshTokens[refreshToken];
  delete world.state.tokens[accessToken];
  const { refreshToken: _old, ...grant } = old;
  const next = issueToken(world.state, { ...grant, expiresAt: world.clock() + ACCESS_TOKEN_LIFETIME_MS }, true);
  world.changed();
  return tokenResponse(world, next);
}

function clientCredentials(form: URLSearchParams, client: Client, world: World): Reply {
  if (!client.confidential) throw oauthError('badClient');
  const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
  if (scopes.length === 0 || scopes.some((scope) => !CLIENT_CREDENTIAL_SCOPES.has(scope))) throw oauthError('badScope');
  const app = world.state.application;
  const accessToken = issueToken(
    world.state,
    { kind: 'client-credentials', grantId: world.ids.next(), clientId: app.id, userId: app.ownerId, scopes, expiresAt: world.clock() + ACCESS_TOKEN_LIFETIME_MS },
    false,
    'cc',
  );
  world.changed();
  return tokenResponse(world, accessToken);
}

/** Only a form body counts; anything else reads as a form without fields, as on Discord. */
function formOf(ctx: RequestContext): URLSearchParams {
  return isFormEncoded(ctx) ? formBody(ctx) : new URLSearchParams();
}

const GRANTS = {
  authorization_code: (form: URLSearchParams, client: Client, world: World) => exchangeCode(form, client, world),
  refresh_token: (form: URLSearchParams, _client: Client, world: World) => refresh(form, world),
  client_credentials: (form: URLSearchParams, client: Client, world: World) => clientCredentials(form, client, world),
} as const;

export const token: Handler = (ctx, world) => {
  const form = formOf(ctx);
  // The grant type is checked before the client (a JSON body answers unsupported_grant_type, #645).
  const grantType = form.get('grant_type');
  if (grantType === null || !Object.hasOwn(GRANTS, grantType)) throw unsupportedGrantType(grantType);
  const client = authenticateClient(ctx, form, world);
  return GRANTS[grantType as keyof typeof GRANTS](form, client, world);
};

export const revoke: Handler = (ctx, world) => {
  const form = formOf(ctx);
  authenticateClient(ctx, form, world);
  const value = form.get('token') ?? '';
  const accessToken = world.state.tokens[value] ? value : world.state.refreshTokens[value];
  const record = accessToken ? world.state.tokens[accessToken] : undefined;
  // Unknown tokens are not an error (RFC 7009 §2.2).
  if (record) revokeGrant(world, record.grantId);
  return json(200, {});
};

export const currentAuthorization: Handler = (ctx, world) => {
  if (ctx.auth.kind === 'none') throw apiError('unauthorized');
  if (ctx.auth.kind === 'bot') throw apiError('unauthorized');
  const { token: record } = ctx.auth;
  const { id, name, icon, description, type, bot_public, bot_require_code_grant, verify_key, flags, flags_new } = applicationObject(world);
  const user = world.state.users[record.userId];
  return json(200, {
    application: { id, name, icon, description, type, hook: true, bot_public, bot_require_code_grant, verify_key, flags, flags_new },
    scopes: record.scopes,
    // As DOCS/OAUTH2 "Get Current Authorization Information" shows it: "2021-01-01T00:00:00.000000+00:00".
    expires: discordTimestamp(record.expiresAt),
    ...(record.scopes.includes(SCOPES.identify) && user ? { user: userObject(user) } : {}),
  });
};

/**
 * OpenID Connect userinfo (`GET /api/oauth2/userinfo`, discord-api-docs#7377), for a Bearer with
 * `identify`: the claims the OpenAPI spec describes (`sub`, `preferred_username`, `nickname`, `locale`;
 * SPEC get_openid_connect_userinfo) beside the user object fields that were recorded there before `sub`
 * was added (discord-api-docs#7460), so clients of either reading find what they read.
 */
export const userInfo: Handler = (ctx, world) => {
  if (ctx.auth.kind === 'none' || ctx.auth.kind === 'bot') throw apiError('unauthorized');
  if (!ctx.auth.token.scopes.includes(SCOPES.identify)) throw apiError('missingScope');
  const user = world.state.users[ctx.auth.token.userId];
  if (!user) throw apiError('unknownUser');
  return json(200, { sub: user.id, preferred_username: user.username, nickname: user.global_name, ...currentUserObject(user) });
};
