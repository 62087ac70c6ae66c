/**
 * The first frame when the list was seen before (config/list-cache.ts): the global list as it was,
 * laid out like the list screen and marked as cached in its header and status line, drawn while the
 * fresh one loads; run-app.tsx replaces it with the app once the session is there. It only shows: no
 * key acts on cached data (a write, who can use a command); q and ctrl+c still quit.
 */
import { Box, useApp, useWindowSize } from 'ink';
import { useState } from 'react';
import type { KeptRow, LastSeenList } from '../config/list-cache.js';
import { HEADER_ROWS } from './components/header.js';
import { Text } from './components/text.js';
import { KeyDispatcher, Priority, useKeyHandler } from './input/dispatcher.js';
import { actionFor } from './input/key-bindings.js';
import { CommandListView } from './screens/command-list/command-list-view.js';
import { ThemeContext, useTheme } from './theme/theme-context.js';
import type { Theme } from './theme/theme.js';
import { plural } from '../terminal/plural.js';

/** What the list screen leaves under its rows: its footer's two lines and the legend's one. */
const UNDER_ROWS = 3;

/** `3 min ago`, `2 h ago`: how old the cached list is, roughly. */
export function ageOf(savedAt: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - savedAt) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86_400);
  return `${plural(days, 'day')} ago`;
}

export function LastSeenScreen({ list, theme, now = Date.now() }: { list: LastSeenList; theme: Theme; now?: number }) {
  return (
    <ThemeContext.Provider value={theme}>
      <KeyDispatcher>
        <LastSeen list={list} age={ageOf(list.savedAt, now)} />
      </KeyDispatcher>
    </ThemeContext.Provider>
  );
}

/** Rule problems are left to the fresh list: they depend on the app's current flags, which are not cached. */
const rowOf = (row: KeptRow) => ({ ...row, problems: [] });

function LastSeen({ list, age }: { list: LastSeenList; age: string }) {
  const theme = useTheme();
  const { exit } = useApp();
  const { columns, rows } = useWindowSize();
  const [pressed, setPressed] = useState(false);
  useKeyHandler(Priority.global, (chord) => {
    const action = actionFor(chord, 'list');
    if (action === 'quit' || action === 'interrupt') exit();
    else setPressed(true);
    return true;
  });
  const bodyHeight = Math.max(6, rows - HEADER_ROWS);
  return (
    <Box flexDirection="column" width={Math.max(20, columns - 1)} height={rows}>
      <Box flexDirection="column" flexShrink={0}>
        <Text wrap="truncate">
          <Text bold color={theme.text.accent}>cmd-tui</Text>
          {'  '}
          <Text bold>{list.applicationName}</Text>
          {list.who ? `  ${list.who}` : ''}
        </Text>
        <Text wrap="truncate">
          <Text color={theme.text.secondary}>API </Text>
          {list.targetLabel}
          <Text color={theme.text.secondary}>  scope </Text>
          <Text bold>Global</Text>
        </Text>
        <Text wrap="truncate">
          <Text color={theme.status.warning}>cached {age} — loading…</Text>
          <Text color={theme.text.secondary}> · {list.caps}</Text>
        </Text>
      </Box>
      <Box flexDirection="column" height={bodyHeight} overflowY="hidden">
        <CommandListView
          data={{ status: 'ready', commands: list.rows }}
          commands={list.rows}
          rowOf={rowOf}
          selectedIndex={0}
          filter=""
          filtering={false}
          onFilterChange={() => undefined}
          width={columns - 1}
          height={bodyHeight - UNDER_ROWS}
          scopeLabel="Global"
          active={false}
        />
        <Text wrap="truncate" color={theme.status.warning}>
          {pressed ? 'Keys wait for the fresh list: nothing is done with a cached one.' : `The list as it was ${age}; the fresh one is loading.`}
        </Text>
        <Text wrap="truncate" color={theme.text.secondary}>
          q quit
        </Text>
      </Box>
    </Box>
  );
}
