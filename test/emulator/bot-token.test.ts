/**
 * The bot token the emulator mints is shaped as Discord's: the bot user's id in base64, when it was made,
 * an HMAC. hikari reads the bot's id from the first part (`hikari.applications.get_token_id`: the part
 * before the first dot, padded, base64-decoded, read as a snowflake) and refuses a token it cannot read so
 * ("Unexpected token format"); hikari itself cannot be installed here (no PyPI), so its reading is done
 * below as it does it. The emulator still takes only the token it minted; cmd-tui hides it like any token.
 */
import { expect, it } from 'vitest';
import { mintBotToken } from '../../source/emulator/bot-token.js';
import { looksLikeSecret } from '../../source/terminal/secret-shape.js';
import { redactSecrets, registerCredentials } from '../../source/terminal/redact-secrets.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { GatewayClient } from '../helpers/gateway-client.js';

const emulator = useEmulator({ seed: 'empty' });

/** The bot id in a token as hikari reads it: the first part, base64 (standard alphabet, padding optional). */
function idAsHikariReadsIt(token: string): string {
  const segment = token.split('.', 1)[0]!;
  if (!/^[A-Za-z0-9+/]+$/.test(segment) || segment.length % 4 === 1) throw new Error('Unexpected token format');
  const id = atob(segment.padEnd(Math.ceil(segment.length / 4) * 4, '='));
  if (!/^\d+$/.test(id)) throw new Error('Unexpected token format');
  return id;
}

it("is the bot's id, a time and an HMAC, and hikari reads the bot's id from it", async () => {
  const { botToken } = emulator();
  const me = await call(emulator(), 'GET', '/users/@me', { auth: botAuth(emulator()) });
  expect(me.status).toBe(200);
  expect(idAsHikariReadsIt(botToken)).toBe(me.body.id);
  // The bot's id is the application's, as for every app Discord has made since 2020.
  expect(me.body.id).toBe(emulator().applicationId);
  const [, made, hmac] = botToken.split('.');
  // 4 bytes of Unix seconds, from when the emulator started.
  const seconds = Buffer.from(made!, 'base64url').readUInt32BE(0);
  expect(Math.abs(seconds - Date.now() / 1000)).toBeLessThan(600);
  expect(hmac).toMatch(/^[\w-]{38}$/);
});

it('is the only token the emulator takes: one of the same shape for the same bot is refused, on REST (401) and the gateway (4004)', async () => {
  const forged = mintBotToken(emulator().seeded.botUserId, Date.now());
  expect(idAsHikariReadsIt(forged)).toBe(idAsHikariReadsIt(emulator().botToken));
  const refused = await call(emulator(), 'GET', '/users/@me', { auth: `Bot ${forged}` });
  expect(refused.status).toBe(401);
  const url = (await call(emulator(), 'GET', '/gateway')).body.url as string;
  const client = await GatewayClient.open(url);
  client.identify(forged);
  expect((await client.closed).code).toBe(4004);
});

it('is hidden as any token is: taken for a secret when it is an argument, and never printed once known', () => {
  const { botToken } = emulator();
  expect(looksLikeSecret(botToken)).toBe(true);
  expect(looksLikeSecret(`Bot ${botToken}`)).toBe(true);
  registerCredentials({ botToken });
  expect(redactSecrets(`Authorization: Bot ${botToken}`)).toBe('Authorization: Bot ****');
});
