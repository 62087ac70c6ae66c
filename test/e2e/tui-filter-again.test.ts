/**
 * `/` after a kept filter starts a new one, end to end: the built binary on the demo, a filter kept with
 * enter, a command's detail opened and left, then `/` and another name — which finds that command, rather
 * than being typed onto the kept filter ("pingpoll", nothing matching).
 */
import { expect, it } from 'vitest';
import { bindingOf, type Action, type KeyScope } from '../../source/ui/input/key-bindings.js';
import { useTuiRuns } from './helpers/tui-run.js';

const runs = useTuiRuns();

it('/ after coming back from a detail starts a new filter', { timeout: 60_000 }, async () => {
  const tui = runs.start(['--demo'], { columns: 80, rows: 24 });
  const press = (action: Action, scope: KeyScope) => tui.key(bindingOf(action, scope).keys[0]!);
  await tui.waitFor((screen) => /^\s*▸?slash\s/m.test(screen), 'the command list', 20_000);
  await press('filter', 'list');
  await tui.type('ping');
  await press('filterDone', 'filter');
  await tui.waitFor((screen) => /▸slash\s+ping\b/.test(screen) && !/slash\s+poll\b/.test(screen), 'the list filtered to ping');
  await press('open', 'list');
  await tui.waitFor((screen) => !/▸slash\s+ping\b/.test(screen), 'the detail of ping');
  await press('back', 'detail');
  await tui.waitFor((screen) => /▸slash\s+ping\b/.test(screen), 'the filtered list again');
  await press('filter', 'list');
  await tui.type('poll');
  const found = await tui.waitFor((screen) => /▸slash\s+poll\b/.test(screen), 'poll found by the new filter');
  expect(found).not.toContain('No command matches');
  expect(found).not.toContain('pingpoll');
});
