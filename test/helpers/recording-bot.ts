/**
 * A bot's interactions endpoint for emulator tests: it verifies each request as a bot must (the
 * unmodified `discord-interactions` package; the endpoint check's wrongly signed PING is refused),
 * answers the PING, keeps each interaction it receives by id and answers it with a message. Listening on
 * 127.0.0.1 before the file's tests, set as the app's endpoint with PATCH /applications/@me, closed after.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RunningEmulator } from '../../source/emulator/server.js';
import { botAuth, call } from './emulator.js';
import { signedBot } from './signed-bot.js';

export interface RecordingBot<Payload> {
  delivered: Map<string, Payload>;
  /** The interaction `id`, once the bot has received it. */
  received(id: string): Promise<Payload>;
}

export function useRecordingBot<Payload>(emulator: () => RunningEmulator): RecordingBot<Payload> {
  const delivered = new Map<string, Payload>();
  const bot = signedBot<{ id?: unknown; type?: unknown }>(() => emulator().verifyKey, (body) => {
    delivered.set(body.id as string, body as Payload);
    return { type: 4, data: { content: 'ok' } };
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
    const endpoint = await call(emulator(), 'PATCH', '/applications/@me', { auth: botAuth(emulator()), json: { interactions_endpoint_url: `http://127.0.0.1:${(bot.address() as AddressInfo).port}/` } });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
  });
  afterAll(() => bot.close());
  return {
    delivered,
    async received(id) {
      for (;;) {
        const payload = delivered.get(id);
        if (payload) return payload;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
