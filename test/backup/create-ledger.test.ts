import { describe, expect, it } from 'vitest';
import { countedCreate, createBudget, recordCreates, recordCreatesExhausted } from '../../source/backup/create-ledger.js';
import { ConnectionError, DiscordApiError, RequestCancelledError } from '../../source/api/errors.js';
import { readEnvironment } from '../../source/config/environment.js';
import type { AppPaths } from '../../source/config/paths.js';
import { GLOBAL_SCOPE, guildScope } from '../../source/discord/model.js';
import { tempFolder } from '../helpers/temp-folder.js';

/** The folders of a home of its own, as the edge reads them (config/environment.ts), removed after its test. */
function env(): AppPaths {
  return readEnvironment({ CMD_TUI_HOME: tempFolder('cmd-tui-ledger-') }, process.platform).paths();
}

describe('daily create ledger', () => {
  const morning = new Date('2026-11-22T01:00:00Z');
  const evening = new Date('2026-11-22T23:59:59Z');
  const nextDay = new Date('2026-11-23T00:00:00Z');

  it('starts with the full 200 and counts recorded creates for the same UTC day', async () => {
    const home = env();
    expect(await createBudget(home, '100', GLOBAL_SCOPE, morning)).toEqual({ used: 0, unanswered: 0, remaining: 200, day: '2026-11-22' });
    await recordCreates(home, '100', GLOBAL_SCOPE, 3, morning);
    await recordCreates(home, '100', GLOBAL_SCOPE, 2, evening);
    expect(await createBudget(home, '100', GLOBAL_SCOPE, evening)).toMatchObject({ used: 5, remaining: 195 });
  });

  it('resets at 00:00 UTC', async () => {
    const home = env();
    await recordCreates(home, '100', GLOBAL_SCOPE, 150, evening);
    expect(await createBudget(home, '100', GLOBAL_SCOPE, nextDay)).toMatchObject({ used: 0, remaining: 200, day: '2026-11-23' });
  });

  it('marks the day as spent when the server says the limit is reached', async () => {
    const home = env();
    await recordCreates(home, '100', GLOBAL_SCOPE, 3, morning);
    expect(await recordCreatesExhausted(home, '100', GLOBAL_SCOPE, morning)).toEqual({ used: 200, unanswered: 0, remaining: 0, day: '2026-11-22' });
    expect((await createBudget(home, '100', GLOBAL_SCOPE, nextDay)).remaining).toBe(200);
  });

  it('keeps scopes and applications apart', async () => {
    const home = env();
    await recordCreates(home, '100', guildScope('1'), 7, morning);
    expect((await createBudget(home, '100', guildScope('2'), morning)).used).toBe(0);
    expect((await createBudget(home, '101', guildScope('1'), morning)).used).toBe(0);
    expect((await createBudget(home, '100', guildScope('1'), morning)).used).toBe(7);
  });

  it('counts a create before it leaves and settles it by the answer', async () => {
    const home = env();
    const seen: number[] = [];
    await countedCreate(home, '100', GLOBAL_SCOPE, async () => {
      seen.push((await createBudget(home, '100', GLOBAL_SCOPE)).unanswered);
      return { created: true };
    });
    expect(seen).toEqual([1]);
    expect(await createBudget(home, '100', GLOBAL_SCOPE)).toMatchObject({ used: 1, unanswered: 0 });
    await countedCreate(home, '100', GLOBAL_SCOPE, async () => ({ created: false }));
    expect((await createBudget(home, '100', GLOBAL_SCOPE)).used).toBe(1);
  });

  it('a create refused by the server is given back; one whose answer never came stays counted', async () => {
    const home = env();
    const refused = new DiscordApiError(400, 50035, 'Invalid Form Body', 'POST', '/x');
    await expect(countedCreate(home, '100', GLOBAL_SCOPE, () => Promise.reject(refused))).rejects.toBe(refused);
    expect((await createBudget(home, '100', GLOBAL_SCOPE)).used).toBe(0);
    await expect(countedCreate(home, '100', GLOBAL_SCOPE, () => Promise.reject(new Error('socket hang up')))).rejects.toThrow('socket hang up');
    expect(await createBudget(home, '100', GLOBAL_SCOPE)).toMatchObject({ used: 1, unanswered: 0, remaining: 199 });
  });

  it('counts only the creates that may have reached the server: one stopped before it left, or never connected, is given back', async () => {
    const paths = env();
    const fail = (error: Error) => expect(countedCreate(paths, '100', GLOBAL_SCOPE, () => Promise.reject(error))).rejects.toBe(error);
    await fail(new RequestCancelledError(false));
    await fail(new ConnectionError('POST /x failed: connect ECONNREFUSED', '/x', 'Check `--api`.', false));
    expect(await createBudget(paths, '100', GLOBAL_SCOPE)).toMatchObject({ used: 0, unanswered: 0 });
    await fail(new RequestCancelledError(true));
    await fail(new ConnectionError('POST /x failed: socket hang up', '/x', 'It may have reached Discord.', true));
    await fail(new DiscordApiError(502, 0, 'Bad Gateway', 'POST', '/x'));
    expect(await createBudget(paths, '100', GLOBAL_SCOPE)).toMatchObject({ used: 3, unanswered: 0 });
  });
});
