/**
 * Bounded answers: a server that answers with hundreds of MB (announced by Content-Length, or streamed
 * without one) is refused past the cap — 32 MiB for the API, 1 MiB for the OpenID discovery document and
 * key set — with a message naming the URL and the size, and the process's memory stays small.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../../source/api/http-transport.js';
import { fetchProviderKeys } from '../../source/auth/id-token.js';
import { SignInError } from '../../source/auth/sign-in-error.js';
import { runCli } from '../helpers/cli.js';
import { HOSTILE_APP, startHostileServer } from '../helpers/hostile-server.js';

const MIB = 1024 * 1024;
const REPORT_MAX_RSS = fileURLToPath(new URL('../helpers/report-max-rss.mjs', import.meta.url));
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cmd-tui-answer-cap-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('an API answer of 300 MiB', () => {
  it.each([
    ['announced by Content-Length', true, '300 MiB'],
    ['streamed without a length', false, 'over 32 MiB'],
  ])('%s is refused with its URL and size, and the client stays small', { timeout: 60_000 }, async (_name, declared, size) => {
    const path = `/api/v10/applications/${HOSTILE_APP}/commands`;
    const server = await startHostileServer('plain', { oversized: { path, bytes: 300 * MIB, declared } });
    try {
      const rssFile = join(folder, `rss-${declared}`);
      const result = await runCli(['list', '--api', server.base], { env: { DISCORD_BOT_TOKEN: 'answer-cap-test-fake-token', CMD_TUI_HOME: folder, MAX_RSS_FILE: rssFile }, nodeArgs: ['--import', REPORT_MAX_RSS] });
      expect(result.code, result.stderr).toBe(5);
      expect(result.stderr).toContain(`The answer from ${server.origin}${path} is ${size}: more than the 32 MiB cmd-tui accepts, so it was not read.`);
      expect(result.stderr).not.toContain('answer-cap-test-fake-token');
      const maxRssMiB = Number(await readFile(rssFile, 'utf8')) / 1024;
      expect(maxRssMiB).toBeLessThan(250);
    } finally {
      await server.close();
    }
  });
});

describe('OpenID provider documents over 1 MiB', () => {
  it.each([
    ['a key set of 400 MiB, streamed', '/jwks.json', false, 'key set', 'over 1 MiB'],
    ['a discovery document of 400 MiB, announced', '/.well-known/openid-configuration', true, 'OpenID discovery document', '400 MiB'],
  ])('%s: refused with its URL and size, so the sign-in is not used', { timeout: 60_000 }, async (_name, path, declared, what, size) => {
    const server = await startHostileServer('plain', { oversized: { path, bytes: 400 * MIB, declared } });
    const transport = createTransport();
    const before = process.memoryUsage().rss;
    try {
      const error = await fetchProviderKeys(transport, server.origin).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SignInError);
      expect((error as Error).message).toContain(`could not read the ${what} at ${server.origin}${path} (The answer from ${server.origin}${path} is ${size}: more than the 1 MiB`);
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * MIB);
    } finally {
      await transport.close();
      await server.close();
    }
  });
});
