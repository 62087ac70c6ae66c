/**
 * The TUI's audit and backups screens end to end (`cmd-tui --demo` in tmux): `a` finds the seeded
 * ghost duplicate and fixes it from the finding (a backup, then one DELETE); a deleted command is
 * restored from `b` with its overwrites (POST, then the overwrites PUT back).
 */
import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import { bindingOf, type Action } from '../../source/ui/input/key-bindings.js';
import { deleteGlobalCommand } from './helpers/list-steps.js';
import { useTuiRuns } from './helpers/tui-run.js';
import { controlIn, fetchControl } from '../helpers/emulator-control.js';

const runs = useTuiRuns();

it('a: the ghost duplicate is found and deleted from its finding; b: a deleted command comes back with its overwrites', { timeout: 90_000 }, async () => {
  const tui = runs.start(['--demo'], { columns: 140, rows: 32 });
  const press = (action: Action) => tui.press(action);
  const first = await tui.waitFor((s) => /^slash\s/m.test(s), 'the command list', 20_000);
  const origin = /demo emulator (http:\/\/127\.0\.0\.1:\d+)\/api\/v10/.exec(first)?.[1];
  const demo = await controlIn(runs.home(), origin!);
  const log = async () => (await (await fetchControl(demo, '/__emulator/requests')).json()) as LoggedRequest[];

  // The audit of Global reads every guild and lists the seeded ghost /ping.
  await press('openAudit');
  await tui.waitFor((s) => /Audited Global and \d+ guilds/.test(s), 'the audit to finish');
  const found = await tui.waitFor((s) => /ghost-duplicate\s+\/ping in Pixel Pal HQ/.test(s), 'the ghost duplicate');
  expect(found).toMatch(/Audit of Global: \d+ errors?, \d+ warnings?/);
  await tui.stepUntil(bindingOf('down').keys[0] ?? '', (s) => /▸ \S+\s+ghost-duplicate/.test(s), 20);
  await tui.pressAndWait('fixFinding', 'Delete ping from Pixel Pal HQ?');
  const before = (await log()).length;
  await tui.type('ping');
  await tui.pressAndWait('confirm', 'Deleted the guild copy of ping from Pixel Pal HQ; backup:');
  const fixed = (await log()).slice(before);
  const writes = fixed.filter((request) => request.method !== 'GET');
  expect(writes.map((request) => request.method)).toEqual(['DELETE']);
  expect(fixed.findIndex((request) => request.method === 'GET')).toBeLessThan(fixed.indexOf(writes[0]!));
  expect(tui.screen()).not.toMatch(/ghost-duplicate\s+\/ping/);
  await tui.pressAndWait('writeReport', 'Wrote the audit report to');
  expect(readdirSync(runs.home())).toContain('audit-global.md');
  await press('stopAudit');
  await tui.waitFor((s) => /^slash\s/m.test(s), 'the list again');

  // Delete /ban (it has overwrites in Pixel Pal HQ), then bring it back from its backup.
  await deleteGlobalCommand(tui, 'ban');
  await press('openBackups');
  await tui.waitFor((s) => /▸ \S+ \S+\s+Global\s+delete ban/.test(s), 'the newest backup first');
  await tui.pressAndWait('restorePlan', '+ create /ban');
  const beforeRestore = (await log()).length;
  await tui.key('tab');
  await tui.key('enter');
  await tui.waitForText('Restored 1 command change(s) and 1 overwrite list(s)');
  const restored = (await log()).slice(beforeRestore).filter((request) => request.method !== 'GET');
  expect(restored.map((request) => request.method)).toEqual(['POST', 'PUT']);
  expect(restored[1]!.path).toMatch(/\/guilds\/\d+\/commands\/\d+\/permissions$/);
});
