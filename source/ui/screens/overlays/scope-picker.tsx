/** `s`: pick Global or one of the app's guilds, by name. */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { GLOBAL_SCOPE, guildScope, type PartialGuild, type Scope } from '../../../discord/model.js';
import { Footer } from '../../components/footer.js';
import { SelectList } from '../../components/select-list.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { useTheme } from '../../theme/theme-context.js';

export function ScopePicker({ guilds, current, onPick, onClose }: { guilds: readonly PartialGuild[]; current: Scope; onPick: (scope: Scope) => void; onClose: () => void }) {
  const theme = useTheme();
  // The select list takes arrows and enter first; this handler closes on esc and swallows the rest.
  useKeyHandler(Priority.overlay, (chord) => {
    if (chord === 'esc') onClose();
    return chord !== 'ctrl+c';
  });
  const items = [
    { key: 'global', label: 'Global (every guild, and DMs)', value: 'global' },
    ...guilds.map((g) => ({ key: g.id, label: `${g.name}  (${g.id})`, value: g.id })),
  ];
  const initial = current.kind === 'global' ? 0 : Math.max(0, items.findIndex((i) => i.value === current.guildId));
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Box flexDirection="column" flexGrow={1} borderStyle="round" borderColor={theme.ui.border} paddingX={1}>
        <Text bold>Which commands? Pick a scope</Text>
        {guilds.length === 0 ? <Text color={theme.text.secondary}>No guilds found for this token (is the app installed anywhere?).</Text> : null}
        <SelectList items={items} initialIndex={initial} limit={12} onSelect={(item) => onPick(item.value === 'global' ? GLOBAL_SCOPE : guildScope(item.value))} />
      </Box>
      <Footer scope="picker" />
    </Box>
  );
}
