/**
 * `P`: switch to another profile's API, application and stored credentials without leaving the app. Laid
 * out by priority in the rows it has: the title and the list (or why there is none) first, how to make a
 * profile the default last, cut at the border rather than drawn over it.
 */
import { Box, useWindowSize } from 'ink';
import { Text } from '../../components/text.js';
import { useEffect, useState } from 'react';
import { DialogLine } from '../../components/dialog-frame.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import { SelectList } from '../../components/select-list.js';
import { Spinner } from '../../components/spinner.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import type { Session, SessionStarters } from '../../session/session.js';
import { useTheme } from '../../theme/theme-context.js';

type Profiles = Required<Pick<SessionStarters, 'profiles' | 'openProfile'>>;

export function ProfilePicker({ starters, current, height, onOpened, onClose }: { starters: Profiles; current?: string; height: number; onOpened: (session: Session) => void; onClose: () => void }) {
  const theme = useTheme();
  // The border's two rows and the title's; the list takes what is left, the explanation what the list leaves.
  const boxHeight = Math.max(4, height - useFooterRows());
  const listRows = Math.max(1, Math.min(12, boxHeight - 3));
  // The border, its padding and the app's spare column.
  const inner = Math.max(1, useWindowSize().columns - 5);
  const [names, setNames] = useState<string[] | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    starters.profiles().then(setNames, (error: unknown) => setProblem(errorLine(describeError(error))));
  }, [starters]);
  useKeyHandler(Priority.overlay, (chord) => {
    if (chord === 'esc' && opening === null) onClose();
    return chord !== 'ctrl+c';
  });
  const open = (name: string) => {
    setOpening(name);
    setProblem(null);
    starters.openProfile(name).then(onOpened, (error: unknown) => {
      setOpening(null);
      setProblem(errorLine(describeError(error)));
    });
  };
  const items = (names ?? []).map((name) => ({ key: name, label: name === current ? `${name}  (in use)` : name, value: name }));
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Box flexDirection="column" height={boxHeight} flexShrink={0} overflow="hidden" borderStyle="round" borderColor={theme.ui.border} paddingX={1}>
        <Box flexShrink={0}>
          <Text bold>Switch profile</Text>
        </Box>
        <Box flexDirection="column" flexShrink={0}>
          {names === null && problem === null ? <Spinner label="Reading the profiles" /> : null}
          {names !== null && names.length === 0 ? <DialogLine text="No profiles yet: add one with `cmd-tui profile add NAME --api URL --app ID`." width={inner} /> : null}
          {opening !== null ? <Spinner label={`Connecting with the profile ${opening}`} /> : null}
          {names !== null && names.length > 0 && opening === null ? (
            <SelectList items={items} initialIndex={Math.max(0, items.findIndex((item) => item.value === current))} limit={listRows} onSelect={(item) => open(item.value)} />
          ) : null}
          {problem !== null ? (
            <DialogLine color={theme.status.error} text={problem} width={inner} />
          ) : null}
        </Box>
        <Box flexShrink={0} flexDirection="column">
          {/* Each command on a line of its own, never broken (it is meant to be copied), before the prose a short box cuts first. */}
          <Text color={theme.text.secondary} wrap="truncate">
            {'default: cmd-tui profile use NAME'}
          </Text>
          <Text color={theme.text.secondary} wrap="truncate">
            {'new:     cmd-tui profile add NAME'}
          </Text>
          <DialogLine color={theme.text.secondary} text="Switching here lasts for this run only." width={inner} />
        </Box>
      </Box>
      <Footer scope="picker" />
    </Box>
  );
}
