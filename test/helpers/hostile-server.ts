/**
 * A look-alike Discord API whose every string is hostile: the application's name, the bot's username,
 * the global commands' descriptions and every error message carry `hostile` (escape sequences and
 * the like), and so do HOSTILE_GUILD's name and its roles, channels and members, so a test can check that nothing
 * of it reaches the terminal raw. It may serve any body
 * as the global command list, for a fuzzer of what commands make of a server's answers.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const HOSTILE_APP = '100000000000000001';
/** A guild whose role, channel and member names are hostile, each named by an overwrite of its command (for `perms list`). */
export const HOSTILE_GUILD = '200000000000000009';
const ROLE = '500000000000000001';
const CHANNEL = '600000000000000001';
const USER = '700000000000000001';

export interface HostileServer {
  /** http://127.0.0.1:PORT/api/v10 */
  base: string;
  /** http://127.0.0.1:PORT, the OpenID issuer whose discovery document it serves. */
  origin: string;
  close(): Promise<void>;
}

export interface HostileServerOptions {
  /** The raw body of the global command list, read at each request (a fuzzer serves what it made); guild lists are then empty. */
  globalCommands?: () => string;
  /** An answer of `bytes` bytes at this path (`/api/v10/...`, or `/jwks.json`, the key set the discovery document names), streamed; with `declared`, announced by Content-Length. */
  oversized?: { path: string; bytes: number; declared: boolean };
}

const MIB = 1024 * 1024;

/** Streams `bytes` of a JSON array's padding as fast as the client takes it, and stops when the client goes. */
function streamOversized(response: ServerResponse, bytes: number, declared: boolean): void {
  response.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': String(bytes) } : {}) });
  const chunk = Buffer.alloc(MIB, 0x20);
  let sent = 0;
  const pump = () => {
    while (sent < bytes && !response.destroyed) {
      const part = Math.min(MIB, bytes - sent);
      sent += part;
      if (!response.write(part === MIB ? chunk : chunk.subarray(0, part))) return void response.once('drain', pump);
    }
    if (!response.destroyed) response.end();
  };
  pump();
}

export async function startHostileServer(hostile: string, options: HostileServerOptions = {}): Promise<HostileServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]!;
    const origin = `http://${request.headers.host ?? ''}`;
    if (options.oversized?.path === path) return streamOversized(response, options.oversized.bytes, options.oversized.declared);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/.well-known/openid-configuration') return json(200, { issuer: origin, jwks_uri: `${origin}/jwks.json` });
    if (path === '/jwks.json') return json(200, { keys: [] });
    if (path === '/api/v10/applications/@me') return json(200, { id: HOSTILE_APP, name: hostile, flags: 0 });
    if (path === '/api/v10/users/@me') return json(200, { id: '300000000000000003', username: hostile, discriminator: '0', global_name: null, avatar: null, bot: true });
    if (options.globalCommands && request.method === 'GET' && path.startsWith(`/api/v10/applications/${HOSTILE_APP}/`)) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(path.endsWith(`${HOSTILE_APP}/commands`) ? options.globalCommands() : '[]');
    }
    if (path === `/api/v10/applications/${HOSTILE_APP}/commands` && request.method === 'GET') {
      return json(200, [
        { id: '400000000000000004', application_id: HOSTILE_APP, version: '400000000000000005', type: 1, name: 'ping', description: hostile, default_member_permissions: null, options: [{ type: 3, name: 'text', description: hostile }] },
      ]);
    }
    // A plain guild copy of `ping`: copying the global one over it shows the hostile description in the plan.
    if (path === `/api/v10/applications/${HOSTILE_APP}/guilds/${HOSTILE_GUILD}/commands`) {
      return json(200, [{ id: '400000000000000006', application_id: HOSTILE_APP, guild_id: HOSTILE_GUILD, version: '400000000000000007', type: 1, name: 'ping', description: 'Replies with pong', default_member_permissions: null }]);
    }
    if (path === `/api/v10/applications/${HOSTILE_APP}/guilds/${HOSTILE_GUILD}/commands/permissions`) {
      return json(200, [{ id: '400000000000000004', application_id: HOSTILE_APP, guild_id: HOSTILE_GUILD, permissions: [{ id: ROLE, type: 1, permission: true }, { id: CHANNEL, type: 3, permission: false }, { id: USER, type: 2, permission: true }] }]);
    }
    if (path === `/api/v10/guilds/${HOSTILE_GUILD}`) return json(200, { id: HOSTILE_GUILD, name: hostile });
    if (path === '/api/v10/users/@me/guilds') return json(200, [{ id: HOSTILE_GUILD, name: hostile }]);
    if (path === `/api/v10/guilds/${HOSTILE_GUILD}/roles`) return json(200, [{ id: HOSTILE_GUILD, name: '@everyone', permissions: '0', position: 0 }, { id: ROLE, name: hostile, permissions: '0', position: 1 }]);
    if (path === `/api/v10/guilds/${HOSTILE_GUILD}/channels`) return json(200, [{ id: CHANNEL, type: 0, name: hostile, guild_id: HOSTILE_GUILD, position: 0 }]);
    if (path === `/api/v10/guilds/${HOSTILE_GUILD}/members/${USER}`) return json(200, { user: { id: USER, username: hostile, discriminator: '0', global_name: hostile, avatar: null }, nick: hostile, roles: [] });
    return json(404, { message: hostile, code: 10004 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
