/**
 * What the agents' door is given by the command line that starts it (commands/mcp.ts, the edge): the
 * user's workspace over their own credentials — a profile, the keyring, the environment, exactly as
 * for the CLI — opened on first use, and the settings read once there. Nothing here reads `env` or a
 * file; no credential ever comes in through the protocol.
 */
import type { EmulatorControl } from '../discord/emulator-control.js';
import type { Scope } from '../discord/model.js';
import type { Workspace } from '../operations/workspace.js';

export interface McpDoor {
  /** The API with the user's credentials and the local state around it; rejects with a described error (no credentials, no API). */
  workspace(): Promise<Workspace>;
  /** Where a tool that names no guild works: the profile's guild, else the global scope. */
  defaultScope: Scope;
  /**
   * The `cmd-tui serve` emulator `try_command` plays Discord's client on, with its control secret as found
   * at each call (a serve started again has another); undefined when the API is live Discord.
   */
  emulator?: () => Promise<EmulatorControl>;
  /** The clock the answers are given at (a timeout's end, who can use a command now). */
  now(): number;
}
