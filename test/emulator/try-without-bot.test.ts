/**
 * The emulator playing Discord's client with no bot to deliver to (no interactions endpoint URL, none on
 * the gateway), as under `--demo` or a fresh `serve`: the command's own problems — an unknown command, an
 * option it does not have, a value out of its range — are told first, as the client would refuse to send it;
 * the missing bot only for an interaction the client would send, marked `reason: "no-bot"` for the TUI.
 */
import { expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { callControl } from '../helpers/emulator-control.js';

const emulator = useEmulator({ seed: 'demo' });
const tryCommand = (body: Record<string, unknown>) => callControl(emulator(), 'POST', '/__emulator/interactions', { json: { guildId: emulator().guildIds[0], ...body } });

it('an unknown command is refused as unknown, not for want of a bot', async () => {
  const refused = await tryCommand({ name: 'no-such-command' });
  expect(refused.status).toBe(404);
  expect(refused.body.message).toMatch(/^no slash command \/no-such-command in Pixel Pal HQ/);
});

it("an option the command does not have is the command's problem, not the bot's", async () => {
  const refused = await tryCommand({ name: 'ping', options: { x: '1' } });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe("Discord's client would not send /ping");
  expect(refused.body.problems.join('\n')).toContain('"x"');
  expect(refused.body.reason).toBeUndefined();
});

it('a command the client would send is refused for want of a bot, saying where to connect one, marked no-bot', async () => {
  const refused = await tryCommand({ name: 'ping' });
  expect(refused.status).toBe(409);
  expect(refused.body.reason).toBe('no-bot');
  expect(refused.body.message).toContain('no bot is connected to the gateway: start your gateway bot against this emulator');
  expect(refused.body.message).not.toContain('this serve');
});
