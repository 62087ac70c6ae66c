/**
 * "Who can use this?", pure: the matrix from accessMatrix — a row per role (a member holding only
 * that role) and per user an overwrite names (that member as they are) × channels — computed from the
 * list on screen so unsaved edits show their effect, and the reason for the selected cell. An answer
 * that rests on server-wide permissions (the bot cannot see the channel) is marked `?`. Columns
 * scroll sideways when the terminal is narrow.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { DialogLine } from '../../components/dialog-frame.js';
import type { AccessDecision, AccessMatrix } from '../../../discord/effective-access.js';
import { useTheme } from '../../theme/theme-context.js';
import type { Theme } from '../../theme/theme.js';
import { useListWindow } from '../../components/list-window.js';
import { fitCell } from '../../../terminal/fit-cell.js';

export interface AccessViewProps {
  commandLabel: string;
  guildName: string;
  matrix: AccessMatrix;
  cell: { row: number; column: number };
  unsaved: boolean;
  width: number;
  height: number;
}

const COLUMN_WIDTH = 14;
const ROW_LABEL_WIDTH = 20;

export function AccessView({ commandLabel, guildName, matrix, cell, unsaved, width, height }: AccessViewProps) {
  const theme = useTheme();
  const { rows, columns, cells } = matrix;
  const fit = Math.max(1, Math.floor((width - ROW_LABEL_WIDTH - 2) / COLUMN_WIDTH));
  const first = useListWindow(cell.column, columns.length, fit);
  const rowSpace = Math.max(2, height - 7);
  const firstRow = useListWindow(cell.row, rows.length, rowSpace);
  if (columns.length === 0) return <DialogLine text={`No channel of ${guildName} is visible to the bot, so there is nothing to show per channel.`} width={width} />;
  const shownColumns = columns.slice(first, first + fit);
  const decision = cells[cell.row]?.[cell.column];
  return (
    <Box flexDirection="column" flexGrow={1} overflow="hidden">
      {/* The title and the column names keep their rows on a short terminal; the grid's rows give way. */}
      <Box flexDirection="column" flexShrink={0}>
        <Text wrap="truncate">
          <Text bold>Who can use {commandLabel}</Text>
          <Text color={theme.text.secondary}> in {guildName}? Each role alone, each user as they are, per channel{unsaved ? ' (with your unsaved edits)' : ''}.</Text>
        </Text>
        {shownColumns.length < columns.length ? (
          <Text color={theme.text.secondary} wrap="truncate">
            channels {first + 1}–{first + shownColumns.length} of {columns.length} (←/→ moves)
          </Text>
        ) : null}
        <Text wrap="truncate">
          {' '.repeat(ROW_LABEL_WIDTH + 2)}
          {shownColumns.map((c) => (
            <Text key={c.id} color={theme.text.secondary}>
              {`${fitCell(c.label, COLUMN_WIDTH - 1)} `}
            </Text>
          ))}
        </Text>
      </Box>
      <Box flexDirection="column" flexShrink={1} overflow="hidden" minHeight={Math.min(2, rows.length)}>
        {rows.slice(firstRow, firstRow + rowSpace).map((row, offset) => {
          const r = firstRow + offset;
          // A row keeps its height; rows past the box's bottom are clipped, never drawn over each other.
          return (
            <Box key={row.id} flexShrink={0}>
            <Text wrap="truncate">
              <Text color={theme.ui.selected}>{r === cell.row ? '▸ ' : '  '}</Text>
              {`${fitCell(row.label, ROW_LABEL_WIDTH - 1)} `}
              {shownColumns.map((column, i) => {
                const c = first + i;
                const answer = cells[r]?.[c];
                const mark = answer ? answerMark(answer) : undefined;
                return (
                  <Text key={column.id} inverse={r === cell.row && c === cell.column} color={mark?.color(theme)}>
                    {(mark?.text ?? '').padEnd(COLUMN_WIDTH)}
                  </Text>
                );
              })}
            </Text>
            </Box>
          );
        })}
      </Box>
      {decision ? (
        // The answer under the grid gives way last but one: its end is cut before the grid's rows are.
        <Box flexDirection="column" marginTop={1} flexShrink={1} overflow="hidden">
          <Box flexShrink={0}>
            <Text wrap="truncate">
              <Text bold>{rows[cell.row]?.label}</Text> in <Text bold>{columns[cell.column]?.label}</Text>
            </Text>
          </Box>
          <Box flexShrink={0}>
            <DialogLine color={answerMark(decision).color(theme)} text={decision.reason} width={width} />
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/** `✓ yes`, `✗ no`, or `? yes` / `? no` when the answer rests on server-wide permissions. */
export function answerMark(decision: AccessDecision): { text: string; color: (theme: Theme) => string | undefined } {
  if (decision.uncertain) return { text: `? ${decision.allowed ? 'yes' : 'no'}`, color: (theme) => theme.status.warning };
  return decision.allowed ? { text: '✓ yes', color: (theme) => theme.status.success } : { text: '✗ no', color: (theme) => theme.status.error };
}
