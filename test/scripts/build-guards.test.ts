/**
 * The build's own guards: in a clone where `npm install` has not run (`npm pack` there runs the build
 * first), it says what to run instead of "Cannot find package 'esbuild'"; and no runtime dependency is
 * also bundled into dist/ (ws was both: installed for every user, never loaded).
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp-folder.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
let bare: string;
beforeEach(() => {
  bare = tempFolder('cmd-tui-bare-');
});

describe('the build', () => {
  it('without the dev dependencies says to run npm install first', async () => {
    await mkdir(join(bare, 'scripts'));
    await copyFile(join(root, 'scripts', 'build.mjs'), join(bare, 'scripts', 'build.mjs'));
    await copyFile(join(root, 'package.json'), join(bare, 'package.json'));
    const run = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: bare, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe("cmd-tui's build needs its development dependencies (esbuild), which are not installed here.\nRun `npm install` (or `npm ci`) in this folder first, then run this again (`npm pack`, `npm run build`).\n");
  });

  it('bundles no package that is also a runtime dependency', async () => {
    const { dependencies } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(dependencies)).not.toContain('ws');
    // The guard in scripts/build.mjs: a dependency found among the bundle's inputs fails the build.
    const source = await readFile(join(root, 'scripts', 'build.mjs'), 'utf8');
    expect(source).toContain('bundled into dist/ and also a dependency in package.json');
  });
});
