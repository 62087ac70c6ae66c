/**
 * An editor picker (type, option type, permission names, …) on ink-select-input, or, for the 32
 * locales, a list filtered as you type (`ja` or `japan`) with each language named. Multi pickers
 * toggle with enter or space and stay open.
 */
import { Box, useWindowSize } from 'ink';
import { useState } from 'react';
import { DialogLine } from '../../components/dialog-frame.js';
import { Footer } from '../../components/footer.js';
import { SelectList } from '../../components/select-list.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import { FilterPicker } from '../permissions/filter-picker.js';
import { filterPickerItems, type PickerModel } from './picker-items.js';

export function EditorPicker({ model, height, onPick, onClose }: { model: PickerModel; height: number; onPick: (value: string) => void; onClose: () => void }) {
  const [query, setQuery] = useState('');
  if (model.filterable) {
    const items = filterPickerItems(model.items, query).map((item) => ({ key: item.value, label: item.label, ...(item.note ? { note: item.note } : {}) }));
    return (
      <FilterPicker
        title={model.title}
        hint="type a code or a language"
        query={query}
        onQueryChange={setQuery}
        items={items}
        emptyText="No locale matches: Discord's locales are listed by code and language."
        onPick={onPick}
        onClose={onClose}
        height={height}
        active
      />
    );
  }
  return <PickList model={model} height={height} onPick={onPick} onClose={onClose} />;
}

function PickList({ model, height, onPick, onClose }: { model: PickerModel; height: number; onPick: (value: string) => void; onClose: () => void }) {
  const theme = useTheme();
  const width = useWindowSize().columns - 5;
  // The select list takes arrows, enter and space first; esc closes; everything else is swallowed here.
  useKeyHandler(Priority.overlay, (chord) => {
    if (actionFor(chord, 'picker') === 'cancel') onClose();
    return chord !== 'ctrl+c';
  });
  const hint = model.multi ? 'enter or space toggles · pick “done” or esc when finished' : undefined;
  // Border, the footer's two lines and the title and hint as wrapped: the rest is the list, so the cursor stays in view.
  const rows = Math.max(1, height - 4 - wrapText(model.title, width).length - (hint ? wrapText(hint, width).length : 0));
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Box flexDirection="column" borderStyle="round" borderColor={theme.ui.border} paddingX={1}>
        <DialogLine bold text={model.title} width={width} />
        {hint ? <DialogLine color={theme.text.secondary} text={hint} width={width} /> : null}
        <SelectList items={model.items} initialIndex={Math.max(0, model.items.findIndex((item) => item.value === model.current))} limit={rows} onSelect={(item) => onPick(item.value)} />
      </Box>
      <Footer scope="picker" />
    </Box>
  );
}
