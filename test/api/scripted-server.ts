/**
 * A tiny node:http server on 127.0.0.1 whose every answer a test scripts: status, headers and body,
 * a dropped connection (`reset`) or no answer at all (`hang`). It records each request it saw.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export type ScriptedAnswer =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | 'reset'
  | 'hang';

export type Script = (req: SeenRequest, index: number) => ScriptedAnswer | Promise<ScriptedAnswer>;

export interface ScriptedServer {
  origin: string;
  baseUrl: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

export async function startScriptedServer(script: Script): Promise<ScriptedServer> {
  const requests: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const seen: SeenRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body, at: performance.now() };
      requests.push(seen);
      void Promise.resolve(script(seen, requests.length - 1)).then((answer) => {
        if (answer === 'reset') {
          req.socket.destroy();
          return;
        }
        if (answer === 'hang') {
          hanging.add(res);
          return;
        }
        const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api/v10`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Parses a form-encoded body the way the token endpoint would. */
export function formOf(req: SeenRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(req.body));
}
