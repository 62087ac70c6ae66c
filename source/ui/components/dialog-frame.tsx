/**
 * The frame every question is drawn in: a bordered box whose title, `head` (a refusal, the instruction to
 * type) and bottom part (buttons, the field to type a name into) always stay on screen, with the body
 * alone scrolling between them when the terminal is too short for it (↑↓ pgup pgdn, and a line saying which
 * lines show), and the footer's keys under it (no status: the screen underneath's would be stale here).
 * On a short terminal (under SHORT_ROWS rows) a dialog takes every row: the app's header gives way
 * (app.tsx, through the context below), the border goes and the title keeps two rows.
 */
import { Box, useWindowSize } from 'ink';
import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import { Text } from './text.js';
import { wrapText } from '../../terminal/wrap-text.js';
import { sanitizeText } from '../../terminal/sanitize.js';
import { fitCell } from '../../terminal/fit-cell.js';
import { Footer } from './footer.js';
import { ScrollBox, type ScrollBoxState } from './scroll-box.js';
import type { Action, KeyScope } from '../input/key-bindings.js';

/** Under this many terminal rows a dialog is drawn compact, over the header's rows too. */
export const SHORT_ROWS = 16;

/** Told, +1 and -1, as dialogs are drawn and go: the app leaves out its header while one is up on a short terminal. */
const DialogsShown = createContext<(change: number) => void>(() => undefined);
export const DialogsShownProvider = DialogsShown.Provider;

/** The cells a line inside a dialog has: the app's width (one column spare) less the border and padding, when drawn. */
export function useDialogWidth(): number {
  const { columns, rows } = useWindowSize();
  return Math.max(1, columns - (rows < SHORT_ROWS ? 1 : 5));
}

/** A stretch of a DialogLine's text drawn its own way (a name in bold inside the sentence). */
export interface DialogLinePart {
  text: string;
  bold?: boolean;
  color?: string | undefined;
}

/**
 * Prose wrapped by the project's one wrapper (terminal/wrap-text.ts), not by Ink's, which starts a wrapped row
 * with the space it broke at: a line of a dialog at the dialog's width (or `width`, on a screen), each wrapped line
 * starting under the first's text (its indent kept). `text` may be parts, each drawn its own way.
 */
export function DialogLine({ text, color, bold, width }: { text: string | readonly (string | DialogLinePart)[]; color?: string | undefined; bold?: boolean; width?: number }) {
  const dialogWidth = useDialogWidth();
  // Made safe part by part, so each character of the wrapped lines is known to be a part's.
  const parts = (typeof text === 'string' ? [text] : text).map((part) => (typeof part === 'string' ? { text: sanitizeText(part) } : { ...part, text: sanitizeText(part.text) }));
  const whole = parts.map((part) => part.text).join('');
  const indent = /^ */.exec(whole)?.[0] ?? '';
  const lines = wrapText(whole, width ?? dialogWidth, indent);
  const style = { ...(color ? { color } : {}), ...(bold ? { bold } : {}) };
  if (parts.length === 1) return <Text {...style}>{lines.join('\n')}</Text>;
  return (
    <Text {...style}>
      {styledRuns(lines, parts, whole, indent).map((run, index) =>
        run.part.bold || run.part.color ? (
          <Text key={index} {...(run.part.bold ? { bold: true } : {})} {...(run.part.color ? { color: run.part.color } : {})}>
            {run.text}
          </Text>
        ) : (
          run.text
        ),
      )}
    </Text>
  );
}

/** The wrapped lines cut back into stretches of the parts they came from (`whole`: the parts' text joined). */
function styledRuns(lines: readonly string[], parts: readonly DialogLinePart[], whole: string, indent: string): { text: string; part: DialogLinePart }[] {
  const partAt = parts.flatMap((part) => Array.from({ length: part.text.length }, () => part));
  const runs: { text: string; part: DialogLinePart }[] = [];
  const add = (text: string, part: DialogLinePart) => {
    const last = runs.at(-1);
    if (last && last.part === part) last.text += text;
    else runs.push({ text, part });
  };
  let at = 0;
  lines.forEach((line, index) => {
    let shown = line;
    if (index > 0) {
      // The spaces a line broke at (or ended with) are not drawn; a wrapped line starts with the indent, a new paragraph as written.
      while (whole[at] === ' ') at += 1;
      const paragraph = whole[at] === '\n';
      if (paragraph) at += 1;
      else shown = line.slice(indent.length);
      add(paragraph ? '\n' : `\n${indent}`, runs.at(-1)?.part ?? parts[0]!);
    }
    for (const char of shown) {
      add(char, partAt[at] ?? parts.at(-1)!);
      at += char.length;
    }
  });
  return runs;
}

/** A short terminal's title: two rows at most, cut at the end of the second. */
export function shortTitle(title: string, width: number): string {
  const lines = wrapText(title, width);
  return lines.length <= 2 ? lines.join('\n') : `${lines[0]}\n${fitCell(`${lines[1]}…`, width)}`;
}

export interface DialogFrameProps {
  title: string;
  borderColor?: string;
  /** The scroll state of the body (useScrollBox), so the owner's keys can scroll it. */
  body: ScrollBoxState;
  /** What stays above the scrolling body, whatever its length: a refusal, what to type. */
  head?: ReactNode;
  children?: ReactNode;
  /** What stays under the body: the buttons, or the field the answer is typed into. */
  bottom: ReactNode;
  footer: KeyScope;
  /** Keys of the footer's scope that do nothing in this dialog. */
  footerHide?: readonly Action[];
}

export function DialogFrame({ title, borderColor, body, head, children, bottom, footer, footerHide = [] }: DialogFrameProps) {
  const short = useWindowSize().rows < SHORT_ROWS;
  const width = useDialogWidth();
  const tell = useContext(DialogsShown);
  useLayoutEffect(() => {
    tell(1);
    return () => tell(-1);
  }, [tell]);
  const frame = short ? {} : { borderStyle: 'round' as const, borderColor, paddingX: 1 };
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Box flexDirection="column" flexShrink={1} flexGrow={short ? 1 : 0} overflow="hidden" {...frame}>
        <Box flexShrink={0}>
          <Text bold {...(short ? { color: borderColor } : {})}>
            {short ? shortTitle(title, width) : title}
          </Text>
        </Box>
        {head ? (
          <Box flexDirection="column" flexShrink={0}>
            {head}
          </Box>
        ) : null}
        <ScrollBox state={body}>{children}</ScrollBox>
        {/* The line count above sets the bottom apart when the body scrolls; a blank line otherwise (none when short). */}
        <Box marginTop={body.total > body.visible || short ? 0 : 1} flexDirection="column" flexShrink={0}>
          {bottom}
        </Box>
      </Box>
      <Footer scope={footer} status={false} hide={footerHide} />
    </Box>
  );
}
