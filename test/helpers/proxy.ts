/**
 * A tiny HTTP proxy in front of the emulator that plays the rest of the world: it forwards every
 * request, and lets a test answer some itself or act (as another writer) around them.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Return true when the request was answered here and must not be forwarded. */
export type Intercept = (request: IncomingMessage, response: ServerResponse, body: Buffer) => boolean | Promise<boolean>;

export interface RunningProxy {
  /** The emulator's base URL (with its /api/v10 path) through the proxy. */
  baseUrl: string;
  /** Forwards a request as it is and gives back the upstream answer, for intercepts that act around one. */
  forward(request: IncomingMessage, body: Buffer): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>;
  close(): Promise<void>;
}

export async function startProxy(upstreamBaseUrl: string, intercept: Intercept = () => false): Promise<RunningProxy> {
  const upstream = new URL(upstreamBaseUrl);
  const forward: RunningProxy['forward'] = (request, body) =>
    new Promise((resolve, reject) => {
      const target = new URL(request.url ?? '/', upstream);
      const sent = httpRequest(target, { method: request.method, headers: { ...request.headers, host: target.host, 'content-length': String(body.length) } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('error', reject);
        answer.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }));
      });
      sent.on('error', reject).end(body);
    });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    // A client that went away while its request was held (a killed TUI) is no failure of the test.
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    request.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', async () => {
      const body = Buffer.concat(chunks);
      if (await intercept(request, response, body)) return;
      const answer = await forward(request, body).catch(() => undefined);
      if (!answer) response.destroy();
      else if (!response.destroyed) response.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    forward,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
