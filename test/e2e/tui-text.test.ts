/**
 * Text in the TUI as a shell handles it (issue 29), in a real terminal: a long description scrolls so
 * its end and the cursor stay on screen at 80×24 and 40×12; a 5,000-character paste arrives whole.
 */
import { describe, expect, it } from 'vitest';
import { bindingOf, type Action } from '../../source/ui/input/key-bindings.js';
import { HIDDEN_BEFORE } from '../../source/ui/components/text-window.js';
import { useEmulator } from '../helpers/emulator.js';
import type { TmuxSession } from './helpers/tmux.js';
import { useTuiRuns } from './helpers/tui-run.js';
import { openGuildScope } from './helpers/scope.js';

const emulator = useEmulator({ seed: 'demo' });
const runs = useTuiRuns();

async function open(columns: number, rows: number): Promise<{ tui: TmuxSession; press: (action: Action) => Promise<void> }> {
  const running = emulator();
  const tui = runs.start(['--api', running.baseUrl], { columns, rows }, { DISCORD_BOT_TOKEN: running.botToken });
  await tui.waitForText('avatar');
  return { tui, press: (action) => tui.key(bindingOf(action).keys[0] ?? '') };
}

/** The focused field's row: its label, then what it shows. */
function focusedRow(screen: string): string {
  return screen.split('\n').find((line) => line.includes('▸ ')) ?? '';
}

describe.each([
  [80, 24],
  [40, 12],
])('at %i×%i', (columns, rows) => {
  it('a description typed past the width shows its end and the cursor', async () => {
    const { tui, press } = await open(columns, rows);
    await press('new');
    await tui.waitForText('New command');
    await press('nextField');
    await tui.waitFor((s) => focusedRow(s).includes('description'), 'focus on the description');
    await tui.type(`${'d'.repeat(120)}ENDMARK`);
    const screen = await tui.waitFor((s) => focusedRow(s).includes('ENDMARK'), 'ENDMARK on the focused row');
    const row = focusedRow(screen);
    expect(row).toContain(HIDDEN_BEFORE);
    // The cursor (one cell after ENDMARK) is inside the terminal's width.
    expect(row.indexOf('ENDMARK') + 'ENDMARK'.length + 1).toBeLessThanOrEqual(columns);
  });

  it('the whole-text view shows all 120 characters, ENDMARK and the cursor after it', async () => {
    const { tui, press } = await open(columns, rows);
    await press('new');
    await tui.waitForText('New command');
    await press('nextField');
    await tui.waitFor((s) => focusedRow(s).includes('description'), 'focus on the description');
    await tui.type(`${'d'.repeat(120)}ENDMARK`);
    await tui.waitFor((s) => focusedRow(s).includes('ENDMARK'), 'ENDMARK on the focused row');
    await press('wholeText');
    const screen = await tui.waitForText('127/100 characters');
    // Wrapped on rows of their own: every character is on screen, none cut with a marker.
    expect(screen.replace(/\s+/g, '')).toContain(`${'d'.repeat(120)}ENDMARK`);
    expect(screen).not.toContain(HIDDEN_BEFORE);
    // The cursor: the cell right after ENDMARK drawn inverse (capture-pane drops the trailing space, not its colour).
    expect(tui.screen({ colours: true })).toMatch(/ENDMARK(\u001b\[[\d;]*m)*\u001b\[[\d;]*\b7m/);
    await press('keepText');
    await tui.waitFor((s) => focusedRow(s).includes('ENDMARK'), 'back on the field');
  });
});

describe('a long paste', () => {
  it('arrives whole and at once: 5,000 characters in the description', async () => {
    const { tui, press } = await open(80, 24);
    await press('new');
    await tui.waitForText('New command');
    await press('nextField');
    await tui.waitFor((s) => focusedRow(s).includes('description'), 'focus on the description');
    await tui.paste(`${'p'.repeat(4993)}PASTED!`);
    // Too long for Discord: the editor says so once the value is in, within the usual wait for a screen.
    await tui.waitFor((s) => focusedRow(s).includes('PASTED!') && /description.*(100|long)/i.test(s.replace(/\n/g, ' ')), 'the pasted value and its problem');
  });
});

describe('undo', () => {
  it('ctrl+x removes option 2 and says how to bring it back; ctrl+z brings it back and the draft is the one opened', async () => {
    const { tui, press } = await open(80, 24);
    // The demo's /feedback: a STRING option, then a BOOLEAN.
    await press('filter');
    await tui.type('feedback');
    await press('filterDone');
    await press('edit');
    await tui.waitForText('Edit feedback');
    for (let i = 0; i < 40 && !focusedRow(tui.screen()).includes('option 2 type'); i++) {
      const before = focusedRow(tui.screen());
      await press('nextField');
      await tui.waitFor((s) => focusedRow(s) !== before, 'focus to move');
    }
    const type = 'BOOLEAN';
    expect(focusedRow(tui.screen())).toContain(`option 2 type: ${type}`);
    await press('removeItem');
    await tui.waitFor((s) => s.replace(/\n/g, ' ').includes(`Removed option 2 "anonymous" (${type}) — ctrl+z brings it back.`), 'the removal status');
    expect(tui.screen()).not.toContain('option 2 type');
    await press('undo');
    await tui.waitForText(`option 2 type: ${type}`);
    await press('save');
    await tui.waitForText('Nothing changed.');
  });
});

describe('addresses', () => {
  it('the sign-in address is on rows of its own outside the box: joined, the rows are the whole address', async () => {
    const { tui, press } = await open(80, 24);
    await openGuildScope(tui, 'Pixel Pal HQ');
    await press('filter');
    await tui.type('mod-tools');
    await press('filterDone');
    await press('permissions');
    await tui.waitForText('@Moderator');
    await press('addOverwrite');
    await tui.type('Admin');
    await tui.key('enter');
    await tui.waitForText('@Admin');
    await press('save');
    await tui.waitForText('Sign in with the browser');
    await press('toggleButton');
    await press('confirm');
    const screen = await tui.waitForText('copies the address');
    const lines = screen.split('\n');
    const first = lines.findIndex((line) => line.startsWith('http'));
    const rows: string[] = [];
    for (let at = first; at < lines.length && /^\S+$/.test(lines[at]!.trimEnd()) && !lines[at]!.includes('copies'); at++) rows.push(lines[at]!.trimEnd());
    const address = rows.join('');
    expect(address).toMatch(/^https?:\/\/\S+\/oauth2\/authorize\?\S*client_id=\d+\S*code_challenge=/);
    // Each row but the last fills the width: the address is cut only by the terminal's edge.
    expect(rows.slice(0, -1).every((row) => row.length === 79)).toBe(true);
    await tui.key('esc');
  });
});
