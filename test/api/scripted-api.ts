/**
 * cmd-tui's DiscordApi pointed at a scripted server (scripted-server.ts), with a fake clock whose sleeps
 * return at once and a fixed jitter, so tests see every wait without waiting.
 */
import { createDiscordApi, type DiscordApiOptions } from '../../source/api/client.js';
import { InvalidRequestGuard } from '../../source/api/invalid-request-guard.js';
import { fakeClock } from './fake-clock.js';
import { startScriptedServer, type Script } from './scripted-server.js';

export const SCRIPTED_APP_ID = '100000000000000001';

export async function scriptedApi(script: Script, options: Partial<DiscordApiOptions> = {}) {
  const server = await startScriptedServer(script);
  const clock = fakeClock();
  const api = await createDiscordApi({
    baseUrl: server.baseUrl,
    credentials: { botToken: 'bot-secret' },
    applicationId: SCRIPTED_APP_ID,
    clock,
    random: () => 0.5,
    invalidRequestGuard: new InvalidRequestGuard(clock),
    ...options,
  });
  return { server, api, clock };
}
