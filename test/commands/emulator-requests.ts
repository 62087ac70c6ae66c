/** Reads the emulator's request log, so tests can count what a command actually sent; resets it between tests. */
import { afterEach, beforeEach } from 'vitest';
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import type { RunningEmulator } from '../../source/emulator/server.js';
import { isolatedHome, type IsolatedHome } from '../helpers/credentials.js';
import { callControl } from '../helpers/emulator-control.js';

export async function requestLog(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  return (await callControl(emulator, 'GET', '/__emulator/requests')).body as LoggedRequest[];
}

export function mutating(requests: readonly LoggedRequest[]): LoggedRequest[] {
  return requests.filter((request) => request.method !== 'GET' && request.path.includes('/applications/'));
}

export async function resetEmulator(emulator: RunningEmulator): Promise<void> {
  await callControl(emulator, 'POST', '/__emulator/reset');
}

/** Each test starts on the emulator as seeded, with a home of its own (removed after it): the home now. */
export function useFreshEmulatorAndHome(emulator: () => RunningEmulator): () => IsolatedHome {
  let home: IsolatedHome | undefined;
  beforeEach(async () => {
    await resetEmulator(emulator());
    home = await isolatedHome();
  });
  afterEach(async () => {
    await home?.cleanup();
    home = undefined;
  });
  return () => {
    if (!home) throw new Error('no home outside a test');
    return home;
  };
}

