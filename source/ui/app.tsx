/**
 * The Ink app: providers (theme, key dispatcher, app state) and the root layout — header, the screen
 * on top of the stack (the list stays mounted underneath so its filter and selection survive), or the
 * one open overlay. Global keys (help, quit, ctrl+c, refresh) live here at the lowest priority.
 */
import { Box, useApp, useWindowSize } from 'ink';
import { useCallback, useEffect, useReducer, useState } from 'react';
import type { Command } from '../discord/model.js';
import { useJsonEdit } from './editor/use-json-edit.js';
import { Header, HEADER_ROWS } from './components/header.js';
import { WrappedAddressRowsProvider } from './components/copyable-url.js';
import { DialogsShownProvider, SHORT_ROWS } from './components/dialog-frame.js';
import { Spinner } from './components/spinner.js';
import { statusPathExtraRows } from './components/status-line.js';
import { quitLaterNotice } from './components/footer.js';
import { connectionFailureKind } from '../api/errors.js';
import { describeError, errorLine } from './format/describe-error.js';
import { Priority, KeyDispatcher, useKeyHandler } from './input/dispatcher.js';
import { actionFor, type Action, type DisabledKeys, type KeyScope } from './input/key-bindings.js';
import { disabledNotice, DisabledKeysProvider, useScreenKeys } from './input/disabled-keys.js';
import { appOverlay } from './app-overlay.js';
import { CommandDetail } from './screens/command-detail/command-detail.js';
import { CommandEditor } from './screens/command-editor/command-editor.js';
import { CommandList } from './screens/command-list/command-list.js';
import { Onboarding } from './screens/onboarding/onboarding.js';
import { AuditScreen } from './screens/audit/audit-screen.js';
import { BackupsScreen } from './screens/backups/backups-screen.js';
import { PermissionsScreen } from './screens/permissions/permissions-screen.js';
import { RawJson } from './screens/raw-json/raw-json.js';
import { TryScreen } from './screens/try/try-screen.js';
import { SignInOnlyHome } from './screens/sign-in-only/sign-in-only-home.js';
import { canReadCommands } from '../api/contract.js';
import type { Session, SessionStarters } from './session/session.js';
import type { RateLimitWaits } from './session/rate-limit-waits.js';
import { AppContext, useAppContext } from './state/app-context.js';
import { appReducer, type AppState, findCommand, flashExpires, initialAppState, statusHistoryText, topScreen } from './state/app-state.js';
import { useRequestRunner } from './state/request-runner.js';
import { createAppFlows, useIdentityLoader, useScopeLoader } from './state/use-app-flows.js';
import { ThemeContext } from './theme/theme-context.js';
import type { Theme } from './theme/theme.js';

const FLASH_MS = 8000;

export interface AppProps {
  /** A session that is ready (it connected before the first frame), or none: then `connect`, else onboarding. */
  session?: Session | null;
  /** The connection still under way, shown as "Connecting…" until it settles; null means "no credentials". */
  connect?: () => Promise<Session | null>;
  starters?: SessionStarters;
  theme: Theme;
  /** What to print once the app has quit (the outcome of the write q waited for), the alternate screen gone. */
  onExitNote?: (text: string) => void;
  /** The client's rate-limit waits, named beside the spinner ("Connecting…" included). */
  rateLimitWaits?: RateLimitWaits;
}

export function App({ session = null, connect, starters, theme, onExitNote, rateLimitWaits }: AppProps) {
  const [state, dispatch] = useReducer(appReducer, undefined, () => initialAppState(session, !session && connect !== undefined));
  const runner = useRequestRunner(dispatch);
  useEffect(() => {
    if (!connect) return;
    connect().then(
      (started) => dispatch(started ? { type: 'session-started', session: started } : { type: 'no-session' }),
      (error: unknown) => dispatch({ type: 'no-session', message: errorLine(describeError(error)), failure: connectionFailureKind(error) }),
    );
  }, [connect]);
  const { flash } = state;
  useEffect(() => {
    if (!flashExpires(flash)) return;
    const timer = setTimeout(() => dispatch({ type: 'flash-expired', flash }), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  useQuitAfterWrite(state, onExitNote);
  useEffect(() => rateLimitWaits?.listen((wait) => dispatch({ type: 'rate-limited', wait })), [rateLimitWaits]);
  useScopeLoader(state, dispatch, runner);
  useIdentityLoader(state, dispatch);
  const flows = createAppFlows(state, dispatch, runner);
  // Rows an address on screen takes where the terminal wraps it, past its first (copyable-url.tsx).
  const [addressRows, setAddressRows] = useState(0);
  // Dialogs drawn now (dialog-frame.tsx): on a short terminal one takes the header's rows too.
  const [dialogs, setDialogs] = useState(0);
  const tellDialogs = useCallback((change: number) => setDialogs((count) => count + change), []);
  return (
    <ThemeContext.Provider value={theme}>
      <KeyDispatcher>
        <DisabledKeysProvider app={sessionDisabledKeys(state, starters)}>
          <AppContext.Provider value={{ state, dispatch, flows }}>
            <WrappedAddressRowsProvider value={setAddressRows}>
              <DialogsShownProvider value={tellDialogs}>
                <Root starters={starters} addressRows={addressRows} dialogShown={dialogs > 0} />
              </DialogsShownProvider>
            </WrappedAddressRowsProvider>
          </AppContext.Provider>
        </DisabledKeysProvider>
      </KeyDispatcher>
    </ThemeContext.Provider>
  );
}

/** Where the Try form's emulator runs in another process (`serve`), cmd-tui cannot set its interactions URL there. */
const INTERACTIONS_URL_ELSEWHERE = 'this emulator runs in another process: start `cmd-tui serve` with --interactions-url URL, or set it with PATCH /applications/@me and the bot token.';

/** Keys the session cannot use on any screen, and why. */
function sessionDisabledKeys(state: AppState, starters: SessionStarters | undefined): DisabledKeys {
  const noCopy = 'this session cannot copy commands: it needs a bot token or client credentials.';
  return {
    ...(starters?.profiles && starters.openProfile ? {} : { switchProfile: 'there are no saved profiles to switch to: `cmd-tui profile add` saves one.' }),
    ...(state.session?.copy ? {} : { copyCommand: noCopy, copyScope: noCopy }),
    ...(!state.session || state.session.emulators.own || state.session.emulators.forTry?.running() ? {} : { interactionsUrl: INTERACTIONS_URL_ELSEWHERE }),
    ...writeInFlightKeys(state.busy),
  };
}

/** Keys that would start on what a write in flight is changing (or leave another scope's screens behind it). */
const ACTING_ON_WRITTEN: readonly Action[] = ['edit', 'editJson', 'delete', 'permissions', 'copyCommand', 'copyScope', 'tryCommand', 'new', 'scope', 'switchProfile', 'openBackups', 'export', 'appPermissions'];

/** While a write is in flight: what it writes may be gone or changed when it lands, so no key starts on it. */
function writeInFlightKeys(busy: AppState['busy']): DisabledKeys {
  if (!busy?.write) return {};
  const wait = "a change is in flight (the line above names it): wait for Discord's answer, it may change what this key would act on.";
  return Object.fromEntries(ACTING_ON_WRITTEN.map((action) => [action, wait]));
}

/** How long a quit waits, once the write has settled, for the status that tells its outcome. */
const OUTCOME_WAIT_MS = 500;

/** q pressed during a write: once it has settled and its outcome is told, quit, leaving that outcome to be printed. */
function useQuitAfterWrite(state: AppState, onExitNote: ((text: string) => void) | undefined): void {
  const { exit } = useApp();
  const { quitAfterWrite, busy, flash } = state;
  useEffect(() => {
    if (!quitAfterWrite || busy?.write) return;
    const quit = () => {
      if (flash && flash.duringRequest === undefined) onExitNote?.(flash.text);
      exit();
    };
    // The outcome is the status told after the write (not one told during it): quit once it is up.
    if (flash && flash.duringRequest === undefined) {
      quit();
      return;
    }
    const timer = setTimeout(quit, OUTCOME_WAIT_MS);
    return () => clearTimeout(timer);
  }, [quitAfterWrite, busy, flash]);
}

/** Where the status line's ctrl+e is the app's (not the editor's own message). */
const NO_STATUS = 'no status message has been shown yet.';

/** ctrl+e: the status in full, with the earlier ones under it (a finished write's outcome stays readable there). */
export function statusOverlay(state: AppState): Extract<AppState['overlay'], { kind: 'message' }> | undefined {
  // Why ctrl+e itself was off is no status to read whole; another key's reason is (cut, it names ctrl+e), though kept out of the history.
  const flash = state.flash?.offKey === 'showMessage' ? null : state.flash;
  const earlier = flash && !flash.offKey ? state.statusHistory.slice(0, -1) : state.statusHistory;
  if (!flash && earlier.length === 0) return undefined;
  const history = earlier.length > 0 ? statusHistoryText(earlier, Date.now()) : '';
  if (!flash) return { kind: 'message', title: 'Earlier status messages, newest first', text: history };
  return { kind: 'message', text: history ? `${flash.text}\n\nEarlier, newest first:\n\n${history}` : flash.text };
}

function useGlobalKeys(screenScope: KeyScope): void {
  const { exit } = useApp();
  const { state, dispatch, flows } = useAppContext();
  const screenKeys = useScreenKeys();
  // Why the last key was off answers that key alone: the next key (whatever takes it) clears it.
  useKeyHandler(Priority.watch, () => {
    if (state.flash?.offKey) dispatch({ type: 'off-key-read' });
    return false;
  });
  useKeyHandler(Priority.global, (chord) => {
    // The view in front names its key scope and the keys it cannot use now; the screen's otherwise.
    const keys = screenKeys();
    const scope = keys.scope ?? screenScope;
    const status = statusOverlay(state);
    const disabled = { ...(status || keys.ownMessage ? {} : { showMessage: NO_STATUS }), ...keys.disabled };
    const action = actionFor(chord, scope);
    // A copy's or restore's progress over the screen: a key of the screen underneath, pressed, says why it is off.
    const underneath = action === undefined && (scope === 'bulk-write' || scope === 'bulk-write-sent') ? actionFor(chord, screenScope) : undefined;
    const off = action && disabledNotice(action, scope, disabled) ? action : underneath;
    const notice = action ? disabledNotice(action, scope, disabled) : underneath ? disabledNotice(underneath, screenScope, disabled) : undefined;
    if (notice && off) dispatch({ type: 'flash', text: notice, tone: 'warning', offKey: off });
    else if (action === 'help') dispatch({ type: 'overlay', overlay: { kind: 'help', scope, disabled } });
    else if (action === 'showMessage' && status) dispatch({ type: 'overlay', overlay: status });
    // While a write is in flight q is remembered: the app quits once the outcome is told (useQuitAfterWrite).
    else if (action === 'quit' && state.busy?.write) {
      dispatch({ type: 'quit-after-write', quit: !state.quitAfterWrite });
      dispatch({ type: 'flash', text: state.quitAfterWrite ? 'Staying: q no longer quits when the change in flight is answered.' : quitLaterNotice(state.busy.sent === true), tone: 'warning' });
    } else if (action === 'quit') exit();
    else if (action === 'refresh') dispatch({ type: 'reload' });
    else if (action === 'appPermissions' && state.session) dispatch({ type: 'push', screen: { id: 'permissions', commandId: state.session.api.applicationId } });
    else if (action === 'interrupt') {
      const cancelled = flows.runner.cancel();
      // A write that left cannot be recalled: the busy line says it is waiting for Discord's answer, and its outcome will be told.
      if (cancelled && !cancelled.sentWrite) dispatch({ type: 'flash', text: `Cancelled: ${cancelled.label}.`, tone: 'warning' });
      else if (!cancelled) exit();
    } else return false;
    return true;
  });
}

function Root({ starters, addressRows, dialogShown }: { starters?: SessionStarters; addressRows: number; dialogShown: boolean }) {
  const { state, dispatch, flows } = useAppContext();
  const { columns, rows: terminalRows } = useWindowSize();
  // The frame leaves free the rows a wrapped address or a status's path takes, and one more: a frame shorter than the screen ends with a line break.
  // Under an overlay no status is drawn: the frame fills the terminal, so it is written whole over one that had rows the terminal wrapped.
  const statusShown = !state.busy && state.overlay.kind === 'none';
  const wrappedRows = addressRows + (statusShown ? statusPathExtraRows(state.flash?.text ?? state.local.journal, columns) : 0);
  const rows = terminalRows - (wrappedRows > 0 ? wrappedRows + 1 : 0);
  const editJson = useJsonEdit();
  const top = topScreen(state);
  // A browser sign-in alone has a home of its own where the list would be.
  const signInOnly = state.session !== null && !canReadCommands(state.session.api);
  const scope: KeyScope = top.id === 'list' && signInOnly ? 'sign-in-only' : top.id;
  useGlobalKeys(scope);
  // A short screen with a wrapped address on it keeps the address and its field, not the header.
  // A dialog on a short terminal takes every row (dialog-frame.tsx).
  const headerShown = (state.session !== null || state.start.connecting) && !(addressRows > 0 && rows - HEADER_ROWS < 8) && !(dialogShown && terminalRows < SHORT_ROWS);
  const bodyHeight = Math.max(addressRows > 0 ? 3 : 6, rows - (headerShown ? HEADER_ROWS : 0));
  const noOverlay = state.overlay.kind === 'none';
  const topCommand = 'commandId' in top ? findCommand(state, top.commandId) : undefined;

  const onCommandAction = (action: Action, command: Command) => {
    if (action === 'edit') dispatch({ type: 'push', screen: { id: 'editor', commandId: command.id } });
    else if (action === 'editJson') void editJson(command);
    else if (action === 'delete') dispatch({ type: 'overlay', overlay: { kind: 'confirm-delete', commandId: command.id } });
    else if (action === 'permissions') dispatch({ type: 'push', screen: { id: 'permissions', commandId: command.id } });
    else if (action === 'rawJson') dispatch({ type: 'push', screen: { id: 'json', commandId: command.id } });
    else if (action === 'copyCommand') dispatch({ type: 'overlay', overlay: { kind: 'copy', commandId: command.id } });
    else if (action === 'tryCommand') dispatch({ type: 'push', screen: { id: 'try', commandId: command.id } });
  };

  const overlay = appOverlay({ state, dispatch, flows, starters, scope, height: bodyHeight });

  return (
    // One column spare: a line that fills the last column leaves some terminals in a pending wrap.
    <Box flexDirection="column" width={Math.max(20, columns - 1)} height={rows}>
      {headerShown ? <Header state={state} /> : null}
      <Box flexDirection="column" height={bodyHeight} overflowY="hidden">
        {state.start.connecting ? <Spinner label="Connecting" /> : null}
        {top.id === 'onboarding' && overlay === null ? <Onboarding starters={starters} height={bodyHeight} active={noOverlay} /> : null}
        {signInOnly ? (
          top.id === 'list' && overlay === null ? <SignInOnlyHome height={bodyHeight} active={noOverlay} /> : null
        ) : state.session ? (
          <Box display={top.id === 'list' && overlay === null ? 'flex' : 'none'} flexDirection="column" flexGrow={1}>
            {/* The footer's two rows (the legend under the rows, "! breaks a platform rule", takes one of the list's where it is shown). */}
            <CommandList active={top.id === 'list' && noOverlay} width={columns - 1} height={bodyHeight - 2} onEditJson={(c) => void editJson(c)} />
          </Box>
        ) : null}
        {overlay}
        {overlay === null && top.id === 'detail' && topCommand ? <CommandDetail command={topCommand} height={bodyHeight} active={noOverlay} onCommandAction={onCommandAction} /> : null}
        {overlay === null && top.id === 'json' && topCommand ? <RawJson command={topCommand} height={bodyHeight} active={noOverlay} /> : null}
        {top.id === 'permissions' && state.session ? (
          // Hidden, not unmounted, under help: unsaved overwrite edits survive it.
          <Box display={overlay === null ? 'flex' : 'none'} flexDirection="column" flexGrow={1}>
            <PermissionsScreen key={`${top.commandId}:${top.guildId ?? ''}`} entryId={top.commandId} guildId={top.guildId} {...(top.select ? { select: top.select } : {})} height={bodyHeight} width={columns - 1} active={noOverlay} />
          </Box>
        ) : null}
        {top.id === 'try' && topCommand && state.session ? (
          // Hidden, not unmounted, under help: what was filled in and the bot's reply survive it.
          <Box display={overlay === null ? 'flex' : 'none'} flexDirection="column" flexGrow={1}>
            <TryScreen key={top.commandId} command={topCommand} height={bodyHeight} width={columns - 1} active={noOverlay} />
          </Box>
        ) : null}
        {top.id === 'backups' && state.session ? (
          // Hidden, not unmounted, under help or a message: a restore under way shows its progress again after them.
          <Box display={overlay === null ? 'flex' : 'none'} flexDirection="column" flexGrow={1}>
            <BackupsScreen height={bodyHeight} width={columns - 1} active={noOverlay} />
          </Box>
        ) : null}
        {state.session && state.stack.some((screen) => screen.id === 'audit') ? (
          // Hidden, not unmounted, while a finding is fixed on another screen: the findings stay.
          <Box display={overlay === null && top.id === 'audit' ? 'flex' : 'none'} flexDirection="column" flexGrow={1}>
            <AuditScreen height={bodyHeight} width={columns - 1} active={noOverlay && top.id === 'audit'} />
          </Box>
        ) : null}
        {top.id === 'editor' ? (
          // Hidden, not unmounted, under help or a message: the draft survives them.
          <Box display={overlay === null ? 'flex' : 'none'} flexDirection="column" flexGrow={1}>
            <CommandEditor key={top.commandId ?? 'new'} original={topCommand} height={bodyHeight} active={noOverlay} />
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
