/**
 * The isolated home (credentials.ts) as a file's tests use it: one per test, made before it and removed
 * after it, also when it fails. Kept apart from credentials.ts, which the benchmarks load outside vitest.
 */
import { afterEach, beforeEach } from 'vitest';
import { isolatedHome, type IsolatedHome } from './credentials.js';

/**
 * A fresh isolated home for each test of the file (made before it, removed after it, also when it fails);
 * `extra` as for isolatedHome, or a function of the test's moment (an emulator's token). Read `home.env`,
 * `home.home` inside tests.
 */
export function useIsolatedHome(extra: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) = {}): IsolatedHome {
  let current: IsolatedHome | undefined;
  beforeEach(async () => {
    current = await isolatedHome(typeof extra === 'function' ? extra() : extra);
  });
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  const now = () => {
    if (!current) throw new Error('no home outside a test: useIsolatedHome() makes one for each test');
    return current;
  };
  return {
    get home() {
      return now().home;
    },
    get env() {
      return now().env;
    },
    cleanup: () => now().cleanup(),
  };
}
