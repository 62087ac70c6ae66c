/**
 * PKCE (RFC 7636) and the random values of a sign-in: a 43-character verifier from 32 random bytes,
 * its S256 challenge, and a 256-bit `state`. The only challenge method is S256 (Discord accepts no other).
 */
import { createHash, randomBytes } from 'node:crypto';

export interface AuthorizationCodeChallenge {
  method: 'S256';
  challenge: string;
}

export interface AuthorizationCodeVerifier {
  challenge: AuthorizationCodeChallenge;
  verifier: string;
}

/** BASE64URL(SHA256(ASCII(verifier))). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function createAuthorizationCodeVerifier(): AuthorizationCodeVerifier {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: { method: 'S256', challenge: s256(verifier) } };
}

/** 256 bits, URL-safe: far above the 128-bit floor for `state` (RFC 6749 §10.10). */
export function randomState(): string {
  return randomBytes(32).toString('base64url');
}
