/**
 * `cmd-tui mcp --port N`: the Streamable HTTP transport on 127.0.0.1:N at /mcp, stateless — each POST
 * is answered by a server of its own (the plans they make live in the process's one store), as a stream
 * of events (a long apply_plan tells its progress). Before the protocol sees a request: the Host and
 * Origin checks (request-guard.ts), only /mcp and only POST, at most MAX_IN_FLIGHT requests at once (the
 * SDK bounds each body to 4 MiB).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { checkRequest } from './request-guard.js';

export const MCP_PATH = '/mcp';
/** Requests answered at once; a client sending more waits for 429's retry. Tools are sequential work for one user. */
const MAX_IN_FLIGHT = 16;

export interface HttpDoor {
  /** `http://127.0.0.1:PORT/mcp`. */
  url: string;
  close(): Promise<void>;
}

/** A JSON-RPC error as the SDK's transport words its own refusals. */
function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

export async function listenHttp(port: number, serverFor: () => McpServer, onError: (error: Error) => void): Promise<HttpDoor> {
  let inFlight = 0;
  let listeningPort = port;
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const verdict = checkRequest(req.headers, listeningPort);
    if (!verdict.ok) return refuse(res, verdict.status, verdict.message);
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== MCP_PATH) return refuse(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    if (req.method !== 'POST') return refuse(res, 405, 'Method not allowed: this stateless server takes POST only (no event stream, no session to delete).', { Allow: 'POST' });
    if (inFlight >= MAX_IN_FLIGHT) return refuse(res, 429, `Too many requests at once (${MAX_IN_FLIGHT}): wait for an answer before sending more.`, { 'Retry-After': '1' });
    inFlight += 1;
    const server = serverFor();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      inFlight -= 1;
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
      if (!res.headersSent) refuse(res, 500, 'Internal error: the request could not be answered.');
    }
  };
  // A request without Host reaches checkRequest, which says what is wrong, not Node's empty 400.
  const http = createServer({ requireHostHeader: false }, (req, res) => void answer(req, res));
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => {
      http.off('error', reject);
      resolve();
    });
  });
  listeningPort = (http.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listeningPort}${MCP_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
