/** Reads the emulator's request log, so tests can count what a command actually sent. */
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import type { RunningEmulator } from '../../source/emulator/server.js';
import { call } from '../helpers/emulator.js';

export async function requestLog(emulator: RunningEmulator): Promise<LoggedRequest[]> {
  return (await call(emulator, 'GET', '/__emulator/requests')).body as LoggedRequest[];
}

export function mutating(requests: readonly LoggedRequest[]): LoggedRequest[] {
  return requests.filter((request) => request.method !== 'GET' && request.path.includes('/applications/'));
}

export async function resetEmulator(emulator: RunningEmulator): Promise<void> {
  await call(emulator, 'POST', '/__emulator/reset');
}
