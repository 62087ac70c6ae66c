/**
 * Reaching the emulator's test-only `/__emulator/*` routes from a test, as `cmd-tui try` does: with the
 * run's control secret (RunningEmulator.controlSecret, or `controlSecret` of `serve --json`) in its header.
 */
import { findControlSecret } from '../../source/config/emulator-secrets.js';
import { appPaths } from '../../source/config/paths.js';
import { CONTROL_SECRET_HEADER } from '../../source/discord/emulator-control.js';
import type { RunningEmulator } from '../../source/emulator/server.js';
import { call, type CallOptions, type CallResult } from './emulator.js';

/** What a test knows of an emulator: in this process, or a `cmd-tui serve` it started. */
export interface ControlledEmulator {
  origin: string;
  controlSecret: string;
}

/** The header that opens the test routes. */
export function controlHeaders(emulator: ControlledEmulator): Record<string, string> {
  return { [CONTROL_SECRET_HEADER]: emulator.controlSecret };
}

/** `call()` for a test route (`/__emulator/…`), with the secret. */
export function callControl(emulator: RunningEmulator, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  return call(emulator, method, path, { ...options, headers: { ...options.headers, ...controlHeaders(emulator) } });
}

/** `fetch()` of a test route (`/__emulator/…`), with the secret. */
export function fetchControl(emulator: ControlledEmulator, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${emulator.origin}${path}`, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), ...controlHeaders(emulator) } });
}

/**
 * An emulator a cmd-tui process of the test runs (`--demo`'s, a serve's) at `origin`, with the secret it
 * leaves in the test's CMD_TUI_HOME for cmd-tui try (config/emulator-secrets.ts): the demo writes it while
 * its first frame draws, so this waits for the file (up to `timeoutMs`).
 */
export async function controlIn(home: string, origin: string, timeoutMs = 10_000): Promise<ControlledEmulator> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const secret = await findControlSecret(appPaths({ CMD_TUI_HOME: home }, process.platform).data, origin);
    if (secret !== undefined) return { origin, controlSecret: secret };
    if (Date.now() > deadline) throw new Error(`no control secret for ${origin} under ${home} after ${timeoutMs} ms: the emulator there did not leave one`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
