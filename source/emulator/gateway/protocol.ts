/**
 * The gateway's wire vocabulary (DOCS/TOPICS "Opcodes and Status Codes", DOCS/EVENTS "Gateway Events"):
 * opcodes, the close codes the emulator uses, the intents it knows, and how a client's frame is read —
 * a JSON object of at most 4,096 bytes with an integer `op`, parsed without prototype keys. Pure.
 */
import { parseStrictJson } from '../../discord/strict-json.js';

export const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
  RequestSoundboardSounds: 31,
} as const;

/** Discord's gateway close codes, with the reason text it sends (DOCS/TOPICS "Gateway Close Event Codes"). */
export const Close = {
  UnknownOpcode: [4001, 'Unknown opcode.'],
  DecodeError: [4002, 'Error while decoding payload.'],
  NotAuthenticated: [4003, 'Not authenticated.'],
  AuthenticationFailed: [4004, 'Authentication failed.'],
  AlreadyAuthenticated: [4005, 'Already authenticated.'],
  RateLimited: [4008, 'Rate limited.'],
  SessionTimedOut: [4009, 'Session timed out.'],
  InvalidShard: [4010, 'Invalid shard.'],
  InvalidApiVersion: [4012, 'Invalid API version.'],
  InvalidIntents: [4013, 'Invalid intent(s).'],
  DisallowedIntents: [4014, 'Disallowed intent(s).'],
} as const satisfies Record<string, readonly [number, string]>;

export type CloseReason = (typeof Close)[keyof typeof Close];

/** Payloads a client sends are limited to 4,096 bytes; a larger one is a decode error (DOCS/TOPICS "Sending Events"). */
export const MAX_CLIENT_PAYLOAD_BYTES = 4096;

/** GUILDS: GUILD_CREATE and the other guild events. INTERACTION_CREATE and APPLICATION_COMMAND_PERMISSIONS_UPDATE need no intent. */
export const GUILDS_INTENT = 1 << 0;
/** Privileged: needed to request a guild's whole member list. */
export const GUILD_MEMBERS_INTENT = 1 << 1;

/** Every intent Discord defines (DOCS/EVENTS "List of Intents"): bits 0–21, 24 and 25. */
const KNOWN_INTENTS = 0b11_0011_1111_1111_1111_1111_1111;

/** Privileged intents and the application flags (normal or _LIMITED) that allow each (DOCS/APP "Application Flags"). */
const GUILD_PRESENCES_INTENT = 1 << 8;
const MESSAGE_CONTENT_INTENT = 1 << 15;
const PRIVILEGED_INTENTS: readonly { intent: number; flags: number }[] = [
  { intent: GUILD_MEMBERS_INTENT, flags: (1 << 14) | (1 << 15) },
  { intent: GUILD_PRESENCES_INTENT, flags: (1 << 12) | (1 << 13) },
  { intent: MESSAGE_CONTENT_INTENT, flags: (1 << 18) | (1 << 19) },
];

/** Discord's close for intents it would refuse for an application with these flags, or undefined. */
export function intentsProblem(intents: unknown, applicationFlags: number): CloseReason | undefined {
  if (typeof intents !== 'number' || !Number.isSafeInteger(intents) || intents < 0 || intents > KNOWN_INTENTS || (intents & ~KNOWN_INTENTS) !== 0) return Close.InvalidIntents;
  const privileged = PRIVILEGED_INTENTS.some((entry) => (intents & entry.intent) !== 0 && (applicationFlags & entry.flags) === 0);
  return privileged ? Close.DisallowedIntents : undefined;
}

/**
 * A frame that is not a dispatch (HELLO, HEARTBEAT_ACK, a heartbeat request, INVALID_SESSION): `t` and `s`
 * null, as Discord sends them — `{"t":null,"s":null,"op":10,"d":{"heartbeat_interval":41250,"_trace":[…]}}`
 * recorded from Discord's zstd-stream and zlib-stream transports (twilight-rs/twilight,
 * twilight-gateway/src/compression/zstd.rs and inflater.rs tests), `{"t":null,"s":null,"op":11,"d":null}` as
 * Gelbpunkt/gateway-proxy (src/server.rs) replays Discord's ACK to the libraries behind it.
 */
export function controlFrame(op: number, d: unknown) {
  return { t: null, s: null, op, d };
}

/** HELLO's `d`: the interval, and the `_trace` of the gateway servers Discord adds for debugging (here, one: the emulator). */
export function helloData(heartbeatInterval: number) {
  return { heartbeat_interval: heartbeatInterval, _trace: ['["cmd-tui-emulator",{"micros":0.0}]'] };
}

export interface ClientFrame {
  op: number;
  d: unknown;
}

/** The frame a client sent, or undefined when Discord would close with 4002 (not JSON, not an object with an integer op, too large). */
export function readClientFrame(data: Buffer): ClientFrame | undefined {
  if (data.byteLength > MAX_CLIENT_PAYLOAD_BYTES) return undefined;
  const parsed = parseStrictJson(data.toString('utf8'));
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) return undefined;
  const { op, d } = parsed.value as Record<string, unknown>;
  return typeof op === 'number' && Number.isInteger(op) ? { op, d } : undefined;
}
