/**
 * Draws the app with Ink until the user quits. Loaded only once the TUI has started connecting, so
 * Ink and React are never on the path of `--version`, `--help` or the subcommands. The app and its
 * screens (app.tsx) load after a cached list is drawn: that first frame needs only the list's view.
 */
import { render } from 'ink';
import type { CliIo } from '../commands/types.js';
import type { LastSeenList } from '../config/list-cache.js';
import { LastSeenScreen } from './last-seen-list.js';
import type { Session, SessionStarters } from './session/session.js';
import type { RateLimitWaits } from './session/rate-limit-waits.js';
import { drawAttributesOnTerminal } from './theme/terminal-attributes.js';
import { themeFor } from './theme/theme.js';

export interface RunAppOptions {
  io: CliIo;
  starters: SessionStarters;
  /** Connected already: the first frame shows it. */
  session?: Session;
  /** Still connecting: "Connecting…" until it settles. With `lastSeen`, first called once that list is drawn, which starts the connection. */
  connect?: () => Promise<Session | null>;
  /** While connecting, the list these credentials saw last time, drawn marked as cached instead of "Connecting…". */
  lastSeen?: LastSeenList;
  /** The client's rate-limit waits, for the app to name. */
  rateLimitWaits?: RateLimitWaits;
}

let appLoading: Promise<typeof import('./app.js')> | undefined;
/** Starts (or joins) loading the app and its screens: at once when no cached list is drawn first. */
export const loadApp = () => (appLoading ??= import('./app.js'));

export async function runApp({ io, starters, session, connect, lastSeen, rateLimitWaits }: RunAppOptions): Promise<void> {
  const theme = themeFor(io.environment.terminal);
  drawAttributesOnTerminal();
  // The outcome of a write q waited for, printed once the alternate screen is gone.
  let exitNote: string | undefined;
  const app = () => loadApp().then(({ App }) => (props: { session: Session } | { connect: () => Promise<Session | null> }) => <App {...props} starters={starters} theme={theme} onExitNote={(text) => (exitNote = text)} {...(rateLimitWaits ? { rateLimitWaits } : {})} />);
  const cachedFirst = !session && connect && lastSeen;
  const firstApp = cachedFirst ? undefined : await app();
  const instance = render(firstApp ? (session ? firstApp({ session }) : firstApp({ connect: connect! })) : <LastSeenScreen list={lastSeen!} theme={theme} />, {
    stdout: io.stdout as NodeJS.WriteStream,
    stdin: io.stdin as NodeJS.ReadStream,
    exitOnCtrlC: false,
    alternateScreen: true,
    // Both ends are terminals (checked by the caller); CI=true in the environment must not turn Ink non-interactive.
    interactive: true,
  });
  let exited = false;
  if (cachedFirst) {
    // Asked for only now that the cached list is on screen (Ink drew it in render()), so none of the
    // connection's work came before it. The fresh session replaces it; a failure or no credentials is the
    // app's to tell, as when connecting.
    const fresh = connect().then(
      (opened) => opened ?? undefined,
      () => undefined,
    );
    void Promise.all([app(), fresh]).then(
      ([appWith, opened]) => exited || instance.rerender(opened ? appWith({ session: opened }) : appWith({ connect })),
      (error: unknown) => exited || instance.unmount(error instanceof Error ? error : new Error(String(error))),
    );
  }
  await instance.waitUntilExit();
  exited = true;
  if (exitNote) io.stdout.write(`cmd-tui: ${exitNote}\n`);
}
