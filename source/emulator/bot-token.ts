/**
 * The bot tokens the emulator mints, shaped as Discord's are: three dot-separated parts — the bot user's
 * id in base64 (without padding), when the token was made (4 bytes of Unix seconds, base64url), and an
 * HMAC (base64url) — so that a library that reads the bot's id from its token's first part (hikari:
 * "Unexpected token format" otherwise) works unmodified. The HMAC's key is random and kept nowhere: the
 * emulator knows its token by the copy in its state, and refuses any token it did not mint. Unlike the
 * emulator's other secrets (seed.ts `fakeSecret`), it has no `emu-` prefix: libraries read its shape.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** The length of the HMAC part of the tokens Discord issues today. */
const HMAC_PART_LENGTH = 38;

export function mintBotToken(botUserId: string, now: number): string {
  const id = Buffer.from(botUserId).toString('base64').replace(/=+$/, '');
  const seconds = Buffer.alloc(4);
  seconds.writeUInt32BE(Math.floor(now / 1000) >>> 0);
  const made = seconds.toString('base64url');
  const hmac = createHmac('sha256', randomBytes(32)).update(`${id}.${made}`).digest('base64url').slice(0, HMAC_PART_LENGTH);
  return `${id}.${made}.${hmac}`;
}
