/**
 * The emulator's gateway (DOCS/TOPICS "Gateway"): WebSocket connections on the emulator's port (the `url`
 * of GET /gateway/bot), each served by connection.ts, and the sessions and session start limit they share.
 * The WebSocket library (`ws`, which brings node:https and node:tls) loads with the first connection, not
 * with the emulator: `--demo` starts an emulator and no bot. An upgrade the server's guard refuses (a
 * foreign Host or Origin: a web page, request-guard.ts) gets the guard's answer. Bounded so that a real
 * client always gets its HELLO: at most MAX_CONNECTIONS sockets; of those, at most MAX_UNIDENTIFIED waiting
 * to identify or resume (each for at most IDENTIFY_WITHIN_MS, connection.ts), and MAX_UNIDENTIFIED_PER_ADDRESS
 * from one address. A new socket over either bound closes the oldest waiting one (of its own address first)
 * instead of being refused: a library identifies the moment it has its HELLO, so only silent sockets are
 * ever the oldest. Frames over 64 KiB are cut by the library before they are read.
 */
import { STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { ApiFailure } from '../api-errors.js';
import type { GatewayAccess, World } from '../request-context.js';
import { formatHost, parseHostHeader } from '../../discord/host-header.js';
import { GATEWAY_LIMITS } from './limits.js';
import { SessionStore, type SessionStartLimit } from './sessions.js';

/** Discord's interval (DOCS/TOPICS "Hello Event" example). */
export const HEARTBEAT_INTERVAL_MS = 41_250;
/** GATEWAY_LIMITS by name (limits.ts says why each). */
export const MAX_CONNECTIONS = GATEWAY_LIMITS.connections;
export const MAX_UNIDENTIFIED = GATEWAY_LIMITS.waiting;
export const MAX_UNIDENTIFIED_PER_ADDRESS = GATEWAY_LIMITS.waitingPerAddress;
/** Larger frames are refused by `ws` before they are read (a gateway frame Discord takes is 4,096 bytes). */
const MAX_FRAME_BYTES = 64 * 1024;
/** IDENTIFY's session start limit (DOCS/TOPICS "Session Start Limit Object"): 1,000 a day, one at a time. */
export const SESSION_START_TOTAL = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface GatewayOptions {
  /** Test hook: Discord's is 41,250 ms. */
  heartbeatIntervalMs?: number;
  /** Why an upgrade with these headers is refused (the server's Host and Origin checks), or undefined. */
  guard?: (headers: IncomingHttpHeaders) => ApiFailure | undefined;
}

export interface Gateway extends GatewayAccess {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

/** An HTTP answer instead of the upgrade, Discord-shaped JSON when there is something to say. */
function refuseUpgrade(socket: Duplex, status: number, body?: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  const type = body === undefined ? '' : 'Content-Type: application/json\r\n';
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n${type}Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}

/** Sockets waiting to identify, oldest first, each with its remote address. */
class WaitingSockets {
  private readonly waiting = new Map<Duplex, string>();

  get size(): number {
    return this.waiting.size;
  }

  add(socket: Duplex, address: string): void {
    this.waiting.set(socket, address);
  }

  delete(socket: Duplex): void {
    this.waiting.delete(socket);
  }

  /** The socket to close to make room for one more from `address`, if a bound is reached (`full`: every connection is taken). */
  toEvict(address: string, full: boolean): Duplex | undefined {
    let fromAddress = 0;
    let oldestHere: Duplex | undefined;
    for (const [socket, from] of this.waiting) {
      if (from !== address) continue;
      fromAddress += 1;
      oldestHere ??= socket;
    }
    if (fromAddress >= MAX_UNIDENTIFIED_PER_ADDRESS) return oldestHere;
    return full || this.waiting.size >= MAX_UNIDENTIFIED ? this.waiting.keys().next().value : undefined;
  }
}

export function createGateway(world: World, options: GatewayOptions = {}): Gateway {
  const sessions = new SessionStore(world.clock);
  /** Every socket an upgrade was started on, until it closes. */
  const sockets = new Set<Duplex>();
  /** Those of them that have not identified or resumed yet. */
  const unidentified = new WaitingSockets();
  let closed = false;
  let starts = { windowStart: world.clock(), count: 0 };
  let loaded: Promise<{ server: WebSocketServer; serveConnection: typeof import('./connection.js').serveConnection }> | undefined;

  const startLimit = (): SessionStartLimit => {
    if (world.clock() - starts.windowStart >= DAY_MS) starts = { windowStart: world.clock(), count: 0 };
    return { total: SESSION_START_TOTAL, remaining: SESSION_START_TOTAL - starts.count, reset_after: starts.windowStart + DAY_MS - world.clock(), max_concurrency: 1 };
  };
  // Under the name the client reached the emulator by (a container's host.docker.internal), else its own address.
  const url = (host?: string) => {
    const named = parseHostHeader(host);
    return named ? `ws://${formatHost(named)}` : world.origin.replace(/^http/, 'ws');
  };
  const context = {
    world,
    sessions,
    interval: options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS,
    takeSessionStart: () => {
      if (startLimit().remaining <= 0) return false;
      starts.count += 1;
      return true;
    },
    url,
  };
  const load = () =>
    (loaded ??= Promise.all([import('ws'), import('./connection.js')]).then(([{ WebSocketServer }, { serveConnection }]) => ({
      server: new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false }),
      serveConnection,
    })));

  return {
    url,
    handleUpgrade(request, socket, head) {
      const refused = options.guard?.(request.headers);
      if (refused) return refuseUpgrade(socket, refused.status, refused.body);
      const path = URL.parse(request.url ?? '/', 'ws://gateway.invalid')?.pathname;
      if (path !== '/') return refuseUpgrade(socket, 404);
      if (closed) return refuseUpgrade(socket, 503);
      const address = request.socket.remoteAddress ?? '';
      const evicted = unidentified.toEvict(address, sockets.size >= MAX_CONNECTIONS);
      if (evicted) {
        unidentified.delete(evicted);
        evicted.destroy();
      }
      if (sockets.size - (evicted ? 1 : 0) >= MAX_CONNECTIONS) return refuseUpgrade(socket, 503);
      sockets.add(socket);
      unidentified.add(socket, address);
      socket.once('close', () => {
        sockets.delete(socket);
        unidentified.delete(socket);
      });
      load().then(
        ({ server, serveConnection }) => {
          if (closed || socket.destroyed) return void socket.destroy();
          const authenticated = () => unidentified.delete(socket);
          const here = () => url(request.headers.host);
          server.handleUpgrade(request, socket, head, (connection) => serveConnection(connection, request, { ...context, url: here, authenticated }));
        },
        () => socket.destroy(),
      );
    },
    dispatch: (event) => sessions.dispatch(event),
    reaches: (guildId) => sessions.reaches(guildId),
    sessionStartLimit: startLimit,
    close() {
      closed = true;
      for (const socket of sockets) socket.destroy();
      void loaded?.then(({ server }) => server.close());
    },
  };
}
