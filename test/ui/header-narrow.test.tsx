/** The header at 40 columns: the scope stays, and a count is shown whole or not at all. */
import { expect, it } from 'vitest';
import { wholeSegments } from '../../source/ui/components/header.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, fakeSession, makeCommand } from './helpers/fake-api.js';

it('keeps whole segments and says more were left out', () => {
  expect(wholeSegments(['slash 29/100', 'user 3/15', 'message 3/15', 'entry 1/1', 'creates today 0/200'], 39)).toEqual(['slash 29/100', 'user 3/15', '…']);
  expect(wholeSegments(['slash 1/100', 'creates today 0/200'], 79)).toEqual(['slash 1/100', 'creates today 0/200']);
});

it('at 40 columns shows the scope and no count cut in the middle', async () => {
  const api = new FakeApi([makeCommand({ name: 'ping' })]);
  const app = await renderApp(api, { columns: 40, rows: 16 }, fakeSession(api, { target: { label: 'local http://127.0.0.1:39763/api/v10' } }));
  await app.waitForText('ping');
  const [, second, third] = app.frame().split('\n');
  expect(second).toMatch(/^scope Global {2}API/);
  expect(third).toMatch(/^slash 1\/100 · user 0\/15 · …$/);
});
