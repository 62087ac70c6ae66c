/** Onboarding tells "could not connect" from "no credentials": the built TUI with a bot token set and nothing listening at the API. */
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { useTuiRuns } from './helpers/tui-run.js';

const runs = useTuiRuns();
const flat = (screen: string) => screen.replace(/\s+/g, ' ');

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

it('with DISCORD_BOT_TOKEN set and the API down, it says it could not connect', { timeout: 60_000 }, async () => {
  const tui = runs.start(['--api', `http://127.0.0.1:${await closedPort()}/api/v10`], { columns: 120, rows: 30 }, { DISCORD_BOT_TOKEN: 'fake-bot-token-for-tests' });
  const screen = flat(await tui.waitFor((text) => flat(text).includes('How do you want to start?'), 'onboarding', 45_000));
  expect(screen).toContain('Could not connect to the API');
  expect(screen).not.toContain('No credentials found');
});
