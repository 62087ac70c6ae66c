/**
 * The id_token checks: each way a token can be wrong is refused with a message naming the check; a
 * good one is accepted. Keys and tokens are made here (jose signs), the provider keys are read over
 * HTTP from the emulator's discovery document.
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { exportJWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTransport } from '../../source/api/http-transport.js';
import { fetchProviderKeys, verifyIdToken, type ProviderKeys } from '../../source/auth/id-token.js';
import { SignInError } from '../../source/auth/sign-in-error.js';
import { useEmulator } from '../helpers/emulator.js';

const ISSUER = 'https://discord.com';
const CLIENT = '1234567890123456789';
const NONCE = 'nonce-of-this-sign-in';
const now = () => Math.floor(Date.now() / 1000);

function rsaKey(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}
const provider = rsaKey();
const KID = 'provider-key';

async function providerKeys(): Promise<ProviderKeys> {
  return { jwks: { keys: [{ ...(await exportJWK(provider.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] }, algorithms: ['RS256'] };
}

interface TokenOptions {
  claims?: Record<string, unknown>;
  key?: KeyObject;
  kid?: string;
}
function token({ claims = {}, key = provider.privateKey, kid = KID }: TokenOptions = {}): Promise<string> {
  const iat = now();
  return new SignJWT({ iss: ISSUER, aud: CLIENT, sub: '42', iat, exp: iat + 3600, nonce: NONCE, ...claims }).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
}

async function refusal(idToken: string | undefined): Promise<SignInError> {
  const error = await verifyIdToken(idToken, { issuer: ISSUER, clientId: CLIENT, nonce: NONCE }, await providerKeys()).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SignInError);
  expect((error as SignInError).failure).toBe('id-token');
  return error as SignInError;
}

describe('verifyIdToken', () => {
  it('accepts a token signed with the published key, for this client, unexpired, with our nonce', async () => {
    const claims = await verifyIdToken(await token(), { issuer: ISSUER, clientId: CLIENT, nonce: NONCE }, await providerKeys());
    expect(claims).toMatchObject({ sub: '42', nonce: NONCE });
  });

  it.each([
    ['aud', { aud: '999' }, /\(aud\): it is for "999", not this client \(1234567890123456789\)/],
    ['iss', { iss: 'https://evil.example' }, /\(iss\): it was issued by "https:\/\/evil\.example", not https:\/\/discord\.com/],
    ['exp', { iat: now() - 7200, exp: now() - 3600 }, /\(exp\): it expired at \d{4}-/],
    ['iat', { iat: now() + 3600, exp: now() + 7200 }, /\(iat\): it was issued at .*in the future/],
    ['nonce', { nonce: 'another sign-in' }, /\(nonce\): it does not carry the nonce this sign-in sent/],
    ['missing nonce', { nonce: undefined }, /\(nonce\)/],
    ['aud array without azp', { aud: [CLIENT, '999'] }, /\(azp\): it is for several audiences .* and its authorized party is null, not this client/],
    ['aud array with another azp', { aud: [CLIENT, '999'], azp: '999' }, /\(azp\): .*authorized party is "999"/],
    ['azp of another client', { azp: '999' }, /\(azp\): its authorized party is "999", not this client/],
  ])('refuses a wrong %s with its own message', async (_name, claims, message) => {
    expect((await refusal(await token({ claims }))).message).toMatch(message);
  });

  it('accepts a token for several audiences when it names this client as the authorized party (OIDC Core §2)', async () => {
    const claims = await verifyIdToken(await token({ claims: { aud: [CLIENT, '999'], azp: CLIENT } }), { issuer: ISSUER, clientId: CLIENT, nonce: NONCE }, await providerKeys());
    expect(claims).toMatchObject({ azp: CLIENT });
  });

  it('refuses a bad signature (same kid, another key)', async () => {
    expect((await refusal(await token({ key: rsaKey().privateKey }))).message).toMatch(/\(signature\): its signature does not match/);
  });

  it('refuses an unknown kid', async () => {
    expect((await refusal(await token({ kid: 'rotated-away' }))).message).toMatch(/\(kid\): it is signed with a key \(kid "rotated-away"\) the provider does not publish/);
  });

  it('refuses alg none', async () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: ISSUER, aud: CLIENT, iat: now(), exp: now() + 60, nonce: NONCE })}.`;
    expect((await refusal(unsigned)).message).toMatch(/\(algorithm\): it is signed with "none", not one of RS256/);
  });

  it('refuses an HMAC token keyed with the public key (algorithm confusion)', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(await exportJWK(provider.publicKey)));
    const hmac = await new SignJWT({ iss: ISSUER, aud: CLIENT, iat: now(), exp: now() + 60, nonce: NONCE }).setProtectedHeader({ alg: 'HS256', kid: KID }).sign(secret);
    expect((await refusal(hmac)).message).toMatch(/\(algorithm\): it is signed with "HS256"/);
  });

  it('refuses a missing or malformed token', async () => {
    expect((await refusal(undefined)).message).toMatch(/\(missing\)/);
    expect((await refusal('not-a-jwt')).message).toMatch(/\(format\)/);
    expect((await refusal(randomBytes(8).toString('hex'))).message).not.toContain(NONCE);
  });
});

describe('fetchProviderKeys over HTTP', () => {
  const emulator = useEmulator();

  it("reads the emulator's discovery document and key set", async () => {
    const transport = createTransport();
    try {
      const keys = await fetchProviderKeys(transport, emulator().origin);
      expect(keys.algorithms).toEqual(['RS256']);
      expect(keys.jwks.keys).toHaveLength(1);
    } finally {
      await transport.close();
    }
  });

  it('refuses a discovery document fetched for one issuer that names another', async () => {
    const transport = createTransport();
    try {
      const other = emulator().origin.replace('127.0.0.1', 'localhost');
      const error = await fetchProviderKeys(transport, other).catch((caught: unknown) => caught);
      expect((error as SignInError).message).toMatch(/\(provider keys\): the discovery document names issuer "http:\/\/127\.0\.0\.1:\d+", not http:\/\/localhost/);
    } finally {
      await transport.close();
    }
  });
});
