/**
 * The ctrl+e overlay (the whole message) laid out inside its box at every size: no row drawn over
 * another at 40×12, and a frame that fills the terminal, so it is written whole over a status whose
 * backup path the terminal wrapped (a shorter frame left the header's row drawn twice).
 */
import { describe, expect, it } from 'vitest';
import { renderApp } from './helpers/app.js';
import { waitFor } from './helpers/wait-for.js';
import { FakeApi, fakeCarriedOut, fakePrepared, fakeSession, makeCommand } from './helpers/fake-api.js';
import { askCopyOfGlobal, confirmCopy } from './helpers/copy-steps.js';

const BACKUP = '/home/someone/.local/state/cmd-tui/backups/2026-12-07T06-55-51-056Z_guild-1579390884871536652_a10d4c.json';

/**
 * The rows a frame takes on a terminal `columns` wide: each line wider than it wrapped by the terminal, and
 * the cursor's row after a frame shorter than the screen (Ink ends it with a line break).
 */
function physicalRows(frame: string, size: { columns: number; rows: number }): number {
  const lines = frame.split('\n');
  const rows = lines.reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / size.columns)), 0);
  return rows + (lines.length < size.rows ? 1 : 0);
}

/** The app after a copy into Test Guild whose status names a backup path longer than the terminal is wide. */
async function afterCopy(size: { columns: number; rows: number }) {
  const api = new FakeApi([makeCommand({ name: 'ping' })]);
  const session = fakeSession(api);
  session.copy = { prepare: async () => ({ ok: true, prepared: fakePrepared({ create: ['ping'] }) }), carryOut: async () => fakeCarriedOut({ steps: [{ kind: 'create', command: makeCommand({ name: 'ping' }), created: true }], backup: BACKUP }) };
  const app = await renderApp(api, size, session);
  await app.waitForText('ping');
  await askCopyOfGlobal(app);
  await confirmCopy(app);
  await app.waitForText('Copied 1 change into');
  return app;
}

describe('the whole message overlay', () => {
  for (const size of [{ columns: 80, rows: 24 }, { columns: 40, rows: 12 }]) {
    it(`at ${size.columns}×${size.rows} never breaks a backup path: cut in the middle in the box, whole under it, and c copies it`, async () => {
      const app = await afterCopy(size);
      await app.pressAndWait('showMessage', 'copies the path');
      const lines = app.frame().split('\n').filter((line) => line.includes('/home/') || line.includes('.json'));
      // In the box, cut in the middle on a line of its own; under the box, whole on a line of its own (the terminal wraps it).
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^(│ )?\/home\/\S*…\S*\.json\s*│?$/);
      expect(lines[1]).toBe(BACKUP);
      expect(physicalRows(app.frame(), size)).toBe(size.rows);
      await app.press('copyPath');
      await waitFor(() => app.frame().replace(/\s+/g, ' ').includes('sent to the clipboard'), { message: app.frame });
      expect(app.stdout.frames.join('')).toContain(`\u001b]52;c;${Buffer.from(BACKUP).toString('base64')}`);
    });
  }

  it('at 80×24 fills the terminal: the frame it replaces had rows the terminal wrapped', async () => {
    const app = await afterCopy({ columns: 80, rows: 24 });
    expect(physicalRows(app.frame(), { columns: 80, rows: 24 })).toBe(24);
    await app.pressAndWait('showMessage', 'The whole message');
    expect(physicalRows(app.frame(), { columns: 80, rows: 24 })).toBe(24);
  });

  for (const size of [{ columns: 80, rows: 20 }, { columns: 40, rows: 12 }]) {
    it(`at ${size.columns}×${size.rows} keeps every row in its place: the title once, the box closed, nothing over anything`, async () => {
      const app = await afterCopy(size);
      await app.pressAndWait('showMessage', 'The whole message');
      const lines = app.frame().split('\n');
      expect(lines.length).toBeLessThanOrEqual(size.rows);
      expect(lines.filter((line) => line.includes('The whole message'))).toHaveLength(1);
      expect(lines.join('\n')).toContain('Copied 1 change');
      // Short, it has no border (its rows go to the text); else every row between the borders is one of the box's.
      const top = lines.findIndex((line) => line.includes('╭'));
      const bottom = lines.findIndex((line) => line.includes('╰'));
      if (size.rows < 15) {
        expect([top, bottom]).toEqual([-1, -1]);
        return;
      }
      expect(lines.filter((line) => line.includes('╭') || line.includes('╰'))).toHaveLength(2);
      expect(bottom).toBeGreaterThan(top + 2);
      for (const line of lines.slice(top + 1, bottom)) expect(line.trim()).toMatch(/^│.*│$/);
    });
  }
});
