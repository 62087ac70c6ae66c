/**
 * Before each test file (vitest setupFiles): its own HOME, under the run's private one (suite-setup.ts),
 * removed when the file ends. A test that starts cmd-tui without a home of its own lands here, never in
 * another file's settings, nor the contributor's. And the temporary folders its tests made outside a test
 * (temp-folder.ts) are removed when it ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { removeTempFolders } from './temp-folder.js';

const home = mkdtempSync(join(inject('suiteHome'), 'file-'));
process.env.HOME = home;
afterAll(async () => {
  await removeTempFolders();
  rmSync(home, { recursive: true, force: true, maxRetries: 5 });
});
