/** A lock that cannot be removed after a write that worked: the write's result stands, with a warning beside it. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { guildScope } from '../../source/discord/model.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';

const failing = vi.hoisted(() => ({ rm: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const rm: typeof actual.rm = async (path, options) => {
    if (failing.rm && String(path).endsWith('.lock')) throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
    return actual.rm(path, options);
  };
  return { ...actual, rm, default: { ...actual, rm } };
});

// The worker may have loaded the lock module for an earlier file (isolate: false), over the real fs: load it
// again, over the mocked one.
vi.resetModules();
const { withScopeLock } = await import('../../source/backup/scope-lock.js');

let home: IsolatedHome;
beforeEach(async () => {
  home = await isolatedHome();
});
afterEach(() => {
  failing.rm = false;
  return home.cleanup();
});

it('a write that worked is returned when its lock cannot be released, and the notice says so', async () => {
  const notices: string[] = [];
  const result = await withScopeLock(home.environment.paths(), '100000000000000001', guildScope('200000000000000002'), 'apply a.json', async () => {
    failing.rm = true;
    return 'written';
  }, { notice: (message) => notices.push(message) });
  expect(result).toBe('written');
  expect(notices).toHaveLength(1);
  expect(notices[0]).toMatch(/^The write finished, but its lock .*100000000000000001-guild-200000000000000002\.lock could not be removed \(EROFS: read-only file system\); remove it if no cmd-tui is writing to guild 200000000000000002\.$/);
});
