/**
 * One long value of the editor (a description, a translation, a choice) shown whole, wrapped, and
 * edited there: the count against Discord's limit live in the title, undo and redo of its own, and
 * esc or enter back to the field with the text kept, which the editor takes as one change (one undo step).
 */
import { Box, useWindowSize } from 'ink';
import { useRef, useState } from 'react';
import { codePointLength } from '../../../discord/json-value.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import { TextArea } from '../../components/text-area.js';
import { recordText, startHistory, stepHistory, type TextHistory } from '../../components/text-history.js';
import { Text } from '../../components/text.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';

export interface WholeTextViewProps {
  label: string;
  text: string;
  /** Discord's limit in characters, if the field has one. */
  limit?: number;
  height: number;
  active: boolean;
  /** Told the text after each change (the editor keeps it if ctrl+c comes while the view is open). */
  onText: (text: string) => void;
  /** Back to the field, with the text last told. */
  onDone: () => void;
}

export function WholeTextView({ label, text, limit, height, active, onText, onDone }: WholeTextViewProps) {
  const theme = useTheme();
  const { dispatch } = useAppContext();
  const width = useWindowSize().columns - 1;
  const [history, setHistory] = useState(() => startHistory(text));
  // The newest history even before a render: two keys handled back to back both land.
  const latest = useRef(history);
  const change = (next: TextHistory) => {
    latest.current = next;
    onText(next.present);
    setHistory(next);
  };
  useKeyHandler(
    Priority.screen,
    (chord) => {
      const action = actionFor(chord, 'whole-text');
      if (action === 'keepText') onDone();
      else if (action === 'undo' || action === 'redo') {
        const stepped = stepHistory(latest.current, action);
        if (stepped) change(stepped);
        else dispatch({ type: 'flash', text: action === 'undo' ? 'Nothing to undo here.' : 'Nothing to redo.', tone: 'info' });
      } else if (action === 'help') dispatch({ type: 'overlay', overlay: { kind: 'help', scope: 'whole-text' } });
      // ctrl+c goes on to the global handler; every other key stays here.
      else return chord !== 'ctrl+c';
      return true;
    },
    active,
  );
  const footerRows = useFooterRows();
  const count = codePointLength(history.present);
  const over = limit !== undefined && count > limit;
  return (
    <Box flexDirection="column" height={height}>
      {/* The count first: a narrow terminal cuts the label, never how far over the limit the text is. */}
      <Text wrap="truncate">
        <Text color={over ? theme.status.error : theme.text.secondary}>{limit === undefined ? `${count} characters` : `${count}/${limit} characters${over ? ` (${count - limit} too many)` : ''}`}</Text>
        {'  '}
        <Text bold>{label}</Text>
      </Text>
      <TextArea value={history.present} onChange={(value, typing) => change(recordText(latest.current, value, typing, Date.now()))} focused={active} width={width} height={Math.max(2, height - 1 - footerRows)} />
      <Footer scope="whole-text" />
    </Box>
  );
}
