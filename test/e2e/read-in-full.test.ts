/**
 * Nothing cut that cannot be read (issue 29), end to end at 80×24 (`cmd-tui --demo` in tmux): an audit
 * finding and a backup, both cut with "…" (or a column left out) in their rows, are read whole with v.
 */
import { expect, it } from 'vitest';
import { bindingOf, type Action } from '../../source/ui/input/key-bindings.js';
import { deleteGlobalCommand } from './helpers/list-steps.js';
import { useTuiRuns } from './helpers/tui-run.js';

const runs = useTuiRuns();
/** The overlay's text from its title on, as one line: its border and the line breaks of its wrapping taken out. */
const overlayText = (screen: string, title: string) => screen.slice(screen.indexOf(title)).replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');

it('v reads a cut audit finding and a backup whole at 80×24', { timeout: 90_000 }, async () => {
  const tui = runs.start(['--demo'], { columns: 80, rows: 24 });
  const press = (action: Action) => tui.press(action);
  await tui.waitFor((s) => /^slash\s/m.test(s), 'the command list', 20_000);

  await press('openAudit');
  await tui.waitFor((s) => /Audited Global and \d+ guilds/.test(s), 'the audit to finish');
  // The selected finding, cut: the words the row shows before its "…".
  const cutRow = (screen: string) => /^▸ .* — (.+)…\s*$/m.exec(screen)?.[1];
  const shown = cutRow(await tui.stepUntil(bindingOf('down').keys[0] ?? '', (s) => cutRow(s) !== undefined, 30));
  expect(shown, `no cut finding at 80 columns:\n${tui.screen()}`).toBeDefined();
  await press('readInFull');
  const whole = overlayText(await tui.waitForText('The finding in full'), 'The finding in full');
  expect(whole).toContain(shown!.replace(/\s+/g, ' ').trim());
  expect(whole).not.toContain('…');
  await press('back');
  await tui.waitFor((s) => !s.includes('The finding in full'), 'the findings again');
  await press('stopAudit');
  await tui.waitFor((s) => /^slash\s/m.test(s), 'the list again');

  // A delete writes a backup; at 80 columns its row keeps what it holds whole (the cause gives way first).
  await deleteGlobalCommand(tui, 'ban');
  await press('openBackups');
  const row = await tui.waitFor((s) => /▸ \S+ \S+\s+Global\s+delete ban/.test(s), 'the backup of the delete');
  expect(row).toMatch(/▸ .*delete ban\s+\d+ commands · \d+ overwrites$/m);
  await press('readInFull');
  const backup = overlayText(await tui.waitForText('The backup in full'), 'The backup in full');
  expect(backup).toMatch(/delete ban \d+ commands · \d+ overwrites/);
  // The file's path, wrapped where it is wider than the overlay (where depends on the length of TMPDIR).
  expect(backup.replace(/ /g, '')).toMatch(/\/data\/backups\/.*\.json/);
});
