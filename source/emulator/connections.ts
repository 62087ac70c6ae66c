/**
 * How the emulator keeps and ends HTTP/1.1 connections, like the edge in front of Discord's API:
 * idle connections are kept far longer than any rate-limit window, clients that stall while sending are
 * dropped with a 408, and a shutdown lets the requests in flight finish before it closes their sockets.
 */
import type { Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * An idle connection is kept 610 s, the client keep-alive of the Google Front End that Discord's answers
 * come through (`Via: 1.1 google`; https://cloud.google.com/load-balancing/docs/https/request-distribution).
 * Node's default, 5 s, equals the command-create window (`X-RateLimit-Reset-After: 5.000`): a client that
 * waits out the window reused its connection the moment the server closed it (ECONNRESET).
 */
export const KEEP_ALIVE_MS = 610_000;

/**
 * A client that sends its headers or its request slowly is dropped (408) instead of holding a
 * connection for Node's defaults (60 s, 300 s); the others are answered meanwhile either way.
 * An idle kept-alive connection is not "sending": these limits start with a request's first byte.
 */
export const SLOW_CLIENT_LIMITS: SlowClientLimits = { headersMs: 10_000, requestMs: 30_000 };

export interface SlowClientLimits {
  headersMs: number;
  requestMs: number;
}

/** How long a shutdown waits for the requests in flight (a `slow` fault's delay among them) before it cuts them off. */
const SHUTDOWN_GRACE_MS = 5_000;

export function serverOptions(slowClient: SlowClientLimits): ServerOptions {
  return {
    headersTimeout: slowClient.headersMs,
    requestTimeout: slowClient.requestMs,
    // The limits are checked every so often: at a tenth of the headers limit, a late client is dropped promptly.
    connectionsCheckingInterval: Math.max(10, slowClient.headersMs / 10),
    keepAliveTimeout: KEEP_ALIVE_MS,
    // A request without Host reaches the guard (request-guard.ts), which answers it Discord-shaped, not Node's empty 400.
    requireHostHeader: false,
  };
}

/**
 * What Node answers itself, before a request reaches the pipeline: a request its parser cannot read (a Host
 * with control bytes, a broken request line), a stalled client, headers too large. Answered in Discord's shape
 * like every other refusal instead of Node's empty bodies, with the status Node would give.
 */
const UNREAD: Record<string, readonly [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'the request was not sent in time: the connection is closed'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'the headers are larger than the emulator reads'],
};
const UNREADABLE = [400, 'Bad Request', 'the request could not be read as HTTP: its request line or a header holds bytes HTTP does not allow'] as const;

function answerUnread(error: NodeJS.ErrnoException, socket: Duplex): void {
  const answering = (socket as { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, why] = UNREAD[error.code ?? ''] ?? UNREADABLE;
  const body = JSON.stringify({ message: `${status}: ${reason} (${why})`, code: 0 });
  // The server's sockets are half-open: end() alone would wait for a client that never closes (a stalled one) to let go.
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`, () => socket.destroy());
}

export interface ConnectionKeeper {
  /** Call first for every request: once the server is closing, its answer ends the connection. */
  admit(response: ServerResponse): void;
  /** Stops accepting, closes idle connections now and busy ones once answered (or after the grace period). */
  close(): Promise<void>;
}

export function keepConnections(server: Server): ConnectionKeeper {
  const sockets = new Set<Socket>();
  const inFlight = new Set<ServerResponse>();
  let closing = false;
  server.on('clientError', answerUnread);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const endsConnection = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  return {
    admit(response) {
      if (closing) endsConnection(response);
      inFlight.add(response);
      response.once('close', () => {
        inFlight.delete(response);
        // A connection that was busy when the shutdown began is idle once its answer is out.
        if (closing) setImmediate(() => server.closeIdleConnections());
      });
    },
    close() {
      closing = true;
      // Answers still to be written tell their clients not to send another request on this connection.
      for (const response of inFlight) endsConnection(response);
      return new Promise<void>((resolve) => {
        const cutOff = setTimeout(() => {
          for (const socket of sockets) socket.destroy();
        }, SHUTDOWN_GRACE_MS);
        cutOff.unref();
        server.close(() => {
          clearTimeout(cutOff);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
