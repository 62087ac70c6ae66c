/**
 * `cmd-tui` with no subcommand: parses the TUI's flags and reads the credentials, which name the list
 * seen with them last time (config/list-cache.ts). With such a list, the first frame draws it at once,
 * marked as cached, and only then does the connection start (the API, the global list), so that none of
 * its work comes before that frame; the fresh list replaces it. Otherwise the connection starts before
 * Ink and React are even loaded, and the first frame waits a moment for it, so on a fast link it already
 * shows the list, and on a slow one it shows "Connecting…" and the list follows. Returns the exit code
 * once the app quits.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveApiBase } from '../api/target.js';
import type { CliIo } from '../commands/types.js';
import { createSessionOpeners } from './session/open-session.js';
import { RateLimitWaits } from './session/rate-limit-waits.js';
import { signalExitCode, terminationSignals } from '../terminal/exit-signals.js';
import type { Session } from './session/session.js';

const USAGE = 'cmd-tui [--demo | --api URL|local] [--profile NAME] [--timeout MS] [--debug] [--no-color]';

/**
 * The first frame waits for the connection until this long after launch (performance.now() counts from
 * the process start), while Ink loads. Discord or a local emulator usually answers sooner, and then the
 * first frame is the list itself rather than "Connecting…" followed by the list a moment later; a slower
 * network gets "Connecting…" at about this time.
 */
const FIRST_FRAME_BY_MS = 400;
/**
 * When Ink itself finished loading after that time, the machine is slow rather than the network: the
 * session is then usually moments away, and "Connecting…" would cost a second full render of the list.
 * It gets this much longer.
 */
const LATE_UI_GRACE_MS = 150;
/** Ink starts loading when the first reads go out, or at the latest now, so a slow network's "Connecting…" is not late. */
const UI_LOAD_BY_MS = 250;
/** The list just read is kept for the next start this long after it arrived, when the first frames are drawn. */
const KEEP_LIST_AFTER_MS = 1_000;

interface TuiFlags {
  demo: boolean;
  api?: string;
  profile?: string;
  timeoutMs?: number;
  debug: boolean;
  noColor: boolean;
}

function parseFlags(argv: string[]): TuiFlags {
  const { values } = parseArgs({
    args: argv,
    options: { demo: { type: 'boolean' }, api: { type: 'string' }, profile: { type: 'string' }, timeout: { type: 'string' }, debug: { type: 'boolean' }, 'no-color': { type: 'boolean' } },
    strict: true,
  });
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) throw new Error(`--timeout must be a positive number of milliseconds, not "${values.timeout}"`);
  return { demo: values.demo === true, api: values.api, profile: values.profile, timeoutMs, debug: values.debug === true, noColor: values['no-color'] === true };
}

/** The session if `connecting` resolves to one within `ms`; otherwise undefined (still connecting, none, or failed). */
export async function sessionWithin(connecting: Promise<Session | null>, ms: number): Promise<Session | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    // Never negative: Node would warn on the terminal the UI is about to own.
    timer = setTimeout(() => resolve(undefined), Math.max(0, ms));
  });
  try {
    return await Promise.race([connecting.then((session) => session ?? undefined, () => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The UI's module, and when it had loaded (performance.now()). */
export interface LoadedUi<Module> {
  module: Module;
  loadedAt: number;
}

/**
 * Waits for the session until `deadline` (a performance.now() time), then for the UI (`loadUi` starts
 * or joins its load): what the first frame is drawn with, the session or none to draw "Connecting…"
 * first.
 */
export async function firstFrame<Module>(
  connecting: Promise<Session | null>,
  loadUi: () => Promise<LoadedUi<Module>>,
  deadline: number,
  lateUiGraceMs = LATE_UI_GRACE_MS,
): Promise<{ ui: LoadedUi<Module>; session?: Session }> {
  const session = await sessionWithin(connecting, deadline - performance.now());
  const ui = await loadUi();
  if (session) return { ui, session };
  return { ui, session: ui.loadedAt > deadline ? await sessionWithin(connecting, lateUiGraceMs) : undefined };
}

/**
 * Keeps the list of the session `connecting` opens for the next start, a moment after it is drawn (the
 * write must not delay the first frames), or at exit if the app quits before that.
 */
function keepListWhenOpened(connecting: Promise<Session | null>, remember: (session: Session) => Promise<void>, atExit: (save: () => Promise<void>) => void): void {
  let saving: Promise<void> | undefined;
  connecting.then(
    (session) => {
      if (!session) return;
      const save = () => (saving ??= remember(session).catch(() => undefined));
      setTimeout(save, KEEP_LIST_AFTER_MS).unref();
      atExit(save);
    },
    () => undefined,
  );
}

export async function startTui(argv: string[], io: CliIo): Promise<number> {
  let flags: TuiFlags;
  try {
    flags = parseFlags(argv);
    // Checked here so a bad --api is a usage error; a profile's API is checked when it is read.
    if (resolveApiBase(flags.api).kind === 'local') flags.demo = true;
  } catch (error) {
    io.stderr.write(`cmd-tui: ${error instanceof Error ? error.message : String(error)}\nUsage: ${USAGE}\n`);
    return 2;
  }
  // --no-color as NO_COLOR, and over FORCE_COLOR (terminal/colour.ts): the theme's colour is decided from these facts.
  if (flags.noColor) io = { ...io, environment: { ...io.environment, terminal: { ...io.environment.terminal, colour: { noColor: true, forceColor: '0', dumbTerminal: io.environment.terminal.colour.dumbTerminal } } } };
  if (!io.stdin.isTTY || !io.stdout.isTTY) {
    io.stderr.write('cmd-tui: the terminal UI needs an interactive terminal. In scripts use the subcommands (`cmd-tui --help`).\n');
    return 2;
  }
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = () => Promise.all(cleanups.splice(0).map((cleanup) => cleanup().catch(() => undefined)));
  // Killed rather than quit (a closed terminal, `kill`): the demo's emulator and throwaway folder go too.
  const onSignal = (signal: NodeJS.Signals) => {
    void cleanUp().finally(() => process.exit(signalExitCode(signal)));
  };
  // `on`, not `once`: Ink's signal-exit kills the process at once when it sees no other listener left.
  for (const signal of terminationSignals()) process.on(signal, onSignal);
  // The terminal belongs to the UI, so --debug writes the client's request lines to a file instead.
  const debugFile = flags.debug ? join(io.environment.paths().data, 'tui-debug.log') : undefined;
  const debug = debugFile
    ? (line: string) => {
        mkdirSync(dirname(debugFile), { recursive: true });
        appendFileSync(debugFile, `${new Date().toISOString()} ${line}\n`, { mode: 0o600 });
      }
    : undefined;
  let loadingUi: Promise<LoadedUi<typeof import('./run-app.js')>> | undefined;
  // Without a cached list the first frame is the app itself: its screens load right after Ink, not with the frame.
  let appFirst = false;
  const loadUi = () => {
    if (!loadingUi) {
      loadingUi = import('./run-app.js').then((module) => {
        if (appFirst) void module.loadApp().catch(() => undefined);
        return { module, loadedAt: performance.now() };
      });
      // Awaited below; until then a failed load must not count as an unhandled rejection.
      loadingUi.catch(() => undefined);
    }
    return loadingUi;
  };
  // Rate-limit waits from the first request on, named by the app beside its spinner.
  const rateLimitWaits = new RateLimitWaits();
  const { connect, lastSeen, rememberLastSeen, starters } = createSessionOpeners({
    demo: flags.demo,
    api: flags.api,
    profile: flags.profile,
    timeoutMs: flags.timeoutMs,
    debug,
    io,
    onCleanup: (cleanup) => cleanups.push(cleanup),
    whileReading: () => void loadUi(),
    onRateLimitWait: rateLimitWaits.report,
  });
  const uiLoadTimer = setTimeout(() => void loadUi(), Math.max(0, UI_LOAD_BY_MS - performance.now()));
  let stillConnecting = true;
  let quitWhileConnecting = false;
  try {
    // Its credentials are the connection's too: read once, here.
    const cached = await lastSeen().catch(() => undefined);
    let connecting: Promise<Session | null> | undefined;
    // Started by the first to ask: at once without a cached list; with one, by the app right after drawing it.
    const connectOnce = () => {
      if (!connecting) {
        connecting = connect();
        void connecting.finally(() => (stillConnecting = false)).catch(() => undefined);
        keepListWhenOpened(connecting, (fresh) => rememberLastSeen(fresh, cached), (save) => cleanups.push(save));
      }
      return connecting;
    };
    if (!cached) {
      appFirst = true;
      void loadingUi?.then(({ module }) => module.loadApp()).catch(() => undefined);
    }
    const { ui, session } = cached ? { ui: await loadUi() } : await firstFrame(connectOnce(), loadUi, FIRST_FRAME_BY_MS);
    clearTimeout(uiLoadTimer);
    await ui.module.runApp({ io, starters, rateLimitWaits, ...(session ? { session } : { connect: connectOnce, ...(cached ? { lastSeen: cached } : {}) }) });
    if (debugFile) io.stderr.write(`cmd-tui: request log written to ${debugFile}\n`);
    quitWhileConnecting = stillConnecting;
    return 0;
  } finally {
    for (const signal of terminationSignals()) process.removeListener(signal, onSignal);
    await cleanUp();
    // Quit while the first requests were still unanswered (a cached list or "Connecting…" on screen):
    // nothing waits for them any more, so the process ends now rather than when they time out.
    if (quitWhileConnecting) process.exit(0);
  }
}
