/**
 * An address the user has to open or paste elsewhere (the sign-in, the install address a 50001 asks
 * for): on rows of its own, nothing else on them and no border around them, so selecting the rows
 * copies the address and nothing more; a link to the whole address (OSC 8) where the terminal draws
 * links; and a key that puts it on the clipboard (OSC 52), which works over SSH too.
 */
import { Box, Text as InkText, useStdout } from 'ink';
import { Text } from './text.js';
import { Priority, useKeyHandler } from '../input/dispatcher.js';
import { actionFor, bindingOf, keyLabel } from '../input/key-bindings.js';
import { useAppContext } from '../state/app-context.js';
import { useTheme } from '../theme/theme-context.js';
import { clipboardSequence, hyperlink, supportsHyperlinks } from '../../terminal/osc.js';
import { sanitizeLine } from '../../terminal/sanitize.js';

/** The address cut into rows of `width` characters (addresses are ASCII: one cell each). */
export function addressRows(url: string, width: number): string[] {
  const safe = sanitizeLine(url);
  const rows: string[] = [];
  for (let at = 0; at < safe.length; at += Math.max(1, width)) rows.push(safe.slice(at, at + Math.max(1, width)));
  return rows;
}

/** A message that holds an address: the text before it, the address, the text after it. */
export function splitAddress(text: string): { before: string; url: string; after: string } | undefined {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) return undefined;
  return { before: text.slice(0, match.index).trimEnd(), url: match[0], after: text.slice(match.index + match[0].length).trim() };
}

export function CopyableUrl({ url, width, active }: { url: string; width: number; active: boolean }) {
  const theme = useTheme();
  const { stdout } = useStdout();
  const { dispatch } = useAppContext();
  // Above the screen's own keys: the screens underneath swallow letters they do not use.
  useKeyHandler(
    Priority.overlay,
    (chord) => {
      if (actionFor(chord, 'url') !== 'copyUrl') return false;
      stdout.write(clipboardSequence(url));
      dispatch({ type: 'flash', text: 'Sent the address to the clipboard through the terminal (OSC 52). If nothing was copied, your terminal does not allow it: select the rows of the address instead.', tone: 'info' });
      return true;
    },
    active,
  );
  const links = supportsHyperlinks(process.env);
  return (
    <Box flexDirection="column" flexShrink={0}>
      {addressRows(url, width).map((row, index) => (
        <InkText key={index} color={theme.text.accent}>
          {links ? hyperlink(url, row) : row}
        </InkText>
      ))}
      <Text color={theme.text.secondary}>{keyLabel(bindingOf('copyUrl'))} copies the address</Text>
    </Box>
  );
}
