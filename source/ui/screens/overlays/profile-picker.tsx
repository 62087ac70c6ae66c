/** `P`: switch to another profile's API, application and stored credentials without leaving the app. */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useEffect, useState } from 'react';
import { Footer } from '../../components/footer.js';
import { SelectList } from '../../components/select-list.js';
import { Spinner } from '../../components/spinner.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import type { Session, SessionStarters } from '../../session/session.js';
import { useTheme } from '../../theme/theme-context.js';

type Profiles = Required<Pick<SessionStarters, 'profiles' | 'openProfile'>>;

export function ProfilePicker({ starters, current, onOpened, onClose }: { starters: Profiles; current?: string; onOpened: (session: Session) => void; onClose: () => void }) {
  const theme = useTheme();
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
      <Box flexDirection="column" flexGrow={1} borderStyle="round" borderColor={theme.ui.border} paddingX={1}>
        <Text bold>Switch profile</Text>
        <Text color={theme.text.secondary} wrap="wrap">
          For this run; `cmd-tui profile use NAME` makes one the default, `cmd-tui profile add NAME` adds one.
        </Text>
        {names === null && problem === null ? <Spinner label="Reading the profiles" /> : null}
        {names !== null && names.length === 0 ? <Text wrap="wrap">No profiles yet: add one with `cmd-tui profile add NAME --api URL --app ID`.</Text> : null}
        {opening !== null ? <Spinner label={`Connecting with the profile ${opening}`} /> : null}
        {names !== null && names.length > 0 && opening === null ? (
          <SelectList items={items} initialIndex={Math.max(0, items.findIndex((item) => item.value === current))} limit={12} onSelect={(item) => open(item.value)} />
        ) : null}
        {problem !== null ? (
          <Text color={theme.status.error} wrap="wrap">
            {problem}
          </Text>
        ) : null}
      </Box>
      <Footer scope="picker" />
    </Box>
  );
}
