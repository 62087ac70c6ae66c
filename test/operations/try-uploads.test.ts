/**
 * The client's uploads before a command (operations/try-command.ts startTry): files larger together than
 * the emulator holds at once are refused before any is uploaded, instead of the emulator dropping the
 * command's first files to make room for its last.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { ATTACHMENT_SIZE_LIMIT, EMULATOR_UPLOADS_LIMIT } from '../../source/discord/attachments.js';
import { startTry } from '../../source/operations/try-command.js';

const requests: string[] = [];
const server = createServer((request, response) => {
  requests.push(`${request.method} ${request.url}`);
  request.resume();
  response.writeHead(404).end();
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("a command's files larger together than the emulator holds are refused before anything is sent", async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bytes = new Uint8Array(ATTACHMENT_SIZE_LIMIT);
  const count = EMULATOR_UPLOADS_LIMIT / ATTACHMENT_SIZE_LIMIT + 1;
  const attachments = Object.fromEntries(Array.from({ length: count }, (_, index) => [`file${index}`, { filename: `f${index}.bin`, content_type: 'application/octet-stream', bytes }]));
  const started = await startTry({ origin }, { name: 'upload', path: [], options: {}, attachments });
  expect(started).toEqual({
    ok: false,
    message: 'the files are 110.0 MiB together, more than the 100.0 MiB the emulator holds at once (it would drop the first before the command is sent): attach fewer or smaller files',
    problems: [],
  });
  expect(requests).toEqual([]);
});
