/**
 * The emulator's gateway (DOCS/TOPICS "Gateway"): WebSocket connections on the emulator's port (the `url`
 * of GET /gateway/bot), each served by connection.ts, and the sessions and session start limit they share.
 * The WebSocket library (`ws`, which brings node:https and node:tls) loads with the first connection, not
 * with the emulator: `--demo` starts an emulator and no bot. Bounded: at most MAX_CONNECTIONS sockets, of
 * which at most MAX_UNIDENTIFIED not yet identified (so silent sockets cannot take every slot), frames over
 * 64 KiB cut by the library before they are read.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { GatewayAccess, World } from '../request-context.js';
import { SessionStore, type SessionStartLimit } from './sessions.js';

/** Discord's interval (DOCS/TOPICS "Hello Event" example). */
export const HEARTBEAT_INTERVAL_MS = 41_250;
/** Sockets open at once; the emulator is one app's gateway, not a fleet's. */
export const MAX_CONNECTIONS = 100;
/** Sockets open at once that have not identified or resumed yet. */
export const MAX_UNIDENTIFIED = 20;
/** Larger frames are refused by `ws` before they are read (a gateway frame Discord takes is 4,096 bytes). */
const MAX_FRAME_BYTES = 64 * 1024;
/** IDENTIFY's session start limit (DOCS/TOPICS "Session Start Limit Object"): 1,000 a day, one at a time. */
export const SESSION_START_TOTAL = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface GatewayOptions {
  /** Test hook: Discord's is 41,250 ms. */
  heartbeatIntervalMs?: number;
}

export interface Gateway extends GatewayAccess {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function createGateway(world: World, options: GatewayOptions = {}): Gateway {
  const sessions = new SessionStore(world.clock);
  /** Every socket an upgrade was started on, until it closes. */
  const sockets = new Set<Duplex>();
  /** Those of them that have not identified or resumed yet. */
  const unidentified = new Set<Duplex>();
  let closed = false;
  let starts = { windowStart: world.clock(), count: 0 };
  let loaded: Promise<{ server: WebSocketServer; serveConnection: typeof import('./connection.js').serveConnection }> | undefined;

  const startLimit = (): SessionStartLimit => {
    if (world.clock() - starts.windowStart >= DAY_MS) starts = { windowStart: world.clock(), count: 0 };
    return { total: SESSION_START_TOTAL, remaining: SESSION_START_TOTAL - starts.count, reset_after: starts.windowStart + DAY_MS - world.clock(), max_concurrency: 1 };
  };
  const url = () => world.origin.replace(/^http/, 'ws');
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
      const path = URL.parse(request.url ?? '/', 'ws://gateway.invalid')?.pathname;
      if (path !== '/') return refuseUpgrade(socket, '404 Not Found');
      if (closed || sockets.size >= MAX_CONNECTIONS || unidentified.size >= MAX_UNIDENTIFIED) return refuseUpgrade(socket, '503 Service Unavailable');
      sockets.add(socket);
      unidentified.add(socket);
      socket.once('close', () => {
        sockets.delete(socket);
        unidentified.delete(socket);
      });
      load().then(
        ({ server, serveConnection }) => {
          if (closed) return void socket.destroy();
          const authenticated = () => unidentified.delete(socket);
          server.handleUpgrade(request, socket, head, (connection) => serveConnection(connection, request, { ...context, authenticated }));
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
