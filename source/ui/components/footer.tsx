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
const ALWAYS_SHOWN: readonly Action[] = ['help', 'quit', 'back', 'cancel', 'save', 'send'];

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
  return 1 + (state.busy ? 1 + (underSpinner ? statusLines(underSpinner, width).length : 0) : statusLines(state.flash?.text ?? state.local.journal, width).length);
}

/**
 * What was told while the request in flight runs (a key it turns off, and why): shown under its spinner,
 * or pressing that key would seem to do nothing. An older status waits until the request has ended.
 */
function noticeUnderSpinner(state: AppState): string | undefined {
  return state.busy && state.flash?.duringRequest === state.busy.id ? state.flash.text : undefined;
}

/** `status: false`: a dialog's footer, where the status of the screen underneath would be stale (and take rows the buttons need). */
export function Footer({ scope, hide, status = true }: { scope: KeyScope; hide?: readonly Action[]; status?: boolean }) {
  const theme = useTheme();
  const { state } = useAppContext();
  // The root leaves the last column free (see app.tsx).
  const width = useWindowSize().columns - 1;
  return (
    <Box flexDirection="column" flexShrink={0}>
      {state.busy ? (
        <>
          <Spinner label={state.busy.label} cancellable={state.busy.sent !== true} />
          {noticeUnderSpinner(state) && state.flash ? <StatusLine text={state.flash.text} color={toneColor(theme, state.flash.tone)} width={width} scope={scope} /> : null}
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
