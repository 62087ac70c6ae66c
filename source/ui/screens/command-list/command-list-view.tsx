/**
 * The command list, pure: columns sized to the terminal width, a marker where a stored command
 * breaks a rule, and loading / error / empty variants.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { memo, useMemo } from 'react';
import type { Command, Problem } from '../../../discord/model.js';
import { LIMITS } from '../../../discord/model.js';
import { OPTION_COUNT_HEADER, topLevelOptionCount } from '../../../discord/option-count.js';
import { TextField } from '../../components/text-field.js';
import { CopyableUrl, splitAddress } from '../../components/copyable-url.js';
import { fitCell } from '../../../terminal/fit-cell.js';
import { contextsSummary, permissionsSummary, TYPE_SHORT } from '../../format/command-summary.js';
import type { ScopeData } from '../../state/app-state.js';
import { useTheme } from '../../theme/theme-context.js';
import { useListWindow } from '../../components/list-window.js';

export interface CommandRow {
  command: Command;
  problems: Problem[];
  size: number;
}

export interface CommandListViewProps {
  data: ScopeData;
  /** The commands that pass the filter, in order. */
  commands: readonly Command[];
  /** A command's row: its rule problems and size, computed only for the rows on screen. */
  rowOf: (command: Command) => CommandRow;
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

interface Column {
  title: string;
  width: number;
  cell: (row: CommandRow) => string;
  /** Cut in the middle: names often share a long start and differ at the end. */
  cut?: 'middle';
}

const MIN_DESCRIPTION = 8;

/** Rows of commands in a list `height` lines tall: the filter line and the column titles take two. */
export function listRows(height: number): number {
  return Math.max(1, height - 2);
}

function columns(width: number): Column[] {
  const wide = width >= 110;
  const all: Column[] = [
    { title: 'TYPE', width: 7, cell: (r) => TYPE_SHORT[r.command.type] ?? String(r.command.type) },
    { title: 'NAME', width: 0, cell: (r) => r.command.name, cut: 'middle' },
    { title: 'DESCRIPTION', width: 0, cell: (r) => r.command.description },
    // Below 90 columns the short title leaves its cells to the description.
    { title: width >= 90 ? OPTION_COUNT_HEADER : 'OPTS', width: width >= 90 ? OPTION_COUNT_HEADER.length : 4, cell: (r) => String(topLevelOptionCount(r.command)) },
    { title: 'PERMISSIONS', width: wide ? 18 : 11, cell: (r) => permissionsSummary(r.command.default_member_permissions) },
    { title: 'CONTEXTS', width: wide ? 22 : width >= 90 ? 10 : 8, cell: (r) => contextsSummary(r.command) },
    { title: 'NSFW', width: 4, cell: (r) => (r.command.nsfw ? 'yes' : '') },
    { title: 'SIZE', width: 9, cell: (r) => `${r.size}/${LIMITS.commandSize}` },
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
function tableLine(cols: readonly Column[], text: (column: Column) => string): string {
  return cols.map((c) => fitCell(text(c), c.width, c.cut)).join(' ');
}

export function CommandListView(props: CommandListViewProps) {
  const theme = useTheme();
  const { data, commands, rowOf, selectedIndex, width, height } = props;
  const bodyHeight = listRows(height);
  const start = useListWindow(selectedIndex, commands.length, bodyHeight);
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
        <Text color={theme.text.secondary}>Loading the commands of {props.scopeLabel}…</Text>
      </Box>
    );
  }
  if (data.status === 'error') {
    return (
      <Box flexDirection="column" flexGrow={1}>
        <Text color={theme.status.error}>Could not load the commands of {props.scopeLabel}: {data.message}</Text>
        {data.hint ? <Hint text={data.hint} active={props.active} /> : null}
        <Text color={theme.text.secondary}>ctrl+r tries again · s picks another scope</Text>
      </Box>
    );
  }
  if (data.commands.length === 0) {
    return (
      <Box flexDirection="column" flexGrow={1}>
        <Text>No commands in {props.scopeLabel} yet.</Text>
        <Text color={theme.text.secondary}>n creates one · s picks another scope</Text>
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
      {commands.length === 0 ? <Text color={theme.text.secondary}>No command matches “{props.filter}” (esc clears the filter).</Text> : null}
      {shown.map((row, index) => (
        <CommandListRow key={row.command.id} row={row} cols={cols} selected={start + index === selectedIndex} />
      ))}
      {shown.some((r) => r.problems.length > 0) ? (
        <Text color={theme.text.secondary}>! breaks a platform rule (open it to see which) · ~ has a warning</Text>
      ) : null}
    </Box>
  );
}

/** A hint, with an address in it on rows of its own that the user can copy (the install address of a 50001). */
function Hint({ text, active }: { text: string; active: boolean }) {
  const parts = splitAddress(text);
  if (!parts) return <Text>{text}</Text>;
  return (
    <>
      {parts.before ? <Text>{parts.before}</Text> : null}
      <CopyableUrl url={parts.url} active={active} />
      {parts.after ? <Text>{parts.after}</Text> : null}
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
  const line = tableLine(cols, (c) => c.cell(row));
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
