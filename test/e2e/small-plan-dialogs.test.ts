/**
 * The restore's plan dialog at 40×12 (issue 41), end to end: the built binary in tmux against the
 * emulator. A backup holding 1 command of a guild that now has 10: the plan deletes 9, so the dialog holds
 * it back — its refusal and its buttons stay on screen while only the plan's list scrolls (with a hint
 * saying which lines show), and the typed confirmation's input line is in view.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { useTuiRuns } from './helpers/tui-run.js';

const emulator = useEmulator({ seed: 'demo' });
const runs = useTuiRuns();
const slash = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => ({ name: `${prefix}-${index}`, description: `Command ${index}`, type: 1 }));

it('at 40×12 the restore dialog keeps its refusal and buttons in view, scrolls only the plan, and shows the typed answer', { timeout: 120_000 }, async () => {
  const { baseUrl, botToken, applicationId } = emulator();
  const guild = emulator().guildIds[2]!;
  const kept = { name: 'kept', description: 'Stays', type: 1 };
  const put = await call(emulator(), 'PUT', `/applications/${applicationId}/guilds/${guild}/commands`, { auth: botAuth(emulator()), json: [kept] });
  expect(put.status).toBe(200);
  const tui = runs.start(['--api', baseUrl], { columns: 40, rows: 12 }, { DISCORD_BOT_TOKEN: botToken });
  const env = { CMD_TUI_HOME: runs.home(), CMD_TUI_PROFILE: '', CMD_TUI_SECRET_STORE: '', DISCORD_BOT_TOKEN: botToken, DISCORD_CLIENT_ID: '', DISCORD_CLIENT_SECRET: '' };
  // An apply adds nine: the backup it takes first holds the one command.
  const file = join(runs.home(), 't10.json');
  await writeFile(file, JSON.stringify([kept, ...slash('extra', 9)]));
  const applied = await runCli(['apply', file, '--guild', guild, '--yes', '--api', baseUrl], { env, cwd: runs.home() });
  expect(applied.code, applied.stderr).toBe(0);

  await tui.waitFor((screen) => /^slash\s/m.test(screen), 'the command list');
  await tui.press('openBackups');
  await tui.waitFor((screen) => /▸ /.test(screen), 'the newest backup selected');
  await tui.press('restorePlan');
  // Laid out once measured: the list's hint says which of its lines show.
  const dialog = await tui.waitFor((screen) => screen.includes('Restore anyway…') && /lines 1–\d+ of \d+/.test(screen), 'the dialog with its hint');
  // The refusal's words, the buttons and the list's hint, all on the 12 rows at once.
  const flat = dialog.replace(/[\s│]+/g, ' ');
  expect(flat).toContain("deletes 9 of the scope's 10 commands");
  expect(dialog).toContain('Cancel');
  expect(dialog).toMatch(/lines 1–\d+ of \d+/);
  // Only the list scrolls: after pgdn the refusal and the buttons are still there.
  await tui.key('pgdn');
  const scrolled = await tui.waitFor((screen) => /lines [2-9]\d*–\d+ of \d+/.test(screen), 'the list to scroll');
  expect(scrolled.replace(/[\s│]+/g, ' ')).toContain("deletes 9 of the scope's 10 commands");
  expect(scrolled).toContain('Restore anyway…');
  // The typed confirmation: its input line shows, and a wrong answer is said.
  await tui.key('tab');
  await tui.key('enter');
  await tui.waitFor((screen) => /^│? ?>( |$)/m.test(screen), 'the answer field');
  await tui.key('enter');
  await tui.waitFor((screen) => screen.replace(/[\s│]+/g, ' ').includes('That is not it'), 'the wrong answer said');
});
