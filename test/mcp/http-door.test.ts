/**
 * `cmd-tui mcp --port 0` from the built binary: the MCP conformance suite's server scenarios
 * (initialize, ping, tools/list, DNS-rebinding protection) pass against it; a request addressed to
 * another name, or sent by a web page of another site, is refused before the protocol sees it; only POST
 * at /mcp is answered; the SDK's Streamable HTTP client works with it; it stops on SIGTERM, exit 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { cliEnv } from '../helpers/hermetic-env.js';
import { useIsolatedHome } from '../helpers/homes.js';

const CONFORMANCE = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url));

const emulator = useEmulator({ seed: 'demo' });
const home = useIsolatedHome(() => ({ DISCORD_BOT_TOKEN: emulator().botToken }), 'file');
let server: ChildProcess;
let url: URL;
let exited: Promise<number | null>;

beforeAll(async () => {
  server = spawn(process.execPath, [CLI_PATH, 'mcp', '--port', '0', '--json', '--api', emulator().baseUrl], {
    env: home.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => server.once('exit', resolve));
  let stderr = '';
  server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // --json: the address as one line of JSON on stdout, once listening.
  url = await new Promise<URL>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', (line) => resolve(new URL((JSON.parse(line) as { url: string }).url)));
    void exited.then((code) => reject(new Error(`cmd-tui mcp exited with ${code} before listening: ${stderr}`)));
  });
});

afterAll(async () => {
  if (server?.exitCode === null) server.kill('SIGTERM');
  await exited;
});

/** A raw POST with the headers a test chooses (fetch would not let it set Host; `Host: null`: none at all). */
function post(headers: { [name: string]: string | null | undefined; Host?: string | null }, path = url.pathname, method = 'POST'): Promise<{ status: number; body: string }> {
  const { Host: host, ...rest } = headers;
  const others = rest as Record<string, string>;
  const set = host === null ? { setHost: false, headers: others } : { headers: host === undefined ? others : { ...others, Host: host } };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port: url.port, path, method, ...set, headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...set.headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    sent.on('error', reject);
    sent.end(method === 'POST' ? body : undefined);
  });
}

describe('the MCP conformance suite', () => {
  for (const scenario of ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection']) {
    it(`passes ${scenario}`, { timeout: 60_000 }, async () => {
      const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, [CONFORMANCE, 'server', '--url', url.href, '--scenario', scenario], { env: cliEnv({ NO_COLOR: '1' }), stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
        child.once('close', (code) => resolve({ code, output }));
      });
      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    });
  }
});

describe('who the door answers', () => {
  const own = () => `127.0.0.1:${url.port}`;

  it('a request addressed to this machine, with no Origin or its own', async () => {
    expect((await post({ Host: own() })).status).toBe(200);
    expect((await post({ Host: `localhost:${url.port}`, Origin: `http://localhost:${url.port}` })).status).toBe(200);
  });

  it('not one addressed to another name (DNS rebinding): 421', async () => {
    const refused = await post({ Host: `evil.example.com:${url.port}` });
    expect(refused.status).toBe(421);
    expect(JSON.parse(refused.body)).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringContaining('answers only requests addressed to localhost') } });
  });

  it('loopback spelled as a URL takes it (127.1): answered as 127.0.0.1; no Host: 400 saying what to send (an empty one: request-guard.test.ts)', async () => {
    expect((await post({ Host: `127.1:${url.port}` })).status).toBe(200);
    const refused = await post({ Host: null });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ jsonrpc: '2.0', error: { message: `Bad request: no Host header; address it to 127.0.0.1:${url.port}.` } });
  });

  it('not a web page of another site, another local port included: 403', async () => {
    for (const origin of ['http://evil.example.com', `http://127.0.0.1:${Number(url.port) + 1}`, 'null', `https://127.0.0.1:${url.port}`]) {
      expect((await post({ Host: own(), Origin: origin })).status, origin).toBe(403);
    }
  });

  it('only POST at /mcp', async () => {
    expect((await post({ Host: own() }, '/other')).status).toBe(404);
    expect((await post({ Host: own() }, url.pathname, 'GET')).status).toBe(405);
    expect((await post({ Host: own() }, url.pathname, 'DELETE')).status).toBe(405);
  });
});

describe('the SDK client over Streamable HTTP', () => {
  it('lists the tools and calls one', async () => {
    const client = new Client({ name: 'cmd-tui-tests', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('validate_commands');
      const result = await client.callTool({ name: 'validate_commands', arguments: { commands: [{ name: 'ok', description: 'Fine' }] } });
      expect(result.structuredContent).toEqual({ valid: true, errors: 0, warnings: 0, problems: [] });
    } finally {
      await client.close();
    }
  });
});

describe('starting it', () => {
  it('--json only with --port: over stdio, stdout is the protocol', async () => {
    const result = await runCli(['mcp', '--json'], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--json goes with --port');
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { message: expect.stringContaining('--json goes with --port') }, exitCode: 2 });
  });

  it('refuses an --api that is its own address (it would send the token to itself)', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const result = await runCli(['mcp', '--port', String(port), '--api', `http://127.0.0.1:${port}/api/v10`], { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('is the address this server would listen on');
  });

  it('stops on SIGTERM, exit 0', async () => {
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
