/**
 * A dialog longer than the terminal: its title and both buttons stay on screen at every size, the body
 * scrolls between them with a marker saying which lines are shown, and enter presses only a button the
 * user can see.
 */
import { Box } from 'ink';
import { describe, expect, it, vi } from 'vitest';
import { Text } from '../../source/ui/components/text.js';
import { ConfirmDialog } from '../../source/ui/components/confirm-dialog.js';
import { KeyDispatcher } from '../../source/ui/input/dispatcher.js';
import { AppContext } from '../../source/ui/state/app-context.js';
import { initialAppState } from '../../source/ui/state/app-state.js';
import type { AppFlows } from '../../source/ui/state/use-app-flows.js';
import { ThemeContext } from '../../source/ui/theme/theme-context.js';
import { noColorTheme } from '../../source/ui/theme/theme.js';
import { keyboard } from './helpers/keys.js';
import { renderTui } from './helpers/render.js';
import { waitFor } from './helpers/wait-for.js';

function renderDialog(size: { columns: number; rows: number }, lines: number, onConfirm = vi.fn()) {
  const rendered = renderTui(
    <ThemeContext.Provider value={noColorTheme}>
      <KeyDispatcher>
        <AppContext.Provider value={{ state: initialAppState(null), dispatch: () => undefined, flows: {} as AppFlows }}>
          <Box flexDirection="column" height={size.rows}>
            <ConfirmDialog title="Save these overwrites of /mod in Pixel Pal HQ?" confirmLabel="Discard and quit" cancelLabel="Keep editing" danger onConfirm={onConfirm} onCancel={() => undefined}>
              {Array.from({ length: lines }, (_, i) => (
                <Text key={i}>+ allow user 1000000000000000{String(i).padStart(2, '0')}</Text>
              ))}
            </ConfirmDialog>
          </Box>
        </AppContext.Provider>
      </KeyDispatcher>
    </ThemeContext.Provider>,
    size,
  );
  return { ...rendered, ...keyboard(rendered.stdin), onConfirm };
}

describe('a dialog taller than the terminal', () => {
  for (const size of [
    { columns: 120, rows: 36 },
    { columns: 80, rows: 24 },
    { columns: 40, rows: 12 },
  ]) {
    it(`keeps its title and buttons on screen at ${size.columns}×${size.rows}, with the body scrolling between`, async () => {
      const dialog = renderDialog(size, 98);
      await waitFor(() => /lines 1–\d+ of 98/.test(dialog.frame()), { message: dialog.frame });
      const frame = dialog.frame();
      const rows = frame.replace(/\n+$/, '').split('\n');
      expect(rows.length).toBeLessThanOrEqual(size.rows);
      expect(frame.replace(/[│\n ]+/g, ' ')).toContain('Save these overwrites of /mod in Pixel Pal HQ?');
      expect(frame).toContain('▸ Keep editing');
      expect(frame).toContain('Discard and quit');
      expect(frame).toContain('user 100000000000000000');
      // Every body row is drawn whole, under the title, never over it (in its border, where a short terminal leaves it one).
      const border = size.rows >= 16 ? '│ ' : '';
      for (const row of rows.filter((r) => r.includes('+ allow'))) expect(row).toMatch(new RegExp(`^${border}\\+ allow user 1000000000000000\\d\\d\\s*${border.trim()}$`));

      await dialog.chord('pgdn');
      await waitFor(() => !/lines 1–/.test(dialog.frame()), { message: dialog.frame });
      await dialog.chord('end');
      await waitFor(() => /–98 of 98/.test(dialog.frame()), { message: dialog.frame });
      expect(dialog.frame()).toContain('user 100000000000000097');
      expect(dialog.frame()).toContain('Keep editing');
    });
  }

  it('presses only the focused, visible button', async () => {
    const dialog = renderDialog({ columns: 40, rows: 12 }, 98);
    await waitFor(() => dialog.frame().includes('of 98'));
    await dialog.chord('enter');
    expect(dialog.onConfirm).not.toHaveBeenCalled();
    await dialog.chord('tab');
    await waitFor(() => dialog.frame().includes('▸ Discard and quit'), { message: dialog.frame });
    await dialog.chord('enter');
    expect(dialog.onConfirm).toHaveBeenCalledOnce();
  });

  it('shows no marker when the body fits', async () => {
    const dialog = renderDialog({ columns: 80, rows: 24 }, 3);
    await waitFor(() => dialog.frame().includes('Keep editing'));
    expect(dialog.frame()).not.toContain('lines ');
  });
});
