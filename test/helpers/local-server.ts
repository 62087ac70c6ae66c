/**
 * A test's own HTTP server on 127.0.0.1 (a stand-in for a bot, or for the emulator's routes): listening on
 * a free port, and closed with its connections when the test that made it ends, passed or failed.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/** Listens; resolves with its origin (`http://127.0.0.1:PORT`). */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
