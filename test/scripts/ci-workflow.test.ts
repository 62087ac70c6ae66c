/**
 * The GitHub Actions workflow stays what the README says it is: Linux, macOS and Windows under Node 22
 * and 24, every test on Linux and the portable ones elsewhere; and the lists of tests left out of the
 * portable run name files that exist (a renamed test would otherwise silently join or leave it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LINUX_TOOLS, POSIX_ONLY } from '../../vitest.config.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const workflow = readFileSync(`${root}.github/workflows/ci.yml`, 'utf8');

describe('the CI workflow', () => {
  it('runs on Linux, macOS and Windows under Node 22 and 24', () => {
    expect(workflow).toMatch(/^\s+os: \[ubuntu-latest, macos-latest, windows-latest\]$/m);
    expect(workflow).toMatch(/^\s+node: \[22, 24\]$/m);
    expect(workflow).toContain('fail-fast: false');
  });

  it("runs the tests with the matrix's Node, every one on Linux and the portable ones elsewhere", () => {
    expect(workflow.match(/run: node node_modules\/vitest\/vitest\.mjs run$/gm)).toHaveLength(2);
    expect(workflow).toMatch(/if: runner\.os != 'Linux'\n\s+run: node node_modules\/vitest\/vitest\.mjs run\n\s+env:\n\s+PORTABLE_TESTS: '1'/);
    expect(workflow).not.toMatch(/run: .*(npx vitest|npm test\b)/);
  });

  it('gives the Linux job the Chromium its header says the end-to-end tests drive, where test/helpers/chromium.ts looks', () => {
    expect(workflow).toMatch(/^# Linux runs every test.*Chromium/m);
    const linked = /ln -s "\$\(command -v google-chrome\)" (\S+);/.exec(workflow)?.[1];
    expect(readFileSync(`${root}test/helpers/chromium.ts`, 'utf8')).toContain(`'${linked}'`);
  });

  it('leaves out only tests that exist', () => {
    for (const path of [...LINUX_TOOLS, ...POSIX_ONLY]) expect(existsSync(`${root}${path.replace(/\/\*\*$/, '')}`), path).toBe(true);
  });
});
