/**
 * One gateway connection (DOCS/TOPICS "Gateway"), v10 JSON: HELLO, then heartbeats (op 1 → op 11) and
 * IDENTIFY (→ READY, and GUILD_CREATE per guild with the GUILDS intent) or RESUME (→ the missed
 * dispatches, then RESUMED; INVALID_SESSION when it cannot). Request Guild Members is answered with a
 * GUILD_MEMBERS_CHUNK; presence, voice state and soundboard requests are taken with nothing to send.
 * Discord's close codes where they apply: 4001 unknown opcode, 4002 undecodable or over 4,096 bytes,
 * 4003 a request before identifying (or no IDENTIFY within IDENTIFY_WITHIN_MS), 4004 bad token, 4005
 * identifying twice, 4008 over 120 payloads a minute, 4009 missed heartbeats, 4010 invalid shard, 4012
 * API version, 4013/4014 intents. Frames are JSON, zlib-stream or zstd-stream compressed when asked (frames.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { World } from '../request-context.js';
import { botGuilds, guildCreateEvent, membersChunkEvent, readyEvent } from './events.js';
import { COMPRESSIONS, frameWriter, type Compression } from './frames.js';
import { GATEWAY_LIMITS } from './limits.js';
import { Close, controlFrame, GUILD_MEMBERS_INTENT, GUILDS_INTENT, helloData, intentsProblem, Op, readClientFrame, type ClientFrame } from './protocol.js';
import { isOnShard, type Dispatch, type Session, type SessionLink, type SessionStore } from './sessions.js';

/** Discord's limit on what a client sends (DOCS/TOPICS "Rate Limiting"). */
const PAYLOADS_PER_MINUTE = 120;
/** How long a connection may go without IDENTIFY or RESUME (at most one heartbeat interval; limits.ts). */
export const IDENTIFY_WITHIN_MS = GATEWAY_LIMITS.identifyWithinSeconds * 1000;
/** A client that does not answer our close frame within this is cut off (`ws` would wait 30 s). */
export const CLOSE_HANDSHAKE_MS = 2_000;
/** Frames queued for a client that does not read them; past this it is cut off rather than buffered without end. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** What a connection shares with the others (gateway.ts). */
export interface ConnectionContext {
  world: World;
  sessions: SessionStore;
  /** The heartbeat interval, ms. */
  interval: number;
  /** Counts an IDENTIFY against the session start limit; false when none is left. */
  takeSessionStart(): boolean;
  /** The gateway's URL, READY's `resume_gateway_url`. */
  url(): string;
  /** The connection identified or resumed: it no longer counts as unidentified (gateway.ts). */
  authenticated(): void;
}

/** A gateway token is the bot token, with or without the `Bot ` prefix libraries put on REST calls. */
function isBotToken(world: World, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  // Compared in constant time: how long a refusal takes says nothing about how much of the token was right.
  const given = Buffer.from(value.startsWith('Bot ') ? value.slice(4) : value);
  const token = Buffer.from(world.state.application.botToken);
  return given.length === token.length && timingSafeEqual(given, token);
}

function fields(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `shard: [shard_id, num_shards]`, or undefined for an invalid one (4010). */
function shardOf(value: unknown): readonly [number, number] | undefined {
  if (value === undefined) return [0, 1];
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [id, count] = value as unknown[];
  const valid = Number.isInteger(id) && Number.isInteger(count) && (count as number) >= 1 && (id as number) >= 0 && (id as number) < (count as number);
  return valid ? [id as number, count as number] : undefined;
}

/** The compression the connection's query asks for, or the close to send when the emulator does not speak it. */
function transport(request: IncomingMessage): { compression: Compression } | { refused: [number, string] } {
  const query = new URL(request.url ?? '/', 'ws://gateway.invalid').searchParams;
  const version = query.get('v');
  if (version !== '10' && version !== '9') return { refused: [...Close.InvalidApiVersion] };
  // 1003: "unsupported data" — an honest refusal instead of frames the client cannot read.
  if ((query.get('encoding') ?? 'json') !== 'json') return { refused: [1003, 'cmd-tui serve speaks encoding=json only'] };
  const compress = query.get('compress');
  if (compress === null) return { compression: 'none' };
  const known = COMPRESSIONS.find((compression) => compression === compress);
  return known ? { compression: known } : { refused: [1003, `cmd-tui serve compresses with ${COMPRESSIONS.join(' or ')} only`] };
}

export function serveConnection(socket: WebSocket, request: IncomingMessage, context: ConnectionContext): void {
  const { world, sessions, interval } = context;
  // A protocol error from the client (a bad frame, a bad close code) is an 'error' event: it ends the connection, never the emulator.
  socket.on('error', () => socket.terminate());
  let handshake: NodeJS.Timeout | undefined;
  const closeSocket = (code: number, reason: string) => {
    socket.close(code, reason);
    handshake = setTimeout(() => socket.terminate(), CLOSE_HANDSHAKE_MS);
  };
  const spoken = transport(request);
  if ('refused' in spoken) {
    socket.once('close', () => clearTimeout(handshake));
    return closeSocket(...spoken.refused);
  }
  let session: Session | undefined;
  let closing = false;
  const payloadTimes: number[] = [];
  const frames = frameWriter((data) => {
    socket.send(data);
    // A client that stopped reading: cut off (a close frame would only queue behind the rest).
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
  }, spoken.compression);
  const send = (payload: unknown) => frames.write(payload);
  const link: SessionLink = {
    send: (dispatch: Dispatch) => send(dispatch),
    superseded: () => {
      session = undefined;
      close([1001, 'Session resumed on another connection']);
    },
  };
  const close = ([code, reason]: readonly [number, string], sessionOver = false) => {
    if (closing) return;
    closing = true;
    if (session) sessions.drop(session, sessionOver);
    session = undefined;
    closeSocket(code, reason);
  };

  // Heartbeats: one is due every interval; a late one is asked for (op 1), a missing one ends the session.
  let watchdog: NodeJS.Timeout | undefined;
  const expectHeartbeat = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      send(controlFrame(Op.Heartbeat, null));
      watchdog = setTimeout(() => close(Close.SessionTimedOut, true), interval / 4);
    }, interval * 1.25);
  };
  // A connection that neither identifies nor resumes in time is not a bot.
  const identifyDeadline = setTimeout(() => {
    if (!session) close(Close.NotAuthenticated);
  }, Math.min(interval, IDENTIFY_WITHIN_MS));

  const identify = (data: Record<string, unknown>) => {
    if (!isBotToken(world, data.token)) return close(Close.AuthenticationFailed);
    if (typeof data.properties !== 'object' || data.properties === null || Array.isArray(data.properties)) return close(Close.DecodeError);
    const refused = intentsProblem(data.intents, world.state.application.flags);
    if (refused) return close(refused);
    const shard = shardOf(data.shard);
    if (!shard) return close(Close.InvalidShard);
    if (!context.takeSessionStart()) return send(controlFrame(Op.InvalidSession, false));
    session = sessions.start(data.intents as number, shard, link);
    context.authenticated();
    const guilds = botGuilds(world).filter((guild) => isOnShard(guild.id, shard));
    sessions.send(session, 'READY', readyEvent(world, { id: session.id, ...(data.shard === undefined ? {} : { shard }) }, guilds, context.url()));
    if ((session.intents & GUILDS_INTENT) !== 0) for (const guild of guilds) sessions.send(session, 'GUILD_CREATE', guildCreateEvent(world, guild));
  };

  const resume = (data: Record<string, unknown>) => {
    if (!isBotToken(world, data.token)) return close(Close.AuthenticationFailed);
    const resumed = typeof data.session_id === 'string' && Number.isInteger(data.seq) ? sessions.resume(data.session_id, data.seq as number, link) : undefined;
    // d: false — the session cannot be resumed; the client identifies anew (DOCS/TOPICS "Invalid Session").
    if (!resumed) return send(controlFrame(Op.InvalidSession, false));
    resumed.replaced?.superseded();
    session = resumed.session;
    context.authenticated();
    for (const missed of resumed.missed) send(missed);
    sessions.send(session, 'RESUMED', {});
  };

  const requestMembers = (data: Record<string, unknown>) => {
    const guild = typeof data.guild_id === 'string' ? botGuilds(world).find((candidate) => candidate.id === data.guild_id) : undefined;
    const userIds = Array.isArray(data.user_ids) ? data.user_ids.filter((id): id is string => typeof id === 'string') : typeof data.user_ids === 'string' ? [data.user_ids] : undefined;
    const limit = Number.isInteger(data.limit) ? (data.limit as number) : 0;
    // The whole list needs GUILD_MEMBERS; without it Discord sends nothing (discord.js then times out: "Members didn't arrive in time").
    const wholeList = userIds === undefined && (data.query ?? '') === '' && limit === 0;
    if (!guild || !session || !isOnShard(guild.id, session.shard) || (wholeList && (session.intents & GUILD_MEMBERS_INTENT) === 0)) return;
    const request = { limit, ...(typeof data.query === 'string' ? { query: data.query } : {}), ...(userIds ? { userIds } : {}), ...(typeof data.nonce === 'string' ? { nonce: data.nonce.slice(0, 32) } : {}) };
    sessions.send(session, 'GUILD_MEMBERS_CHUNK', membersChunkEvent(world, guild, request));
  };

  const receive = (frame: ClientFrame) => {
    switch (frame.op) {
      case Op.Heartbeat:
        expectHeartbeat();
        return send(controlFrame(Op.HeartbeatAck, null));
      case Op.Identify:
      case Op.Resume:
        if (session) return close(Close.AlreadyAuthenticated);
        return frame.op === Op.Identify ? identify(fields(frame.d)) : resume(fields(frame.d));
      case Op.RequestGuildMembers:
        if (!session) return close(Close.NotAuthenticated);
        return requestMembers(fields(frame.d));
      case Op.PresenceUpdate:
      case Op.VoiceStateUpdate:
      case Op.RequestSoundboardSounds:
        // Known requests about things the emulator has no events for: taken, and nothing to send.
        if (!session) return close(Close.NotAuthenticated);
        return;
      default:
        return close(Close.UnknownOpcode);
    }
  };

  socket.on('message', (data: Buffer) => {
    if (closing) return;
    const now = Date.now();
    payloadTimes.push(now);
    while (payloadTimes[0]! <= now - 60_000) payloadTimes.shift();
    if (payloadTimes.length > PAYLOADS_PER_MINUTE) return close(Close.RateLimited);
    const frame = readClientFrame(data);
    if (!frame) return close(Close.DecodeError);
    receive(frame);
  });
  socket.on('close', (code: number) => {
    clearTimeout(watchdog);
    clearTimeout(identifyDeadline);
    clearTimeout(handshake);
    frames.end();
    // A client that closes with 1000 or 1001 ends its session (DOCS/TOPICS "Resuming").
    if (session) sessions.drop(session, code === 1000 || code === 1001);
    session = undefined;
  });
  send(controlFrame(Op.Hello, helloData(interval)));
  expectHeartbeat();
}
