/**
 * An HTTP interactions bot for emulator tests, as a bot author writes one: every request's signature
 * checked with the unmodified `discord-interactions` package (the endpoint check's PING with a wrong
 * signature is refused with 401), a signed PING answered with a PONG, and every other interaction passed
 * to `answer` — whose result is the JSON answer, or undefined to say nothing (the bot too slow).
 */
import { createServer, type Server } from 'node:http';
import { verifyKey } from 'discord-interactions';

export function signedBot<Interaction extends { type?: unknown }>(publicKey: () => string, answer: (interaction: Interaction) => Promise<unknown> | unknown): Server {
  return createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    if (!(await verifyKey(raw, String(request.headers['x-signature-ed25519']), String(request.headers['x-signature-timestamp']), publicKey()))) return void response.writeHead(401).end();
    const body = JSON.parse(raw.toString('utf8')) as Interaction;
    if (body.type === 1) return void response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"type":1}');
    const reply = await answer(body);
    if (reply === undefined) return;
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply));
  });
}
