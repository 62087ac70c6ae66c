/**
 * An address the user has to open or paste elsewhere (the sign-in, the install address a 50001 asks
 * for): on a line of its own, nothing else on it and no border around it, and never cut by the app:
 * the whole address is written as one line the terminal wraps itself, so selecting it copies it as one
 * line (a terminal joins rows it wrapped, not rows the app broke). The app leaves the rows that
 * wrapping takes free (app.tsx, through the context below). A link to the whole address (OSC 8) where
 * the terminal draws links, and a key that puts it on the clipboard (OSC 52), which works over SSH too.
 */
import { Box, Text as InkText, useStdout, useWindowSize } from 'ink';
import { createContext, useContext, useLayoutEffect } from 'react';
import { Text } from './text.js';
import { Priority, useKeyHandler } from '../input/dispatcher.js';
import { actionFor, bindingOf, keyLabel } from '../input/key-bindings.js';
import { useAppContext } from '../state/app-context.js';
import { useTheme } from '../theme/theme-context.js';
import { clipboardSequence, hyperlink } from '../../terminal/osc.js';
import { sanitizeLine } from '../../terminal/sanitize.js';

/**
 * Told how many rows past its first the terminal's wrapping of the address on screen takes (0 when
 * none is shown): the app's frame is that much shorter, so the terminal's rows and the app's agree.
 */
const WrappedAddressRows = createContext<(rows: number) => void>(() => undefined);
export const WrappedAddressRowsProvider = WrappedAddressRows.Provider;

/**
 * The rows past the first that an address of `length` cells takes when the terminal wraps it at
 * `columns`. One cell more is counted: the line may start a column in (a padded screen), and an
 * address that ends on the last column may still move the cursor on.
 */
export function wrappedExtraRows(length: number, columns: number): number {
  return Math.max(0, Math.ceil((length + 1) / Math.max(1, columns)) - 1);
}

/** A message that holds an address: the text before it, the address, the text after it. */
export function splitAddress(text: string): { before: string; url: string; after: string } | undefined {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) return undefined;
  return { before: text.slice(0, match.index).trimEnd(), url: match[0], after: text.slice(match.index + match[0].length).trim() };
}

/** Puts an address (or another value to copy, `what` names it) on the clipboard through the terminal (OSC 52) and says so. */
export function useCopyUrl(): (url: string, what?: string) => void {
  const { stdout } = useStdout();
  const { dispatch } = useAppContext();
  return (url, what = 'the address') => {
    stdout.write(clipboardSequence(url));
    dispatch({ type: 'flash', text: `Sent ${what} to the clipboard through the terminal (OSC 52). If nothing was copied, your terminal does not allow it: select ${what} instead.`, tone: 'info' });
  };
}

/**
 * `active`: its copy key works (a screen whose field comes first hands the key over itself, useCopyUrl);
 * `hint: false`: the screen names the copy key itself (a short one, where the line is needed).
 */
export function CopyableUrl({ url, active, hint = true }: { url: string; active: boolean; hint?: boolean }) {
  const theme = useTheme();
  const { columns } = useWindowSize();
  const copy = useCopyUrl();
  // Addresses are ASCII once made safe: one cell each.
  const safe = sanitizeLine(url);
  const extraRows = wrappedExtraRows(safe.length, columns);
  const reserve = useContext(WrappedAddressRows);
  useLayoutEffect(() => {
    reserve(extraRows);
    return () => reserve(0);
  }, [reserve, extraRows]);
  // Above the screen's own keys: the screens underneath swallow letters they do not use.
  useKeyHandler(
    Priority.overlay,
    (chord) => {
      if (actionFor(chord, 'url') !== 'copyUrl') return false;
      copy(url);
      return true;
    },
    active,
  );
  return (
    <Box flexDirection="column" flexShrink={0}>
      {/* As wide as the address, wider than the screen: Ink writes it as one line, which the terminal wraps. */}
      <Box width={safe.length} flexShrink={0}>
        <InkText color={theme.text.accent}>{theme.hyperlinks ? hyperlink(url, safe) : safe}</InkText>
      </Box>
      {hint ? <Text color={theme.text.secondary}>{keyLabel(bindingOf('copyUrl'))} copies the address</Text> : null}
    </Box>
  );
}
