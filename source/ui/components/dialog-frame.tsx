/**
 * The frame every question is drawn in: a bordered box whose title and bottom part (buttons, the field
 * to type a name into) always stay on screen, with the body scrolling between them when the terminal
 * is too short for it (↑↓ pgup pgdn), and the footer's keys under it (no status: the screen underneath's
 * would be stale here).
 */
import { Box } from 'ink';
import type { ReactNode } from 'react';
import { Text } from './text.js';
import { Footer } from './footer.js';
import { ScrollBox, type ScrollBoxState } from './scroll-box.js';
import type { Action, KeyScope } from '../input/key-bindings.js';

export interface DialogFrameProps {
  title: string;
  borderColor?: string;
  /** The scroll state of the body (useScrollBox), so the owner's keys can scroll it. */
  body: ScrollBoxState;
  children?: ReactNode;
  /** What stays under the body: the buttons, or the field the answer is typed into. */
  bottom: ReactNode;
  footer: KeyScope;
  /** Keys of the footer's scope that do nothing in this dialog. */
  footerHide?: readonly Action[];
}

export function DialogFrame({ title, borderColor, body, children, bottom, footer, footerHide = [] }: DialogFrameProps) {
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Box flexDirection="column" flexShrink={1} borderStyle="round" borderColor={borderColor} paddingX={1} overflow="hidden">
        <Box flexShrink={0}>
          <Text bold>{title}</Text>
        </Box>
        <ScrollBox state={body}>{children}</ScrollBox>
        {/* The line count above sets the bottom apart when the body scrolls; a blank line otherwise. */}
        <Box marginTop={body.total > body.visible ? 0 : 1} flexDirection="column" flexShrink={0}>
          {bottom}
        </Box>
      </Box>
      <Footer scope={footer} status={false} hide={footerHide} />
    </Box>
  );
}
