/**
 * The request log (`serve --log` and GET /__emulator/requests) never shows an interaction token: the
 * routes that carry one in their path are logged with `****` in its place.
 */
import { expect, it } from 'vitest';
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import { call, useEmulator } from '../helpers/emulator.js';
import { callControl } from '../helpers/emulator-control.js';

const printed: LoggedRequest[] = [];
const emulator = useEmulator({ seed: 'empty', onRequest: (entry) => printed.push(entry) });
const TOKEN = 'aW50ZXJhY3Rpb246ZmFrZS10b2tlbi1mb3ItdGVzdHM';

it('logs the callback and webhook routes with the token segment as ****, both in --log and in /__emulator/requests', async () => {
  const app = emulator().applicationId;
  await call(emulator(), 'POST', `/interactions/1234/${TOKEN}/callback`, { json: { type: 4, data: { content: 'hi' } } });
  await call(emulator(), 'POST', `/webhooks/${app}/${TOKEN}`, { json: { content: 'hi' } });
  await call(emulator(), 'PATCH', `/webhooks/${app}/${TOKEN}/messages/@original`, { json: { content: 'hi' } });
  await call(emulator(), 'GET', `/api/webhooks/${app}/${TOKEN}/messages/@original`);
  const listed = (await callControl(emulator(), 'GET', '/__emulator/requests')).body as { requests?: LoggedRequest[] } | LoggedRequest[];
  const entries = Array.isArray(listed) ? listed : (listed.requests ?? []);
  for (const paths of [printed.map((entry) => entry.path), entries.map((entry) => entry.path)]) {
    expect(paths).toEqual([
      '/api/v10/interactions/1234/****/callback',
      `/api/v10/webhooks/${app}/****`,
      `/api/v10/webhooks/${app}/****/messages/@original`,
      `/api/webhooks/${app}/****/messages/@original`,
    ]);
    expect(JSON.stringify(paths)).not.toContain(TOKEN);
  }
});
