/**
 * The one check cmd-tui makes on an OpenID `id_token`: its `nonce` claim equals the nonce this
 * sign-in sent. The signature is not verified: the token came straight from the token endpoint over
 * TLS (or loopback), which OpenID Connect Core §3.1.3.7 accepts in place of signature validation.
 */
import { SignInError } from './sign-in-error.js';

export function idTokenClaims(idToken: string): Record<string, unknown> {
  const payload = idToken.split('.')[1];
  if (!payload) throw new SignInError('nonce', 'The id_token Discord returned is malformed.');
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new SignInError('nonce', 'The id_token Discord returned is malformed.');
  }
}

/** Throws unless the id_token is present and carries our nonce. */
export function checkIdTokenNonce(idToken: string | undefined, nonce: string): void {
  if (!idToken) throw new SignInError('nonce', 'An openid sign-in returned no id_token, so its nonce could not be checked.');
  if (idTokenClaims(idToken).nonce !== nonce) throw new SignInError('nonce', 'The id_token does not carry the nonce of this sign-in; the token was not used.');
}
