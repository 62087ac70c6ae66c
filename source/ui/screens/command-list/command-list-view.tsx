/**
 * The command list, pure: columns sized to the terminal width, a marker where a stored command
 * breaks a rule, and loading / error / empty variants.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { DialogLine } from '../../components/dialog-frame.js';
import { memo, useMemo } from 'react';
import type { Problem } from '../../../discord/model.js';
import { OPTION_COUNT_HEADER } from '../../../discord/option-count.js';
import { TextField } from '../../components/text-field.js';
import { CopyableUrl, splitAddress } from '../../components/copyable-url.js';
import { fitCell } from '../../../terminal/fit-cell.js';
import type { RowCells } from '../../format/command-row.js';
import { useTheme } from '../../theme/theme-context.js';
import { useListWindow, windowStart } from '../../components/list-window.js';

export interface CommandRow {
  /** The command's id. */
  id: string;
  /** What each column shows (format/command-row.ts). */
  cells: RowCells;
  problems: Problem[];
}

/** The scope's list (app-state.ts's ScopeData), or a list of kept rows. */
type ListData<Item> = { status: 'loading' } | { status: 'error'; message: string; hint?: string } | { status: 'ready'; commands: readonly Item[] };

export interface CommandListViewProps<Item> {
  data: ListData<Item>;
  /** The commands that pass the filter, in order. */
  commands: readonly Item[];
  /** A command's row: its cells and rule problems, computed only for the rows on screen. */
  rowOf: (item: Item) => CommandRow;
  selectedIndex: number;
  filter: string;
  filtering: boolean;
  onFilterChange: (text: string) => void;
  width: number;
  height: number;
  scopeLabel: string;
  /** The list has the keyboard (no overlay above it). */
  active: boolean;
}

/** A column, drawing the row's cell at its own position. */
interface Column {
  title: string;
  width: number;
  /** Cut in the middle: names often share a long start and differ at the end. */
  cut?: 'middle';
}

const MIN_DESCRIPTION = 8;

/** Rows of commands in a list `height` lines tall: the filter line and the column titles take two (the legend, when shown, one more). */
export function listRows(height: number): number {
  return Math.max(1, height - 2);
}

function columns(width: number): Column[] {
  const wide = width >= 110;
  // In the order of commandRowCells.
  const all: Column[] = [
    { title: 'TYPE', width: 7 },
    { title: 'NAME', width: 0, cut: 'middle' },
    { title: 'DESCRIPTION', width: 0 },
    // Below 90 columns the short title leaves its cells to the description.
    { title: width >= 90 ? OPTION_COUNT_HEADER : 'OPTS', width: width >= 90 ? OPTION_COUNT_HEADER.length : 4 },
    { title: 'PERMISSIONS', width: wide ? 18 : 11 },
    { title: 'CONTEXTS', width: wide ? 22 : width >= 90 ? 10 : 8 },
    { title: 'NSFW', width: 4 },
    { title: 'SIZE', width: 9 },
  ];
  const [, name, description] = all;
  // Two marker cells, then each column plus its one-cell gap, and one cell spare.
  const free = width - 2 - all.reduce((sum, c) => sum + c.width + 1, 0) - 1;
  if (name && description) {
    // At 80 columns the name gives way first, so the description keeps a few characters.
    name.width = Math.max(10, Math.min(24, Math.floor(width * 0.18), free - MIN_DESCRIPTION));
    description.width = Math.max(MIN_DESCRIPTION, free - name.width);
  }
  return all;
}

/** A row's cells, each fitted to its column, with the one-cell gaps between them. */
function tableLine(cols: readonly Column[], text: (column: Column, index: number) => string): string {
  return cols.map((c, index) => fitCell(text(c, index), c.width, c.cut)).join(' ');
}

export function CommandListView<Item>(props: CommandListViewProps<Item>) {
  const theme = useTheme();
  const { data, commands, rowOf, selectedIndex, width, height } = props;
  const fullRows = listRows(height);
  const fullStart = useListWindow(selectedIndex, commands.length, fullRows);
  // The legend ("! breaks a platform rule") takes the last row only where a row on screen has a problem: otherwise that row lists a command.
  const legend = commands.slice(fullStart, fullStart + fullRows).some((command) => rowOf(command).problems.length > 0);
  const bodyHeight = legend ? Math.max(1, fullRows - 1) : fullRows;
  const start = legend ? windowStart(fullStart, selectedIndex, commands.length, bodyHeight) : fullStart;
  const cols = useMemo(() => columns(width), [width]);
  const filterLine = (
    <Text wrap="truncate">
      <Text color={theme.text.secondary}>/ </Text>
      {props.filtering || props.filter ? (
        <TextField value={props.filter} onChange={props.onFilterChange} focused={props.filtering} placeholder="type to filter by name" />
      ) : (
        <Text color={theme.text.secondary}>filter</Text>
      )}
    </Text>
  );
  if (data.status === 'loading') {
    return (
      <Box flexDirection="column" flexGrow={1}>
        {filterLine}
        <DialogLine color={theme.text.secondary} text={`Loading the commands of ${props.scopeLabel}…`} width={width} />
      </Box>
    );
  }
  if (data.status === 'error') {
    return (
      <Box flexDirection="column" flexGrow={1}>
        <DialogLine color={theme.status.error} text={`Could not load the commands of ${props.scopeLabel}: ${data.message}`} width={width} />
        {data.hint ? <Hint text={data.hint} active={props.active} width={width} /> : null}
        <DialogLine color={theme.text.secondary} text="ctrl+r tries again · s picks another scope" width={width} />
      </Box>
    );
  }
  if (data.commands.length === 0) {
    return (
      <Box flexDirection="column" flexGrow={1}>
        <DialogLine text={`No commands in ${props.scopeLabel} yet.`} width={width} />
        <DialogLine color={theme.text.secondary} text="n creates one · s picks another scope" width={width} />
      </Box>
    );
  }
  const shown = commands.slice(start, start + bodyHeight).map(rowOf);
  return (
    <Box flexDirection="column" flexGrow={1} overflowY="hidden">
      {filterLine}
      <Text bold color={theme.text.secondary} wrap="truncate">
        {'  '}
        {tableLine(cols, (c) => c.title)}
      </Text>
      {commands.length === 0 ? <DialogLine color={theme.text.secondary} text={`No command matches “${props.filter}” (esc clears the filter).`} width={width} /> : null}
      {shown.map((row, index) => (
        <CommandListRow key={row.id} row={row} cols={cols} selected={start + index === selectedIndex} />
      ))}
      {legend ? (
        <Text color={theme.text.secondary} wrap="truncate">
          ! breaks a platform rule (open it to see which) · ~ has a warning
        </Text>
      ) : null}
    </Box>
  );
}

/** A hint, with an address in it on rows of its own that the user can copy (the install address of a 50001). */
function Hint({ text, active, width }: { text: string; active: boolean; width: number }) {
  const parts = splitAddress(text);
  if (!parts) return <DialogLine text={text} width={width} />;
  return (
    <>
      {parts.before ? <DialogLine text={parts.before} width={width} /> : null}
      <CopyableUrl url={parts.url} active={active} />
      {parts.after ? <DialogLine text={parts.after} width={width} /> : null}
    </>
  );
}

/**
 * One row, as one Ink node (a box per cell made drawing and scrolling slow), redrawn only when its
 * command, its selection or the columns change: scrolling by one row re-renders two rows, not all.
 */
const CommandListRow = memo(function CommandListRow({ row, cols, selected }: { row: CommandRow; cols: readonly Column[]; selected: boolean }) {
  const theme = useTheme();
  const broken = row.problems.some((p) => p.severity === 'error');
  const marker = broken ? '!' : row.problems.length > 0 ? '~' : ' ';
  const line = tableLine(cols, (_, index) => row.cells[index] ?? '');
  // Most rows need no colour at all: one Text and one string, the cheapest thing Ink draws.
  if (marker === ' ' && !selected && !theme.text.primary) return <Text wrap="truncate">{`  ${line}`}</Text>;
  return (
    <Text wrap="truncate">
      <Text color={broken ? theme.status.error : theme.status.warning}>{marker}</Text>
      <Text color={theme.ui.selected}>{selected ? '▸' : ' '}</Text>
      <Text inverse={selected} color={selected ? undefined : theme.text.primary}>
        {line}
      </Text>
    </Text>
  );
});
