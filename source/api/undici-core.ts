/**
 * undici's Agent, loaded without the rest of the package: undici's index also loads fetch, WebSocket,
 * EventSource, the HTTP cache and the mocks (1.4 MB of bundle, ~50 ms at every start of the TUI), none
 * of which the transport uses (it dispatches on the Agent itself). This file is undici's own but not its
 * public API. package.json takes undici 8's minor releases (^) so fixes keep coming, and the guards fail
 * loudly when the private path moves: the build cannot resolve this import, scripts/build.mjs refuses an
 * HTTP/1 client it no longer recognises, and test/api/undici-core.test.ts checks that it is still
 * exactly what `undici` exports.
 */
import Agent from 'undici/lib/dispatcher/agent.js';

export { Agent };
