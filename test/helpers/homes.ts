/**
 * The isolated home (credentials.ts) as a file's tests use it: one per test (or one per file), made before
 * and removed after, also when a test fails. Kept apart from credentials.ts, which the benchmarks load outside vitest.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { isolatedHome, type IsolatedHome } from './credentials.js';

/**
 * A fresh isolated home for each test of the file (made before it, removed after it, also when it fails),
 * or with `lifetime` 'file' one for all of the file's tests; `extra` as for isolatedHome, or a function of
 * the moment it is made (an emulator's token). Read `home.env`, `home.environment`, `home.home` inside tests.
 */
export function useIsolatedHome(extra: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) = {}, lifetime: 'test' | 'file' = 'test'): IsolatedHome {
  let current: IsolatedHome | undefined;
  const [before, after] = lifetime === 'test' ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    current = await isolatedHome(typeof extra === 'function' ? extra() : extra);
  });
  after(async () => {
    await current?.cleanup();
    current = undefined;
  });
  const now = () => {
    if (!current) throw new Error('no home outside a test: useIsolatedHome() makes one for each test (or for the file)');
    return current;
  };
  return {
    get home() {
      return now().home;
    },
    get env() {
      return now().env;
    },
    get environment() {
      return now().environment;
    },
    cleanup: () => now().cleanup(),
  };
}
