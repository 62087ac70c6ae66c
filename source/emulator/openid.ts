/**
 * The emulator as an OpenID provider: the discovery document at `/.well-known/openid-configuration`,
 * the published signing key at `/api/oauth2/keys`, and RS256-signed id_tokens, so a client's whole
 * verification path (discovery → jwks_uri → signature and claims) runs over HTTP.
 * Discord serves discovery at https://discord.com/.well-known/openid-configuration with issuer
 * `https://discord.com` (discord-api-docs #7377, #8534; next-auth #12687); the key path and the
 * algorithm are not recorded publicly, so the emulator uses OpenID's default (RS256) under /api/oauth2/keys.
 */
import { createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { json, type Handler, type World } from './request-context.js';

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  jwk: Record<string, unknown>;
}

// One key per emulator run, made when first needed: RSA generation costs tens of milliseconds.
const keys = new WeakMap<World, SigningKey>();

function signingKey(world: World): SigningKey {
  let key = keys.get(world);
  if (!key) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = randomBytes(8).toString('hex');
    const jwk = { ...createPublicKey(privateKey).export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
    key = { kid, privateKey, jwk };
    keys.set(world, key);
  }
  return key;
}

export function signIdToken(world: World, claims: Record<string, unknown>): string {
  const key = signingKey(world);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT', kid: key.kid })}.${part(claims)}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key.privateKey).toString('base64url')}`;
}

/** The discovery document, at the site root (OpenID Connect Discovery 1.0 §4). */
export const getDiscoveryDocument: Handler = (_ctx, world) => {
  const origin = world.origin;
  return json(200, {
    issuer: origin,
    authorization_endpoint: `${origin}/oauth2/authorize`,
    token_endpoint: `${origin}/api/oauth2/token`,
    revocation_endpoint: `${origin}/api/oauth2/token/revoke`,
    jwks_uri: `${origin}/api/oauth2/keys`,
    userinfo_endpoint: `${origin}/api/oauth2/userinfo`,
    response_types_supported: ['code', 'token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'identify', 'email', 'guilds', 'applications.commands.permissions.update', 'sdk.social_layer', 'sdk.social_layer_presence'],
    claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'at_hash'],
    code_challenge_methods_supported: ['S256'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
  });
};

export const getSigningKeys: Handler = (_ctx, world) => ({ status: 200, body: { keys: [signingKey(world).jwk] } });
