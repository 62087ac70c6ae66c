/**
 * The authorization server's pure checks (reliability-anchors §3, B10): redirect URIs match exactly
 * except the port of a loopback URI (RFC 8252 §7.3); custom-scheme redirects need PKCE; S256 only;
 * verifiers of 43–128 unreserved characters (RFC 7636 §4.1).
 */
import { createHash } from 'node:crypto';

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', '[::1]', 'localhost']);
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE_PATTERN = /^[A-Za-z0-9\-_]{43}$/;

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

export function isLoopbackHttp(uri: string): boolean {
  const url = parse(uri);
  return url?.protocol === 'http:' && LOOPBACK_HOSTNAMES.has(url.hostname);
}

export function isCustomScheme(uri: string): boolean {
  const url = parse(uri);
  return url !== undefined && url.protocol !== 'http:' && url.protocol !== 'https:';
}

/** The registered URI `candidate` matches, if any. */
export function matchRedirectUri(registered: readonly string[], candidate: string): string | undefined {
  if (registered.includes(candidate)) return candidate;
  if (!isLoopbackHttp(candidate)) return undefined;
  const wanted = parse(candidate)!;
  return registered.find((uri) => {
    const url = parse(uri);
    if (!url || !isLoopbackHttp(uri)) return false;
    // Any port on a loopback redirect: compare everything but the port.
    return url.hostname === wanted.hostname && url.pathname === wanted.pathname && url.search === wanted.search && url.hash === wanted.hash && url.username === wanted.username;
  });
}

export function isValidVerifier(verifier: string): boolean {
  return VERIFIER_PATTERN.test(verifier);
}

export function isValidChallenge(challenge: string): boolean {
  return CHALLENGE_PATTERN.test(challenge);
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
