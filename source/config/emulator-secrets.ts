/**
 * Where a running `cmd-tui serve` leaves its control secret (the key to its test-only `/__emulator/*`
 * routes) for `cmd-tui try` and the TUI of the same user on this machine, as Jupyter leaves its server's
 * token: `emulators/PORT.json` in the data folder, readable by its owner only, removed when serve stops.
 * A file left by a serve that died (its process is gone) is not used. A web page cannot read files, so
 * the secret stays out of its reach.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ControlDoor, EmulatorControl } from '../discord/emulator-control.js';
import { isLoopbackName, parseHostHeader } from '../discord/host-header.js';
import { parseStrictObject } from '../discord/strict-json.js';
import { writeFileAtomic } from './atomic-write.js';
import type { Environment } from './environment.js';
import { processAlive } from './process-alive.js';
import { readOwnTextFile } from './read-text-file.js';

const fileFor = (dataDir: string, port: string) => join(dataDir, 'emulators', `${port}.json`);

/**
 * The port of an emulator reached at `origin` on this machine (a loopback address: one listening on every
 * address is reached there too); undefined for any other origin, which is never sent a secret found here.
 */
const localPort = (origin: string) => {
  const url = URL.parse(origin);
  const host = url ? parseHostHeader(url.host) : undefined;
  return url?.protocol === 'http:' && host?.port !== undefined && isLoopbackName(host.name) ? String(host.port) : undefined;
};

/** Leaves the secret of the emulator at `origin` (its own address, whatever it listens on) for this user's other cmd-tui runs; resolves to its removal. */
export async function publishControlSecret(dataDir: string, origin: string, secret: string): Promise<() => Promise<void>> {
  const path = fileFor(dataDir, new URL(origin).port);
  await writeFileAtomic(path, `${JSON.stringify({ origin, secret, pid: process.pid })}\n`, { mode: 0o600, folderMode: 0o700 });
  return () => rm(path, { force: true });
}

/** The secret a serve of this user left for the emulator at `origin`'s port, if that serve still runs. */
export async function findControlSecret(dataDir: string, origin: string): Promise<string | undefined> {
  const port = localPort(origin);
  if (port === undefined) return undefined;
  const text = await readOwnTextFile(fileFor(dataDir, port)).catch(() => undefined);
  const left = text === undefined ? undefined : parseStrictObject(text);
  if (!left || typeof left.secret !== 'string' || !processAlive(left.pid)) return undefined;
  return left.secret;
}

/**
 * The emulator at `origin` with its control secret as `door` finds it, and where: CMD_TUI_EMULATOR_SECRET when
 * set (a serve elsewhere, a container's), else the one a serve of this user left here, else none (the door
 * then says how to give it: controlSecretRefused).
 */
export async function emulatorControlFor(origin: string, environment: Pick<Environment, 'paths' | 'emulatorSecret'>, door: ControlDoor): Promise<EmulatorControl> {
  if (environment.emulatorSecret !== undefined) return { origin, door, secret: environment.emulatorSecret, secretFrom: 'environment' };
  const secret = await findControlSecret(environment.paths().data, origin);
  return secret ? { origin, door, secret, secretFrom: 'file' } : { origin, door };
}
