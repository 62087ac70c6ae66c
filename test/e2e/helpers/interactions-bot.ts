/**
 * The example bot (examples/interactions-bot.mjs, written with the unmodified `discord-interactions`
 * package) as a real process on 127.0.0.1, and its endpoint configured on a `cmd-tui serve` as on
 * Discord: PATCH /applications/@me, which the emulator accepts only after the bot passes the PING checks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ServeDetails } from '../../helpers/serve.js';

const BOT_PATH = fileURLToPath(new URL('../../../examples/interactions-bot.mjs', import.meta.url));

/** The bot, listening on a free port; resolves once it printed where. */
export function startInteractionsBot(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BOT_PATH], { env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, url: /(http:\S+)/.exec(line)![1]! }));
    child.once('exit', (code) => reject(new Error(`the bot exited with ${code}`)));
  });
}

/** The bot started for `serve`, `commands` made its global commands, and its URL set as the app's interactions endpoint. */
export async function connectInteractionsBot(serve: ServeDetails, commands: readonly object[]): Promise<ChildProcess> {
  const started = await startInteractionsBot({ PUBLIC_KEY: serve.verifyKey, DISCORD_API: serve.baseUrl });
  expect((await serveApi(serve, 'PUT', `/applications/${serve.applicationId}/commands`, commands)).status).toBe(200);
  expect((await serveApi(serve, 'PATCH', '/applications/@me', { interactions_endpoint_url: started.url })).status).toBe(200);
  return started.child;
}

/** For a file's tests: the bot connected to `serve` with `commands` before them (connectInteractionsBot), stopped after them. */
export function useInteractionsBot(serve: () => ServeDetails, commands: readonly object[]): void {
  let bot: ChildProcess | undefined;
  beforeAll(async () => {
    bot = await connectInteractionsBot(serve(), commands);
  }, 30_000);
  afterAll(() => {
    bot?.kill();
  });
}

/** A request to serve's API with its bot token. */
export async function serveApi(serve: ServeDetails, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${serve.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bot ${serve.botToken}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The example bot's /later as the client shows it: "thinking…", then the edited reply, then the follow-up, in that order. */
export function expectDeferredReply(shown: string): void {
  const thinking = shown.indexOf('is thinking…');
  const reply = shown.indexOf('Done thinking.');
  const followUp = shown.indexOf('And one more thing.');
  expect(thinking).toBeGreaterThan(0);
  expect(reply).toBeGreaterThan(thinking);
  expect(followUp).toBeGreaterThan(reply);
  expect(shown).toContain('· follow-up 1');
}
