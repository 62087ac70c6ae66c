/**
 * A scrollable read-only screen (detail, raw JSON, overwrites): its state is the scroll offset, its
 * keys are the scroll bindings plus whatever the screen's key scope adds (edit, delete, …).
 */
import { Box, useWindowSize } from 'ink';
import { useState } from 'react';
import { wrapText } from '../../terminal/wrap-text.js';
import { Footer, useFooterRows } from '../components/footer.js';
import { ScrollPane, scrolled, type PaneLine } from '../components/scroll-pane.js';
import { Priority, useKeyHandler } from '../input/dispatcher.js';
import { actionFor, type Action, type KeyScope } from '../input/key-bindings.js';
import { useAppDisabledKeys } from '../input/disabled-keys.js';

export interface PaneScreenProps {
  scope: KeyScope;
  lines: readonly PaneLine[];
  height: number;
  active: boolean;
  /** Actions other than scrolling; return false to let the key fall through (to global keys). */
  onAction: (action: Action) => boolean;
}

export function PaneScreen({ scope, lines: given, height, active, onAction }: PaneScreenProps) {
  const [offset, setOffset] = useState(0);
  const disabled = useAppDisabledKeys();
  // The footer's rows as they are now (a status can wrap to three lines), and one for the pane's `lines x–y of z`.
  const paneHeight = Math.max(3, height - useFooterRows() - 1);
  // Long lines wrap (continuing under their own indent) instead of being cut: a localization, a description or a rule's fix is read whole.
  const width = useWindowSize().columns - 1;
  const lines = given.flatMap((line) => wrapText(line.text, width, `${/^ */.exec(line.text)?.[0] ?? ''}  `).map((text) => ({ ...line, text })));
  useKeyHandler(
    Priority.screen,
    (chord) => {
      const action = actionFor(chord, scope);
      // A key the session cannot use goes on to the app's keys, which say why.
      if (!action || disabled[action] !== undefined) return false;
      const next = scrolled(offset, action, lines.length, paneHeight);
      if (next !== undefined) {
        setOffset(next);
        return true;
      }
      return onAction(action);
    },
    active,
  );
  return (
    <Box flexDirection="column" flexGrow={1}>
      <ScrollPane lines={lines} offset={offset} height={paneHeight} />
      <Footer scope={scope} hide={Object.keys(disabled) as Action[]} />
    </Box>
  );
}
