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
import { COMPRESSIONS, frameWriter, type Compression, type FrameWriter } from './frames.js';
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

/** Sends a close frame, and cuts the socket off if the client does not answer it in time: resolves to that cut-off's timer. */
function closeWithHandshake(socket: WebSocket, code: number, reason: string): NodeJS.Timeout {
  socket.close(code, reason);
  return setTimeout(() => socket.terminate(), CLOSE_HANDSHAKE_MS);
}

/**
 * Serves one gateway connection: the transport its query asks for (refused with a close when the emulator
 * does not speak it), then a GatewayConnection for its frames, from HELLO to close.
 */
export function serveConnection(socket: WebSocket, request: IncomingMessage, context: ConnectionContext): void {
  // A protocol error from the client (a bad frame, a bad close code) is an 'error' event: it ends the connection, never the emulator.
  socket.on('error', () => socket.terminate());
  const spoken = transport(request);
  if ('refused' in spoken) {
    const handshake = closeWithHandshake(socket, ...spoken.refused);
    socket.once('close', () => clearTimeout(handshake));
    return;
  }
  const connection = new GatewayConnection(socket, spoken.compression, context);
  socket.on('message', (data: Buffer) => connection.received(data));
  socket.on('close', (code: number) => connection.ended(code));
  connection.start();
}

/** One connection's state and what each frame does to it: the session, heartbeats, the payload limit, closing. */
class GatewayConnection {
  private session: Session | undefined;
  private closing = false;
  private readonly payloadTimes: number[] = [];
  private readonly frames: FrameWriter;
  /** Heartbeats: one is due every interval; a late one is asked for (op 1), a missing one ends the session. */
  private watchdog: NodeJS.Timeout | undefined;
  /** A connection that neither identifies nor resumes in time is not a bot. */
  private readonly identifyDeadline: NodeJS.Timeout;
  private handshake: NodeJS.Timeout | undefined;
  /** What the session store reaches this connection by: its dispatches, and a RESUME elsewhere that takes the session over. */
  private readonly link: SessionLink = {
    send: (dispatch: Dispatch) => this.send(dispatch),
    superseded: () => {
      this.session = undefined;
      this.close([1001, 'Session resumed on another connection']);
    },
  };

  constructor(
    private readonly socket: WebSocket,
    compression: Compression,
    private readonly context: ConnectionContext,
  ) {
    this.frames = frameWriter((data) => {
      socket.send(data);
      // A client that stopped reading: cut off (a close frame would only queue behind the rest).
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
    }, compression);
    this.identifyDeadline = setTimeout(() => {
      if (!this.session) this.close(Close.NotAuthenticated);
    }, Math.min(context.interval, IDENTIFY_WITHIN_MS));
  }

  /** HELLO, and the first heartbeat is due. */
  start(): void {
    this.send(controlFrame(Op.Hello, helloData(this.context.interval)));
    this.expectHeartbeat();
  }

  /** A frame from the client: counted against the payload limit, decoded, then handled. */
  received(data: Buffer): void {
    if (this.closing) return;
    const now = Date.now();
    this.payloadTimes.push(now);
    while (this.payloadTimes[0]! <= now - 60_000) this.payloadTimes.shift();
    if (this.payloadTimes.length > PAYLOADS_PER_MINUTE) return this.close(Close.RateLimited);
    const frame = readClientFrame(data);
    if (!frame) return this.close(Close.DecodeError);
    this.receive(frame);
  }

  /** The socket closed: timers stopped; a client that closes with 1000 or 1001 ends its session (DOCS/TOPICS "Resuming"). */
  ended(code: number): void {
    clearTimeout(this.watchdog);
    clearTimeout(this.identifyDeadline);
    clearTimeout(this.handshake);
    this.frames.end();
    if (this.session) this.context.sessions.drop(this.session, code === 1000 || code === 1001);
    this.session = undefined;
  }

  private send(payload: unknown): void {
    this.frames.write(payload);
  }

  private close([code, reason]: readonly [number, string], sessionOver = false): void {
    if (this.closing) return;
    this.closing = true;
    if (this.session) this.context.sessions.drop(this.session, sessionOver);
    this.session = undefined;
    this.handshake = closeWithHandshake(this.socket, code, reason);
  }

  private expectHeartbeat(): void {
    const { interval } = this.context;
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.send(controlFrame(Op.Heartbeat, null));
      this.watchdog = setTimeout(() => this.close(Close.SessionTimedOut, true), interval / 4);
    }, interval * 1.25);
  }

  private receive(frame: ClientFrame): void {
    switch (frame.op) {
      case Op.Heartbeat:
        this.expectHeartbeat();
        return this.send(controlFrame(Op.HeartbeatAck, null));
      case Op.Identify:
      case Op.Resume:
        if (this.session) return this.close(Close.AlreadyAuthenticated);
        return frame.op === Op.Identify ? this.identify(fields(frame.d)) : this.resume(fields(frame.d));
      case Op.RequestGuildMembers:
        if (!this.session) return this.close(Close.NotAuthenticated);
        return this.requestMembers(fields(frame.d));
      case Op.PresenceUpdate:
      case Op.VoiceStateUpdate:
      case Op.RequestSoundboardSounds:
        // Known requests about things the emulator has no events for: taken, and nothing to send.
        if (!this.session) return this.close(Close.NotAuthenticated);
        return;
      default:
        return this.close(Close.UnknownOpcode);
    }
  }

  private identify(data: Record<string, unknown>): void {
    const { world, sessions } = this.context;
    if (!isBotToken(world, data.token)) return this.close(Close.AuthenticationFailed);
    if (typeof data.properties !== 'object' || data.properties === null || Array.isArray(data.properties)) return this.close(Close.DecodeError);
    const refused = intentsProblem(data.intents, world.state.application.flags);
    if (refused) return this.close(refused);
    const shard = shardOf(data.shard);
    if (!shard) return this.close(Close.InvalidShard);
    if (!this.context.takeSessionStart()) return this.send(controlFrame(Op.InvalidSession, false));
    const session = sessions.start(data.intents as number, shard, this.link);
    this.session = session;
    this.context.authenticated();
    const guilds = botGuilds(world).filter((guild) => isOnShard(guild.id, shard));
    sessions.send(session, 'READY', readyEvent(world, { id: session.id, ...(data.shard === undefined ? {} : { shard }) }, guilds, this.context.url()));
    if ((session.intents & GUILDS_INTENT) !== 0) for (const guild of guilds) sessions.send(session, 'GUILD_CREATE', guildCreateEvent(world, guild));
  }

  private resume(data: Record<string, unknown>): void {
    const { world, sessions } = this.context;
    if (!isBotToken(world, data.token)) return this.close(Close.AuthenticationFailed);
    const resumed = typeof data.session_id === 'string' && Number.isInteger(data.seq) ? sessions.resume(data.session_id, data.seq as number, this.link) : undefined;
    // d: false — the session cannot be resumed; the client identifies anew (DOCS/TOPICS "Invalid Session").
    if (!resumed) return this.send(controlFrame(Op.InvalidSession, false));
    resumed.replaced?.superseded();
    this.session = resumed.session;
    this.context.authenticated();
    for (const missed of resumed.missed) this.send(missed);
    sessions.send(resumed.session, 'RESUMED', {});
  }

  private requestMembers(data: Record<string, unknown>): void {
    const { world, sessions } = this.context;
    const session = this.session;
    const guild = typeof data.guild_id === 'string' ? botGuilds(world).find((candidate) => candidate.id === data.guild_id) : undefined;
    const userIds = Array.isArray(data.user_ids) ? data.user_ids.filter((id): id is string => typeof id === 'string') : typeof data.user_ids === 'string' ? [data.user_ids] : undefined;
    const limit = Number.isInteger(data.limit) ? (data.limit as number) : 0;
    // The whole list needs GUILD_MEMBERS; without it Discord sends nothing (discord.js then times out: "Members didn't arrive in time").
    const wholeList = userIds === undefined && (data.query ?? '') === '' && limit === 0;
    if (!guild || !session || !isOnShard(guild.id, session.shard) || (wholeList && (session.intents & GUILD_MEMBERS_INTENT) === 0)) return;
    const request = { limit, ...(typeof data.query === 'string' ? { query: data.query } : {}), ...(userIds ? { userIds } : {}), ...(typeof data.nonce === 'string' ? { nonce: data.nonce.slice(0, 32) } : {}) };
    sessions.send(session, 'GUILD_MEMBERS_CHUNK', membersChunkEvent(world, guild, request));
  }
}
