/**
 * Onboarding tells "could not connect" from "no credentials" (the built TUI with a bot token set and
 * nothing listening at the API), and a refused credential says what fixes it, from where it came.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
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

describe('a refused credential', () => {
  const emulator = useEmulator();

  it('from the environment: onboarding names DISCORD_BOT_TOKEN and says to fix or unset it', { timeout: 60_000 }, async () => {
    const tui = runs.start(['--api', emulator().baseUrl], { columns: 160, rows: 30 }, { DISCORD_BOT_TOKEN: 'emu-bot-fake-refused-token-0123456789' });
    const screen = flat(await tui.waitFor((text) => flat(text).includes('How do you want to start?'), 'onboarding', 45_000));
    expect(screen).toContain('The credentials found were refused');
    expect(screen).toContain('DISCORD_BOT_TOKEN from the environment was refused: fix or unset it');
  });

  it('typed into onboarding: says to copy it again from the Developer Portal', { timeout: 60_000 }, async () => {
    const tui = runs.start(['--api', emulator().baseUrl], { columns: 160, rows: 30 });
    await tui.waitForText('Try the demo', 45_000);
    await tui.key('down');
    await tui.key('enter');
    await tui.waitForText('Bot token:');
    await tui.type('emu-bot-fake-typed-token-0123456789');
    await tui.key('enter');
    const screen = flat(await tui.waitFor((text) => flat(text).includes('50014'), 'the refusal'));
    expect(screen).toContain('Check the bot token: copy it again from the Developer Portal');
  });
});
