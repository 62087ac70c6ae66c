/**
 * The bottom of every screen: the status line (spinner while a request is in flight, otherwise the
 * last message, wrapped so a path it names is shown in full, up to three lines; the screen above gives way) and the keys
 * that work here, generated from the key table on one line.
 */
import { Box, useWindowSize } from 'ink';
import { Text } from './text.js';
import { bindingsFor, keyLabel, type Action, type Binding, type KeyScope } from '../input/key-bindings.js';
import { useAppContext } from '../state/app-context.js';
import type { AppState, Tone } from '../state/app-state.js';
import { useTheme } from '../theme/theme-context.js';
import type { Theme } from '../theme/theme.js';
import { Spinner } from './spinner.js';
import { StatusLine, statusLines } from './status-line.js';

export function toneColor(theme: Theme, tone: Tone): string | undefined {
  if (tone === 'error') return theme.status.error;
  if (tone === 'warning') return theme.status.warning;
  if (tone === 'success') return theme.status.success;
  return theme.text.primary;
}

/** Kept however narrow the terminal: the ways out, saving (and Try's sending), and `?`, which lists every key. */
const ALWAYS_SHOWN: readonly Action[] = ['help', 'quit', 'back', 'cancel', 'save', 'send', 'cancelWrite', 'stopWrite'];

/** Roomy: every key, the full label and ` · ` between hints; compact: the first key, the short label and two spaces. */
function hintLine(bindings: readonly Binding[], roomy: boolean): string {
  return bindings.map((b) => (roomy ? `${keyLabel(b)} ${b.label}` : `${keyLabel({ ...b, keys: b.keys.slice(0, 1) })} ${b.short ?? b.label}`)).join(roomy ? ' · ' : '  ');
}

/**
 * The footer's keys on one line of `width` cells, so it never wraps and pushes the screen up: every
 * key of each binding when that fits, else the first key of each more tightly spaced, then the least
 * needed bindings dropped from the end. `hide`: keys that do nothing where the focus is.
 */
export function footerHints(scope: KeyScope, width = Number.POSITIVE_INFINITY, hide: readonly Action[] = []): string {
  const shown = bindingsFor(scope).filter((b) => b.footer && !hide.includes(b.action));
  if (hintLine(shown, true).length <= width) return hintLine(shown, true);
  let kept = shown;
  for (let i = shown.length - 1; i >= 0 && hintLine(kept, false).length > width; i--) {
    const binding = shown[i];
    if (binding && !ALWAYS_SHOWN.includes(binding.action)) kept = kept.filter((b) => b !== binding);
  }
  return hintLine(kept, false);
}

/**
 * Rows the Footer takes now — the key line and the status, which wraps to up to three lines (or the
 * spinner) — so a screen gives its body what is left instead of being drawn over.
 */
export function useFooterRows(): number {
  const { state } = useAppContext();
  const width = useWindowSize().columns - 1;
  const underSpinner = noticeUnderSpinner(state);
  const pending = quitPendingLine(state) ? 1 : 0;
  return 1 + (state.busy ? 1 + pending + (underSpinner ? statusLines(underSpinner, width).length : 0) : statusLines(state.flash?.text ?? state.local.journal, width).length);
}

/** What q during a write says: it is remembered, and the outcome (with its backup) is printed once the app has quit. */
export function quitLaterNotice(sent: boolean): string {
  const recall = sent
    ? 'The change was sent and cannot be recalled'
    : // Still true once it is sent (the notice stays up while the write runs): the line above says when.
      'Until the line above says sent, ctrl+c cancels the change';
  return `q: cmd-tui quits once Discord answers, and prints whether the change happened and the backup that undoes it. ${recall}; press q again to stay in cmd-tui.`;
}

/**
 * While q waits for the write in flight, a line says so whatever else the status says since (an off key's
 * reason), so the quit to come is never out of sight; none while the status is q's own notice.
 */
function quitPendingLine(state: AppState): string | undefined {
  if (!state.quitAfterWrite || !state.busy?.write) return undefined;
  if (noticeUnderSpinner(state)?.startsWith('q: cmd-tui quits')) return undefined;
  return 'q pressed: cmd-tui quits once Discord answers (press q again to stay).';
}

/**
 * What was told while the request in flight runs (a key it turns off, and why): shown under its spinner,
 * or pressing that key would seem to do nothing. An older status waits until the request has ended.
 */
function noticeUnderSpinner(state: AppState): string | undefined {
  return state.busy && state.flash?.duringRequest === state.busy.id ? state.flash.text : undefined;
}

/**
 * `status: false`: a dialog's footer, where the status of the screen underneath would be stale (and take rows the buttons need);
 * `spinner: false`: the view above shows the request's progress itself (a copy's, a restore's).
 */
export function Footer({ scope, hide, status = true, spinner = true }: { scope: KeyScope; hide?: readonly Action[]; status?: boolean; spinner?: boolean }) {
  const theme = useTheme();
  const { state } = useAppContext();
  // The root leaves the last column free (see app.tsx).
  const width = useWindowSize().columns - 1;
  const pending = quitPendingLine(state);
  return (
    <Box flexDirection="column" flexShrink={0}>
      {state.busy ? (
        <>
          {spinner ? <Spinner label={state.busy.label} cancellable={state.busy.sent !== true} /> : null}
          {noticeUnderSpinner(state) && state.flash ? <StatusLine text={state.flash.text} color={toneColor(theme, state.flash.tone)} width={width} scope={scope} /> : null}
          {pending ? (
            <Text color={theme.status.warning} wrap="truncate">
              {pending}
            </Text>
          ) : null}
        </>
      ) : status ? (
        <StatusLine text={state.flash?.text ?? state.local.journal} color={state.flash ? toneColor(theme, state.flash.tone) : state.local.journal ? theme.status.warning : undefined} width={width} scope={scope} />
      ) : null}
      <Text color={theme.text.secondary} wrap="truncate">
        {footerHints(scope, width, hide)}
      </Text>
    </Box>
  );
}
