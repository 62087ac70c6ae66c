/**
 * A server that echoes the Authorization header back in its error message (as a misconfigured proxy or
 * a hostile look-alike API may) gets no token printed: the built binary shows the credential it sent as
 * **** on stderr and in `--json`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';

const TOKEN = 'SECRETTOKENAAAA.BBBBBB.CCCCCCCCCC';

let server: Server;
let base = '';
let home: IsolatedHome;
beforeAll(async () => {
  server = createServer((request, response) => {
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 50035, message: `bad: ${request.headers.authorization ?? ''}`, errors: { token: { _errors: [{ code: 'BAD', message: `echo ${request.headers.authorization ?? ''}` }] } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  home = await isolatedHome({ DISCORD_BOT_TOKEN: TOKEN });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await home.cleanup();
});

describe('a server echoing the Authorization header', () => {
  it.each([[[]], [['--json']]])('gets the token shown as **** %j', async (extra: string[]) => {
    const result = await runCli(['list', '--api', base, ...extra], { env: home.env });
    expect(result.code).not.toBe(0);
    const printed = result.stdout + result.stderr;
    expect(printed).toContain('Bot ****');
    expect(printed).not.toContain('SECRETTOKEN');
    expect(printed).not.toContain('CCCCCCCCCC');
  });
});
