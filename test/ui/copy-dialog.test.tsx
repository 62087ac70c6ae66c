/** The copy dialog: a user or message command named as such, and a long plan read from its counts down. */
import { describe, expect, it } from 'vitest';
import type { Adaptation } from '../../source/discord/adapt-scope.js';
import { renderApp } from './helpers/app.js';
import { FakeApi, fakeCarriedOut, fakePrepared, fakeSession, makeCommand } from './helpers/fake-api.js';

async function openCopy(commands: ReturnType<typeof makeCommand>[], adaptations: Adaptation[], key: 'copyCommand' | 'copyScope') {
  const api = new FakeApi(commands);
  const session = fakeSession(api);
  const prepared = fakePrepared({ create: commands.map((command) => command.name) });
  prepared.plan.create.forEach((create, index) => (create.type = commands[index]!.type));
  session.copy = {
    prepare: async () => ({ ok: true, prepared: { ...prepared, adaptations } }),
    carryOut: async () => fakeCarriedOut(),
  };
  const app = await renderApp(api, { columns: 120, rows: 40 }, session);
  await app.waitForText(commands[0]!.name);
  await app.press(key);
  await app.waitForText('Test Guild');
  await app.chord('down');
  await app.chord('enter');
  return app;
}

describe('copy dialog', () => {
  it('names a user command as one, not as /User Info', async () => {
    const app = await openCopy([makeCommand({ name: 'User Info', type: 2, description: '' })], [], 'copyCommand');
    await app.waitForText('Copy User Info (USER) into Test Guild?');
    expect(app.frame()).toContain('+ create User Info (USER)');
    expect(app.frame()).not.toContain('/User Info');
  });

  it('a scope of 36 alike commands: the counts first, then one line for what was dropped from them all', async () => {
    const commands = Array.from({ length: 36 }, (_, i) => makeCommand({ name: `cmd${String(i).padStart(2, '0')}` }));
    const adaptations = commands.map((command) => ({ command: `/${command.name}`, dropped: ['integration_types'] }));
    const app = await openCopy(commands, adaptations, 'copyScope');
    await app.waitForText('Copy every command of Global into Test Guild?');
    const frame = app.frame().replace(/[\s│]+/g, ' ');
    expect(frame).toContain('dropped integration_types from 36 commands (/cmd00, /cmd01, /cmd02 and 33 more): Discord applies them to global commands only');
    expect(frame.split('dropped integration_types').length - 1).toBe(1);
    expect(frame.indexOf('36 to create, 0 to update')).toBeLessThan(frame.indexOf('dropped integration_types'));
  });
});
