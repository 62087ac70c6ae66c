/**
 * The TUI's cursor and selection are drawn inverse wherever chalk (what Ink draws with) sees no colour
 * support: under a CI variable, with --no-color on the command line. Inverse is an attribute, not a
 * colour, so it stays; colour itself follows the theme's rules (NO_COLOR and --no-color: none).
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { useTuiRuns } from './helpers/tui-run.js';

const emulator = useEmulator({ seed: 'demo' });
const runs = useTuiRuns();

/** The SGR parameters of every escape sequence in a `capture-pane -e` screen. */
function sgrParameters(screen: string): number[] {
  return [...screen.matchAll(/\u001b\[([\d;]*)m/g)].flatMap((match) => match[1]!.split(';').map(Number));
}

/** Foreground or background colour parameters: 30–38, 40–48, 90–97, 100–107. */
const isColour = (parameter: number) => (parameter >= 30 && parameter <= 38) || (parameter >= 40 && parameter <= 48) || (parameter >= 90 && parameter <= 107);

describe.each<{ why: string; args: string[]; env: Record<string, string>; colour: boolean }>([
  { why: 'CI=true', args: [], env: { CI: 'true', NO_COLOR: '' }, colour: true },
  { why: 'CI=true and NO_COLOR=1', args: [], env: { CI: 'true', NO_COLOR: '1' }, colour: false },
  { why: '--no-color', args: ['--no-color'], env: { NO_COLOR: '' }, colour: false },
])('with $why', ({ args, env, colour }) => {
  it('the list selection and the whole-text view’s cursor are drawn inverse; colour as the theme decides', async () => {
    const running = emulator();
    const tui = runs.start(['--api', running.baseUrl, ...args], { columns: 80, rows: 24 }, { DISCORD_BOT_TOKEN: running.botToken, ...env });
    await tui.waitForText('avatar');
    // The selected command's row.
    const list = tui.screen({ colours: true });
    expect(list).toMatch(/\u001b\[[\d;]*\b7m[^\n]*\//);
    expect(sgrParameters(list).some(isColour)).toBe(colour);

    await tui.press('new');
    await tui.waitForText('New command');
    await tui.press('nextField');
    await tui.waitFor((s) => (s.split('\n').find((line) => line.includes('▸ ')) ?? '').includes('description'), 'focus on the description');
    await tui.type('ENDMARK');
    await tui.press('wholeText');
    await tui.waitForText('7/100 characters');
    // The cursor: the cell right after ENDMARK.
    expect(tui.screen({ colours: true })).toMatch(/ENDMARK(\u001b\[[\d;]*m)*\u001b\[[\d;]*\b7m/);
  });
});
