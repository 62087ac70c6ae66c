/** An editor picker (type, option type, locale, permission names, …) on ink-select-input. */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { Footer } from '../../components/footer.js';
import { SelectList } from '../../components/select-list.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { useTheme } from '../../theme/theme-context.js';
import type { PickerModel } from './picker-items.js';

export function EditorPicker({ model, height, onPick, onClose }: { model: PickerModel; height: number; onPick: (value: string) => void; onClose: () => void }) {
  const theme = useTheme();
  // The select list takes arrows and enter first; esc closes; everything else is swallowed here.
  useKeyHandler(Priority.overlay, (chord) => {
    if (chord === 'esc') onClose();
    return chord !== 'ctrl+c';
  });
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Box flexDirection="column" borderStyle="round" borderColor={theme.ui.border} paddingX={1}>
        <Text bold>{model.title}</Text>
        {model.multi ? <Text color={theme.text.secondary}>enter toggles · pick “done” or esc when finished</Text> : null}
        <SelectList items={model.items} limit={Math.max(3, height - 7)} onSelect={(item) => onPick(item.value)} />
      </Box>
      <Footer scope="picker" />
    </Box>
  );
}
