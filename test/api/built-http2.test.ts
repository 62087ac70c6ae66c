/**
 * The built binary over HTTPS with HTTP/2, as Discord may negotiate it. The build loads undici's
 * HTTP/2 client only when a connection negotiates it (scripts/build.mjs), so this is the one test
 * that reaches that path: a local TLS server that speaks HTTP/2 only, with a throwaway self-signed
 * certificate made for the run. Over plain HTTP (the emulator), neither node:http2 nor node:tls loads.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';

const APPLICATION = { id: '100000000000000001', name: 'Over HTTP/2' };
const COMMAND = { id: '100000000000000002', application_id: APPLICATION.id, version: '100000000000000003', type: 1, name: 'ping', description: 'Replies with pong', default_member_permissions: null, nsfw: false, contexts: null, integration_types: [0] };

describe('the built binary over HTTP/2', () => {
  const folder = mkdtempSync(join(tmpdir(), 'cmd-tui-h2-'));
  const certificate = join(folder, 'certificate.pem');
  const seen: string[] = [];
  let server: Http2SecureServer;
  let baseUrl = '';

  beforeAll(async () => {
    const key = join(folder, 'key.pem');
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', certificate, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    } catch (error) {
      throw new Error(`This test makes a throwaway certificate with openssl, which failed (${(error as Error).message}). Install openssl (.ci/run does).`);
    }
    // allowHTTP1 false: a client that did not negotiate HTTP/2 gets no answer at all.
    server = createSecureServer({ key: readFileSync(key), cert: readFileSync(certificate), allowHTTP1: false }, (request, response) => {
      seen.push(`${request.httpVersion} ${request.method} ${request.url}`);
      const body = request.url === '/api/v10/applications/@me' ? APPLICATION : request.url?.startsWith(`/api/v10/applications/${APPLICATION.id}/commands`) ? [COMMAND] : undefined;
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? { message: 'Unknown route', code: 0 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(folder, { recursive: true, force: true });
  });

  it('lists commands through undici’s HTTP/2 client, loaded when the connection negotiates it', async () => {
    const result = await runCli(['list', '--api', baseUrl, '--json'], {
      env: { CMD_TUI_HOME: folder, DISCORD_BOT_TOKEN: 'fake-bot-token-for-http2', NODE_EXTRA_CA_CERTS: certificate },
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject([{ name: 'ping', description: 'Replies with pong' }]);
    expect(seen).toEqual(['2.0 GET /api/v10/applications/@me', expect.stringMatching(/^2\.0 GET \/api\/v10\/applications\/100000000000000001\/commands/)]);
  });

  describe('over plain HTTP', () => {
    const emulator = useEmulator();
    /** Prints the built-in modules the run loaded, at its exit. */
    const PRINT_LOADED = `data:text/javascript,${encodeURIComponent("import { writeSync } from 'node:fs'; process.on('exit', () => writeSync(2, '\\nLOADED ' + JSON.stringify(process.moduleLoadList)));")}`;

    it('loads neither node:http2 nor node:tls', async () => {
      // Asynchronously: the emulator answers from this process.
      const child = spawn(process.execPath, ['--import', PRINT_LOADED, CLI_PATH, 'list', '--api', emulator().baseUrl], {
        env: { ...process.env, CMD_TUI_HOME: folder, DISCORD_BOT_TOKEN: emulator().botToken, NO_COLOR: '1' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(0);
      const loaded = JSON.parse(stderr.slice(stderr.lastIndexOf('LOADED ') + 'LOADED '.length)) as string[];
      expect(loaded).toContain('NativeModule net');
      expect(loaded.filter((name) => /^NativeModule (http2|tls)$/.test(name))).toEqual([]);
    });
  });
});
