import { describe, expect, it } from 'vitest';
import { createAuthorizationCodeVerifier, randomState, s256 } from '../../source/auth/pkce.js';

describe('PKCE and state', () => {
  it('passes the RFC 7636 Appendix B vector (B1)', () => {
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('generates 10,000 distinct well-formed verifiers and 256-bit states (B2)', () => {
    const verifiers = new Set<string>();
    const states = new Set<string>();
    const malformed: string[] = [];
    for (let i = 0; i < 10_000; i += 1) {
      const { verifier, challenge } = createAuthorizationCodeVerifier();
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || challenge.method !== 'S256' || challenge.challenge !== s256(verifier)) malformed.push(verifier);
      verifiers.add(verifier);
      const state = randomState();
      if (Buffer.from(state, 'base64url').length !== 32) malformed.push(state);
      states.add(state);
    }
    expect(malformed).toEqual([]);
    expect(verifiers.size).toBe(10_000);
    expect(states.size).toBe(10_000);
  });
});
