/**
 * Text in the TUI as a shell handles it (issue 29), in a real terminal: a long description scrolls so
 * its end and the cursor stay on screen at 80×24 and 40×12; a 5,000-character paste arrives whole.
 */
import { describe, expect, it } from 'vitest';
import { bindingOf, type Action } from '../../source/ui/input/key-bindings.js';
import { HIDDEN_BEFORE } from '../../source/ui/components/text-window.js';
import { useEmulator } from '../helpers/emulator.js';
import type { TmuxSession } from './helpers/tmux.js';
import { signInFromSave } from './helpers/sign-in.js';
import { useTuiRuns } from './helpers/tui-run.js';

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

/** A new command's description: 120 characters and ENDMARK, typed as a user would; the screen once ENDMARK shows. */
async function typeLongDescription(tui: TmuxSession): Promise<string> {
  await tui.key(bindingOf('new').keys[0] ?? '');
  await tui.waitForText('New command');
  await tui.key(bindingOf('nextField').keys[0] ?? '');
  await tui.waitFor((s) => focusedRow(s).includes('description'), 'focus on the description');
  await tui.type(`${'d'.repeat(120)}ENDMARK`);
  return tui.waitFor((s) => focusedRow(s).includes('ENDMARK'), 'ENDMARK on the focused row');
}

/** The sizes every text here is read at: a common terminal, and the smallest the app draws. */
const SIZES: [columns: number, rows: number][] = [
  [80, 24],
  [40, 12],
];

describe.each(SIZES)('at %i×%i', (columns, rows) => {
  it('a description typed past the width shows its end and the cursor', async () => {
    const { tui } = await open(columns, rows);
    const screen = await typeLongDescription(tui);
    const row = focusedRow(screen);
    expect(row).toContain(HIDDEN_BEFORE);
    // The cursor (one cell after ENDMARK) is inside the terminal's width.
    expect(row.indexOf('ENDMARK') + 'ENDMARK'.length + 1).toBeLessThanOrEqual(columns);
  });

  it('the whole-text view shows all 120 characters, ENDMARK and the cursor after it', async () => {
    const { tui, press } = await open(columns, rows);
    await typeLongDescription(tui);
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
    await tui.filterTo('feedback');
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

describe.each(SIZES)('addresses at %i×%i', (columns, rows) => {
  it('the sign-in address is one line the terminal wraps: selected, it is the whole address; the screen around it stays whole', async () => {
    const { tui } = await open(columns, rows);
    await signInFromSave(tui);
    await tui.waitFor((s) => s.includes('Pasted address:') && /^http/m.test(s), 'the address and the field');
    // The spinner redraws the frame meanwhile: the rows the terminal wrapped onto must stay the address's.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lines = tui.screen({ joined: true }).split('\n');
    const address = lines.find((line) => line.startsWith('http'))?.trimEnd() ?? '';
    expect(address).toMatch(/^https?:\/\/\S+\/oauth2\/authorize\?\S*client_id=\d+\S*code_challenge=\S+$/);
    expect(address.length).toBeGreaterThan(columns);
    const screen = tui.screen();
    // Wrapped by the terminal, not cut by the app: the rows are the address in pieces of the full width.
    expect(screen.split('\n').find((line) => line.startsWith('http'))?.length).toBe(columns);
    // Above it the header (or, on a short screen, the title naming the copy key); under it the field for the address pasted back.
    expect(screen.split('\n')[0]).toMatch(/^cmd-tui|^Signing in · u copies it/);
    expect(screen).toContain('Pasted address:');
    expect(screen.trimEnd().split('\n').length).toBeLessThanOrEqual(rows);
    await tui.key('esc');
    // Back on the overwrites, the frame takes the whole screen again, nothing of the address left.
    const after = await tui.waitFor((s) => s.includes('Stopped waiting for the sign-in') || s.includes('@Moderator'), 'the overwrites again');
    expect(after).not.toContain('oauth2/authorize');
  });
});
