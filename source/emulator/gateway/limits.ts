/**
 * The gateway's bounds per client, in one place: the gateway enforces them (gateway.ts, connection.ts) and
 * `cmd-tui serve --help` states them (commands/specs.ts). No imports: the help reads it without loading
 * the emulator.
 */
export const GATEWAY_LIMITS = {
  /** Sockets open at once; the emulator is one app's gateway, not a fleet's. */
  connections: 100,
  /** Of those, waiting to identify or resume. */
  waiting: 20,
  /** Of those, from one remote address. */
  waitingPerAddress: 10,
  /**
   * How long a socket may wait to identify (at most one heartbeat interval): libraries identify the moment
   * they have their HELLO (discord.js's identify throttle waits up to 5 s after a reconnect), so a socket
   * still silent after this only holds a slot.
   */
  identifyWithinSeconds: 10,
} as const;
