/**
 * Setting the interactions URL of an emulator in this process (the TUI's Try screen, ctrl+o): a check
 * cancelled while the endpoint is slow to answer leaves the URL as it was, even when the endpoint then
 * answers Discord's PINGs as it should.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyKey } from 'discord-interactions';
import { afterAll, expect, it } from 'vitest';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator();
const held: { response: ServerResponse; tampered: boolean }[] = [];
let received!: () => void;
const firstRequest = new Promise<void>((resolve) => (received = resolve));
// A bot that passes both checks (the tampered PING first, refused; then the signed one), slowly: each answer waits for the test.
const slowBot = createServer(async (request, response) => {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  const signed = await verifyKey(body, String(request.headers['x-signature-ed25519']), String(request.headers['x-signature-timestamp']), emulator().verifyKey);
  held.push({ response, tampered: !signed });
  received();
});
afterAll(() => new Promise<void>((resolve) => slowBot.close(() => resolve())));

function answerHeld(): void {
  for (const { response, tampered } of held.splice(0)) {
    if (response.destroyed) continue;
    response.writeHead(tampered ? 401 : 200, { 'Content-Type': 'application/json' }).end(tampered ? '{}' : '{"type":1}');
  }
}

it('a cancelled check leaves the URL as it was, though the endpoint answers afterwards', async () => {
  await new Promise<void>((resolve) => slowBot.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(slowBot.address() as AddressInfo).port}/interactions`;
  const controller = new AbortController();
  const setting = emulator().setInteractionsUrl(url, controller.signal);
  await firstRequest;
  controller.abort(new Error('cancelled by the user'));
  answerHeld();
  await expect(setting).rejects.toThrow('cancelled by the user');
  const app = await call(emulator(), 'GET', '/applications/@me', { auth: botAuth(emulator()) });
  expect(app.body.interactions_endpoint_url ?? null).toBeNull();
  // Not cancelled, the same endpoint is taken: what left it unset was the cancel.
  const again = emulator().setInteractionsUrl(url);
  const answering = setInterval(answerHeld, 5);
  try {
    expect(await again).toBeUndefined();
  } finally {
    clearInterval(answering);
  }
  expect((await call(emulator(), 'GET', '/applications/@me', { auth: botAuth(emulator()) })).body.interactions_endpoint_url).toBe(url);
});
