/**
 * A box whose content scrolls inside whatever height the layout leaves it: the content is measured
 * after each layout (wrapped text changes height with the terminal's width), shifted up by the offset
 * (Ink's contentOffsetY) and clipped. The owner keeps title and buttons outside it, so they stay on
 * screen however long the content is.
 */
import { Box, measureElement, type DOMElement } from 'ink';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Text } from './text.js';
import { useTheme } from '../theme/theme-context.js';
import { clampOffset, linesMarker, scrolled } from './scroll-pane.js';

export interface ScrollBoxState {
  viewport: RefObject<DOMElement | null>;
  content: RefObject<DOMElement | null>;
  offset: number;
  visible: number;
  total: number;
  /** Applies a scroll action (up, down, pageUp, pageDown, top, bottom); false when it is none. */
  scroll: (action: string | undefined) => boolean;
}

export function useScrollBox(): ScrollBoxState {
  const viewport = useRef<DOMElement | null>(null);
  const content = useRef<DOMElement | null>(null);
  const [size, setSize] = useState({ visible: 0, total: 0 });
  const [wanted, setWanted] = useState(0);
  // Measuring is the side effect here: the layout is known only after Ink computed it.
  useLayoutEffect(() => {
    const visible = viewport.current ? measureElement(viewport.current).height : 0;
    const total = content.current ? measureElement(content.current).height : 0;
    if (visible !== size.visible || total !== size.total) setSize({ visible, total });
  });
  const offset = clampOffset(wanted, size.total, size.visible);
  const scroll = (action: string | undefined) => {
    const next = action === undefined ? undefined : scrolled(offset, action, size.total, size.visible);
    if (next === undefined) return false;
    setWanted(next);
    return true;
  };
  return { viewport, content, offset, visible: size.visible, total: size.total, scroll };
}

/** The scrolling body and, when it does not fit, a marker saying which lines are shown. */
export function ScrollBox({ state, children }: { state: ScrollBoxState; children: ReactNode }) {
  const theme = useTheme();
  const { offset, visible, total } = state;
  return (
    <>
      <Box ref={state.viewport} flexDirection="column" flexShrink={1} minHeight={1} overflowY="hidden" contentOffsetY={offset}>
        <Box ref={state.content} flexDirection="column" flexShrink={0}>
          {children}
        </Box>
      </Box>
      {total > visible && visible > 0 ? (
        <Box flexShrink={0}>
          <Text color={theme.text.secondary} wrap="truncate">
            {linesMarker(offset, visible, total)}
          </Text>
        </Box>
      ) : null}
    </>
  );
}
