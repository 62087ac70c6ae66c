/**
 * What a client and cmd-tui's emulator agree on for its test-only `/__emulator/*` routes (the emulator's
 * request-guard.ts checks it, operations/try-command.ts sends it): the header that carries the run's
 * control secret, one no HTML form can send, the environment variable a door reads it from, and the words
 * every door says when the emulator refuses the secret it sent (or its absence).
 */
export const CONTROL_SECRET_HEADER = 'X-Emulator-Secret';

/** Where `cmd-tui try` and the TUI take the secret when the serve is not this user's on this machine (a container's). */
export const CONTROL_SECRET_ENV = 'CMD_TUI_EMULATOR_SECRET';

/** How the emulator's refusal of a test route without this run's control secret begins (request-guard.ts says the rest). */
export const CONTROL_SECRET_REFUSAL = "403: Forbidden (the test routes /__emulator/* need this run's control secret";

/** Where a door found the secret it sends: CMD_TUI_EMULATOR_SECRET, or the file a serve of this user left for the port (config/emulator-secrets.ts). */
export type ControlSecretSource = 'environment' | 'file';

/** Which door sends it, which says how its user gives it a new CMD_TUI_EMULATOR_SECRET: `cmd-tui try`, the TUI, the MCP server. */
export type ControlDoor = 'command' | 'tui' | 'mcp';

/** Where an emulator is, and its control secret when it is known. */
export interface EmulatorControl {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  secret?: string;
  /** Where `secret` came from; absent for a secret of an emulator in this process (the demo's), which is never refused. */
  secretFrom?: ControlSecretSource;
  /** Absent: `command`. */
  door?: ControlDoor;
  /** Each request's bound in milliseconds (`cmd-tui try --timeout`); 10 s when not given. */
  timeoutMs?: number;
}

/** The headers that open the emulator's test-only routes (none when the secret is unknown: controlSecretRefused then says how to give it). */
export function controlHeaders(control: EmulatorControl): Record<string, string> {
  return control.secret === undefined ? {} : { [CONTROL_SECRET_HEADER]: control.secret };
}

/** How this door's user gives it `value` in CMD_TUI_EMULATOR_SECRET. */
function giveSecret(door: ControlDoor, value: string): string {
  if (door === 'tui') return `quit, and start cmd-tui again with ${CONTROL_SECRET_ENV} set to ${value}`;
  if (door === 'mcp') return `put ${CONTROL_SECRET_ENV} with ${value} in the env of this MCP server in your client's configuration, and restart the server (docs/mcp.md)`;
  return `set ${CONTROL_SECRET_ENV} to ${value} and run it again`;
}

/** How this door reads the file a serve left again. */
const READ_AGAIN: Record<ControlDoor, string> = {
  command: 'run it again, which reads the new one',
  tui: 'quit and start cmd-tui again, which reads the new one',
  mcp: 'call try_command again, which reads the new one',
};

/**
 * What a door says when the emulator at `control.origin` answered `status` and `message` to a test route: for
 * its refusal of the control secret, which case it is (none found, CMD_TUI_EMULATOR_SECRET wrong, the serve's
 * file stale) and what to do, never the secret itself; undefined for any other answer.
 */
export function controlSecretRefused(control: EmulatorControl, status: number, message: unknown): string | undefined {
  if (status !== 403 || typeof message !== 'string' || !message.startsWith(CONTROL_SECRET_REFUSAL)) return undefined;
  const { origin, door = 'command' } = control;
  if (control.secret === undefined) {
    return `no control secret for ${origin} (a serve started by another user, in another CMD_TUI_HOME or in a container; cmd-tui finds the one of a serve you started in this CMD_TUI_HOME by itself): ${giveSecret(door, 'the control secret that serve printed (controlSecret with --json)')}`;
  }
  if (control.secretFrom === 'environment') {
    return `${CONTROL_SECRET_ENV} was refused by the serve at ${origin}: its control secret is new at each start, so ${giveSecret(door, 'controlSecret from its latest output')}`;
  }
  if (control.secretFrom === 'file') {
    const port = URL.parse(origin)?.port ?? '';
    return `the control secret a serve of yours left for port ${port} was refused by the serve at ${origin}: it restarted on that port since the secret was read (the secret is new at each start), or another serve took the port; ${READ_AGAIN[door]}, or ${giveSecret(door, 'the control secret the serve at that port printed')}`;
  }
  return undefined;
}
