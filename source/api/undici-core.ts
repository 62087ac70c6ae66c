/**
 * undici's Agent and request(), loaded without the rest of the package: undici's index also loads
 * fetch, WebSocket, EventSource, the HTTP cache and the mocks (1.4 MB of bundle, ~50 ms at every
 * start of the TUI), none of which the transport uses. These two files are undici's own but not its
 * public API. package.json takes undici 8's minor releases (^) so fixes keep coming, and the guards fail
 * loudly when a private path moves: the build cannot resolve these imports, scripts/build.mjs refuses an
 * HTTP/1 client it no longer recognises, and test/api/undici-core.test.ts checks that they are still
 * exactly what `undici` exports.
 */
import type { Dispatcher } from 'undici';
import Agent from 'undici/lib/dispatcher/agent.js';
import dispatcherRequest from 'undici/lib/api/api-request.js';

export { Agent };

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'>;

/** `undici.request(url, { dispatcher, ... })`, as undici's index builds it. */
export function request(dispatcher: Dispatcher, url: string, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const { origin, pathname, search } = new URL(url);
  return dispatcherRequest.call(dispatcher, { ...options, origin, path: `${pathname}${search}` });
}
