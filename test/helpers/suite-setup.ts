/**
 * Once per `vitest run`, before any worker starts (workers inherit this process's environment, which the
 * configuration already cleared of the project's variables: hermetic-env.ts): the run gets its own TMPDIR
 * and its own HOME, and the clock's zone is UTC. Nothing a test does can reach the
 * contributor's own settings, keyring or temp folder. At the end the run's TMPDIR must be empty: a test
 * that leaves a folder behind fails the run, named by what it left.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's HOME, under which each test file gets its own (file-setup.ts). */
    suiteHome: string;
  }
}

export default function setup(project: TestProject): () => void {
  // Short names: paths under them show on screens whose tests expect them to fit.
  const tmp = mkdtempSync(join(tmpdir(), 'cmd-tui-tests-'));
  const home = mkdtempSync(join(tmpdir(), 'cmd-tui-tests-home-'));

  process.env.TMPDIR = tmp;
  process.env.HOME = home;
  process.env.TZ = 'UTC';
  // Node's compile cache (cmd-tui turns it on) would otherwise live in TMPDIR; kept beside the project so
  // that runs share it.
  process.env.NODE_COMPILE_CACHE = resolve('node_modules/.cache/cmd-tui-tests/compile');
  // tsx (the tests that start TypeScript in a child process) would keep its cache in TMPDIR.
  process.env.TSX_DISABLE_CACHE = '1';
  project.provide('suiteHome', home);

  return () => {
    const left = readdirSync(tmp).sort();
    for (const folder of [tmp, home]) rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
    if (left.length > 0) {
      throw new Error(`The tests left ${left.length} entries in their TMPDIR; every test removes what it makes, also when it fails:\n${left.map((entry) => `  ${entry}`).join('\n')}`);
    }
  };
}
