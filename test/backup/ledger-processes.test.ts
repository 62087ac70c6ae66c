/** Two processes counting creates in one ledger at once (the TUI and `cmd-tui apply`) lose no count. */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { createBudget } from '../../source/backup/create-ledger.js';
import { GLOBAL_SCOPE } from '../../source/discord/model.js';
import { useIsolatedHome } from '../helpers/homes.js';

const home = useIsolatedHome();

const ledgerModule = fileURLToPath(new URL('../../source/backup/create-ledger.ts', import.meta.url));
const environmentModule = fileURLToPath(new URL('../../source/config/environment.ts', import.meta.url));

function counter(script: string, times: number): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, String(times)], { env: home.env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('close', resolve);
  });
}

it('two processes recording 40 creates each leave 80 in the ledger', { timeout: 60_000 }, async () => {
  const script = join(home.home, 'count.mts');
  await writeFile(
    script,
    [
      `import { recordCreates } from ${JSON.stringify(ledgerModule)};`,
      `import { readEnvironment } from ${JSON.stringify(environmentModule)};`,
      'const paths = readEnvironment(process.env, process.platform).paths();',
      "for (let i = 0; i < Number(process.argv[2]); i++) await recordCreates(paths, '100000000000000001', { kind: 'global' }, 1);",
      '',
    ].join('\n'),
  );
  expect(await Promise.all([counter(script, 40), counter(script, 40)])).toEqual([0, 0]);
  expect((await createBudget(home.environment.paths(), '100000000000000001', GLOBAL_SCOPE)).used).toBe(80);
});
