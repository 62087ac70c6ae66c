/**
 * Draws the app with Ink until the user quits. Loaded only once the TUI has started connecting, so
 * Ink and React are never on the path of `--version`, `--help` or the subcommands.
 */
import { render } from 'ink';
import type { CliIo } from '../commands/types.js';
import type { LastSeenList } from '../config/list-cache.js';
import { App } from './app.js';
import { LastSeenScreen } from './last-seen-list.js';
import type { Session, SessionStarters } from './session/session.js';
import { drawAttributesOnTerminal } from './theme/terminal-attributes.js';
import { themeFor } from './theme/theme.js';

export interface RunAppOptions {
  io: CliIo;
  starters: SessionStarters;
  /** Connected already: the first frame shows it. */
  session?: Session;
  /** Still connecting: "Connecting…" until it settles. */
  connect?: () => Promise<Session | null>;
  /** While connecting, the list these credentials saw last time, drawn marked as cached instead of "Connecting…". */
  lastSeen?: LastSeenList;
}

export async function runApp({ io, starters, session, connect, lastSeen }: RunAppOptions): Promise<void> {
  const theme = themeFor(io.env);
  drawAttributesOnTerminal();
  const app = (props: { session: Session } | { connect: () => Promise<Session | null> }) => <App {...props} starters={starters} theme={theme} />;
  const cachedFirst = !session && connect && lastSeen;
  const instance = render(cachedFirst ? <LastSeenScreen list={lastSeen} theme={theme} /> : session ? app({ session }) : app({ connect: connect! }), {
    stdout: io.stdout as NodeJS.WriteStream,
    stdin: io.stdin as NodeJS.ReadStream,
    exitOnCtrlC: false,
    alternateScreen: true,
    // Both ends are terminals (checked by the caller); CI=true in the environment must not turn Ink non-interactive.
    interactive: true,
  });
  let exited = false;
  if (cachedFirst) {
    // The fresh session replaces the cached list; a failure or no credentials is the app's to tell, as when connecting.
    void connect().then(
      (fresh) => exited || instance.rerender(fresh ? app({ session: fresh }) : app({ connect })),
      () => exited || instance.rerender(app({ connect })),
    );
  }
  await instance.waitUntilExit();
  exited = true;
}
