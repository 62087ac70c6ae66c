/**
 * The emulator application's Ed25519 key, which signs every interaction it delivers over HTTP as
 * Discord does (DOCS/RR "Security and Authorization"): `X-Signature-Ed25519` is the hex signature of
 * the `X-Signature-Timestamp` value followed by the raw body, and the key's public half, in hex, is the
 * application's `verify_key`. The key is kept as its 32-byte seed in the state, so a saved world keeps it.
 */
import { createPrivateKey, createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';

/** The fixed PKCS#8 header of an Ed25519 private key; the 32-byte seed follows it (RFC 8410 §7). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function newSigningSeed(): string {
  return randomBytes(32).toString('hex');
}

export interface InteractionSigner {
  /** The public key in hex, as the application's `verify_key`. */
  publicKeyHex: string;
  /** The two headers Discord sends with a delivery of `body` at `timestamp` (seconds). */
  headers(body: string, timestamp: number): Record<string, string>;
}

/** The signer of an application record (its seed is set at start for state files written before it). */
export function signerOf(application: { interactionsKeySeed?: string }): InteractionSigner {
  return interactionSigner(application.interactionsKeySeed!);
}

export function interactionSigner(seedHex: string): InteractionSigner {
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(seedHex, 'hex')]), format: 'der', type: 'pkcs8' });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return {
    // The raw key is the last 32 bytes of its SubjectPublicKeyInfo.
    publicKeyHex: spki.subarray(spki.length - 32).toString('hex'),
    headers(body, timestamp) {
      const signed = `${timestamp}${body}`;
      return {
        'X-Signature-Ed25519': sign(null, Buffer.from(signed), privateKey).toString('hex'),
        'X-Signature-Timestamp': String(timestamp),
      };
    },
  };
}
