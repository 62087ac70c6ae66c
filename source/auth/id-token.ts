/**
 * Checks an OpenID `id_token` before a sign-in that asked for `openid` is used (OpenID Connect Core
 * §3.1.3.7): its signature against the keys the provider publishes (discovery document → `jwks_uri`),
 * `iss` (the provider's issuer), `aud` (our client id), `exp`, `iat` and our `nonce`. A token that fails
 * any check is refused with a message that names the check. The JOSE work is jose's, loaded only here.
 */
import type { HttpResponse, Transport } from '../api/http-transport.js';
import { TransportError } from '../api/http-transport.js';
import { assertTokenSafeUrl } from '../api/target.js';
import { SignInError } from './sign-in-error.js';

export interface IdTokenExpectations {
  /** The provider's issuer: the API's origin (`https://discord.com`). */
  issuer: string;
  clientId: string;
  nonce: string;
  /** Seconds since the epoch; default now. */
  now?: number;
}

/** The published keys (`{ keys: [...] }`, RFC 7517 §5) and the algorithms the provider signs with. */
export interface ProviderKeys {
  jwks: { keys: Record<string, unknown>[] };
  algorithms: string[];
}

/** Clock skew allowed between this machine and the provider. */
const CLOCK_TOLERANCE_S = 120;
/** `none` and the HMAC algorithms (keyed with a secret a public client does not have) are never accepted. */
const ACCEPTED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

/** A discovery document or key set is a few KB: one over this is not read (and the sign-in is not used). */
const PROVIDER_DOCUMENT_MAX_BYTES = 1024 * 1024;

function refuse(check: string, detail: string): SignInError {
  return new SignInError('id-token', `The id_token was refused (${check}): ${detail}. The sign-in was not used.`);
}

async function getJson(transport: Transport, url: string, what: string): Promise<unknown> {
  assertTokenSafeUrl(url);
  let response: HttpResponse;
  try {
    response = await transport.send({ method: 'GET', url, headers: { accept: 'application/json' }, maxBytes: PROVIDER_DOCUMENT_MAX_BYTES });
  } catch (error) {
    throw refuse('provider keys', `could not read the ${what} at ${url} (${error instanceof TransportError ? error.message : 'request failed'})`);
  }
  if (response.status !== 200) throw refuse('provider keys', `the ${what} at ${url} answered HTTP ${response.status}`);
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    throw refuse('provider keys', `the ${what} at ${url} is not JSON`);
  }
}

/** Reads the discovery document at `<issuer>/.well-known/openid-configuration`, then its `jwks_uri`. */
export async function fetchProviderKeys(transport: Transport, issuer: string): Promise<ProviderKeys> {
  const discoveryUrl = `${issuer}/.well-known/openid-configuration`;
  const discovery = (await getJson(transport, discoveryUrl, 'OpenID discovery document')) as Record<string, unknown> | null;
  // OpenID Connect Discovery §4.3: the document's issuer must be the one it was fetched for.
  if (discovery?.issuer !== issuer) throw refuse('provider keys', `the discovery document names issuer ${JSON.stringify(discovery?.issuer)}, not ${issuer}`);
  if (typeof discovery.jwks_uri !== 'string') throw refuse('provider keys', 'the discovery document has no jwks_uri');
  const jwks = (await getJson(transport, discovery.jwks_uri, 'key set')) as { keys?: unknown } | null;
  if (!Array.isArray(jwks?.keys)) throw refuse('provider keys', `the key set at ${discovery.jwks_uri} has no keys`);
  const advertised = Array.isArray(discovery.id_token_signing_alg_values_supported) ? discovery.id_token_signing_alg_values_supported.filter((alg) => typeof alg === 'string') : ['RS256'];
  return { jwks: { keys: jwks.keys.filter((key): key is Record<string, unknown> => key !== null && typeof key === 'object') }, algorithms: advertised };
}

/** Verifies the token and returns its claims; throws a SignInError naming the failed check. */
export async function verifyIdToken(idToken: string | undefined, expected: IdTokenExpectations, keys: ProviderKeys): Promise<Record<string, unknown>> {
  if (!idToken) throw refuse('missing', 'an openid sign-in returned no id_token');
  const jose = await import('jose');
  const algorithms = keys.algorithms.filter((alg) => ACCEPTED_ALGORITHMS.includes(alg));
  let header: { alg?: string; kid?: string };
  try {
    header = jose.decodeProtectedHeader(idToken);
  } catch {
    throw refuse('format', 'it is not a signed JWT');
  }
  if (!header.alg || !algorithms.includes(header.alg)) {
    throw refuse('algorithm', `it is signed with ${JSON.stringify(header.alg ?? 'none')}, not one of ${algorithms.join(', ') || 'the provider’s algorithms'}`);
  }
  let payload: Record<string, unknown>;
  try {
    const keySet = jose.createLocalJWKSet(keys.jwks as Parameters<typeof jose.createLocalJWKSet>[0]);
    ({ payload } = await jose.jwtVerify(idToken, keySet, {
      issuer: expected.issuer,
      audience: expected.clientId,
      algorithms,
      requiredClaims: ['iss', 'aud', 'exp', 'iat'],
      clockTolerance: CLOCK_TOLERANCE_S,
      ...(expected.now === undefined ? {} : { currentDate: new Date(expected.now * 1000) }),
    }));
  } catch (error) {
    throw describeJoseFailure(error, header, expected);
  }
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  // jose checks `iat` only for being a number; a token from the future is as wrong as an expired one.
  if (typeof payload.iat === 'number' && payload.iat > now + CLOCK_TOLERANCE_S) {
    throw refuse('iat', `it was issued at ${new Date(payload.iat * 1000).toISOString()}, in the future`);
  }
  if (payload.nonce !== expected.nonce) throw refuse('nonce', 'it does not carry the nonce this sign-in sent (a replayed or swapped token)');
  // OIDC Core §2/§3.1.3.7: a token for several audiences must name this client as the party it was issued to.
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId) {
    throw refuse('azp', `it is for several audiences (${JSON.stringify(payload.aud)}) and its authorized party is ${JSON.stringify(payload.azp ?? null)}, not this client (${expected.clientId})`);
  }
  if (payload.azp !== undefined && payload.azp !== expected.clientId) throw refuse('azp', `its authorized party is ${JSON.stringify(payload.azp)}, not this client (${expected.clientId})`);
  return payload;
}

function describeJoseFailure(error: unknown, header: { kid?: string }, expected: IdTokenExpectations): SignInError {
  const code = (error as { code?: string }).code;
  const claim = (error as { claim?: string }).claim;
  const payload = (error as { payload?: Record<string, unknown> }).payload;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return refuse('exp', `it expired at ${typeof payload?.exp === 'number' ? new Date(payload.exp * 1000).toISOString() : 'an earlier time'}`);
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'iss') return refuse('iss', `it was issued by ${JSON.stringify(payload?.iss)}, not ${expected.issuer}`);
      if (claim === 'aud') return refuse('aud', `it is for ${JSON.stringify(payload?.aud)}, not this client (${expected.clientId})`);
      return refuse(claim ?? 'claims', (error as Error).message);
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return refuse('kid', `it is signed with a key (${header.kid ? `kid ${JSON.stringify(header.kid)}` : 'no kid'}) the provider does not publish`);
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return refuse('kid', 'the provider publishes several keys that match it and it names none (no kid)');
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return refuse('signature', 'its signature does not match the provider’s published key');
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return refuse('algorithm', (error as Error).message);
    default:
      return refuse('format', error instanceof Error ? error.message : 'it could not be read');
  }
}
