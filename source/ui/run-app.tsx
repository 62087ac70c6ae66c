/**
 * Draws the app with Ink until the user quits. Loaded only once the TUI has started connecting, so
 * Ink and React are never on the path of `--version`, `--help` or the subcommands.
 */
import { render } from 'ink';
import type { CliIo } from '../commands/types.js';
import { App } from './app.js';
import type { Session, SessionStarters } from './session/session.js';
import { themeFor } from './theme/theme.js';

export interface RunAppOptions {
  io: CliIo;
  starters: SessionStarters;
  /** Connected already: the first frame shows it. */
  session?: Session;
  /** Still connecting: "Connecting…" until it settles. */
  connect?: () => Promise<Session | null>;
}

export async function runApp({ io, starters, session, connect }: RunAppOptions): Promise<void> {
  const instance = render(<App session={session} connect={connect} starters={starters} theme={themeFor(io.env)} />, {
    stdout: io.stdout as NodeJS.WriteStream,
    stdin: io.stdin as NodeJS.ReadStream,
    exitOnCtrlC: false,
    alternateScreen: true,
    // Both ends are terminals (checked by the caller); CI=true in the environment must not turn Ink non-interactive.
    interactive: true,
  });
  await instance.waitUntilExit();
}
