/**
 * `cmd-tui try` reads what `--api` answers as untrusted: an answer larger than the emulator ever sends is
 * not read into memory, and one of another shape is refused with a message, never a crash.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { LIVE_DISCORD_REFUSAL } from '../../source/operations/try-command.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';

let server: Server | undefined;
let home: IsolatedHome | undefined;
afterEach(async () => {
  server?.close();
  await home?.cleanup();
});

/** A look-alike of the emulator that starts the interaction, then answers its state with `state`. */
async function lookAlike(state: (response: import('node:http').ServerResponse) => void): Promise<string> {
  server = createServer((request, response) => {
    if (request.method === 'POST') {
      response.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ id: '1', botName: 'Bot', user: '@ada', channel: '#general', interaction: {} }));
    } else state(response);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`;
}

it('refuses a state of another shape (followups not a list) with a message, exit 5', async () => {
  home = await isolatedHome();
  const api = await lookAlike((response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"revision":1,"acknowledged":4,"followups":null}'));
  const result = await runCli(['try', 'ping', '--api', api], { env: home.env });
  expect(result.code, result.stderr).toBe(5);
  expect(result.stderr).toContain("not an interaction's state");
  expect(result.stderr).not.toContain('unexpected failure');
});

it('stops reading an answer over 1 MiB and says so, exit 5', async () => {
  home = await isolatedHome();
  const api = await lookAlike((response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    const more = () => {
      while (sent < 64 && response.write(chunk)) sent++;
      if (sent < 64) response.once('drain', more);
      else response.end();
    };
    more();
  });
  const result = await runCli(['try', 'ping', '--api', api], { env: home.env });
  expect(result.code, result.stderr).toBe(5);
  expect(result.stderr).toContain('over 1 MiB');
});

it('a server that answers the try route with an error but no message is named as not the emulator, with what to do', async () => {
  home = await isolatedHome();
  server = createServer((_request, response) => response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>'));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const result = await runCli(['try', 'ping', '--api', `${origin}/api/v10`], { env: home.env });
  expect(result.stderr).not.toContain('undefined');
  expect(result.stderr).toContain(`HTTP 500 from ${origin}: not a cmd-tui serve emulator: pass --api with the URL \`cmd-tui serve\` printed`);
  expect(result.code).toBe(1);
});

it("a file's bytes go only to an emulator: a server that is not one gets no upload, and is named as not one", async () => {
  home = await isolatedHome();
  const paths: string[] = [];
  server = createServer((request, response) => {
    paths.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"message": "404: Not Found", "code": 0}');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const file = join(home.home, 'proof.png');
  await writeFile(file, 'not really a png');
  const result = await runCli(['try', 'report', '--file', `proof=${file}`, '--api', `${origin}/api/v10`], { env: home.env });
  expect(result.stderr).toContain(`${origin} is not a cmd-tui serve emulator`);
  expect(result.stderr).toContain('no file was sent to it');
  expect(paths.filter((path) => path.startsWith('POST'))).toEqual([]);
});

it.each(['https://discord.com/api/v9', 'https://discord.com/api', 'https://canary.discord.com/api/v10'])('--api %s is live Discord: refused before anything is sent, offering serve --copy-commands', async (api) => {
  home = await isolatedHome();
  const result = await runCli(['try', 'ping', '--api', api], { env: home.env });
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(LIVE_DISCORD_REFUSAL);
  expect(result.stderr).toContain('cmd-tui serve --copy-commands');
});
