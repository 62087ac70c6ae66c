/** A filterable picker at 40×12 whose title and text wrap (no guild matches what is typed): every line in its place, none drawn over another. */
import { expect, it } from 'vitest';
import { renderApp } from './helpers/app.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';

it('the guild picker of a global command at 40×12, nothing matching: its wrapped title and the filter line stay whole', async () => {
  const app = await renderApp(new FakeApi([makeCommand({ name: 'ping' })]), { columns: 40, rows: 12 });
  await app.waitForText('ping');
  await app.pressAndWait('permissions', 'pick the guild');
  await app.type('zzz?');
  await app.waitForText('No guild by that name');
  const lines = app.frame().split('\n');
  expect(lines.some((line) => /^│ Permission overwrites are set per\s+│$/.test(line))).toBe(true);
  expect(lines.some((line) => /^│ guild: pick the guild\s+│$/.test(line))).toBe(true);
  expect(lines.some((line) => /^│ filter zzz\?/.test(line))).toBe(true);
  expect(lines.filter((line) => line.includes('╰'))).toHaveLength(1);
});
