/**
 * `cmd-tui try` from the command line, the built binary against `cmd-tui serve` with an HTTP bot: a
 * subcommand in a group (`try NAME GROUP SUBCOMMAND`, as `try --help` shows it) runs as the client sends it,
 * and `--wait` ends the wait for a bot that deferred and never answered — exit 5, saying what the bot
 * owes, and with --json what it answered so far — instead of holding the run for the token's 15 minutes;
 * `--timeout` is each request's bound, as for every command.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTROL_SECRET_ENV } from '../../source/discord/emulator-control.js';
import { runCli } from '../helpers/cli.js';
import { useServe } from '../helpers/serve.js';
import { signedBot } from '../helpers/signed-bot.js';
import { serveApi } from './helpers/interactions-bot.js';
import { tempFolder } from '../helpers/temp-folder.js';

type Option = { name: string; type: number; options?: Option[] };
type Interaction = { type: number; data: { name: string; options?: Option[] } };

const home = tempFolder('cmd-tui-try-paths-');
const serve = useServe(['--seed', 'empty']);

/** The words of the path the client sent: the command, then its group and subcommand. */
function typedPath(data: Interaction['data']): string {
  const words = [data.name];
  let options = data.options;
  while (options?.[0] && (options[0].type === 1 || options[0].type === 2)) {
    words.push(options[0].name);
    options = options[0].options;
  }
  return words.join(' ');
}

const bot = signedBot<Interaction>(() => serve().verifyKey, (interaction) => {
  if (interaction.data.name === 'stuck') return { type: 5 };
  return { type: 4, data: { content: `Ran /${typedPath(interaction.data)}` } };
});

const COMMANDS = [
  {
    name: 'settings',
    description: 'Settings',
    options: [
      { type: 2, name: 'notifications', description: 'Notifications', options: [{ type: 1, name: 'enable', description: 'Turn them on' }, { type: 1, name: 'disable', description: 'Turn them off' }] },
      { type: 1, name: 'reset', description: 'Start over' },
    ],
  },
  { name: 'stuck', description: 'Defers and never answers' },
];

/** The environment of a user with nothing of theirs set: the variables cmd-tui reads are cleared. */
const cleanEnv = () => Object.fromEntries(Object.keys(process.env).filter((name) => /^(CMD_TUI_|DISCORD_|XDG_)/.test(name)).map((name) => [name, undefined]));
// serve keeps its control secret in a home of its own: given as a serve elsewhere (a container's) is.
const tryCommand = (...args: string[]) => runCli(['try', ...args, '--api', serve().baseUrl], { env: { ...cleanEnv(), CMD_TUI_HOME: home, [CONTROL_SECRET_ENV]: serve().controlSecret } });

beforeAll(async () => {
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
  expect((await serveApi(serve(), 'PUT', `/applications/${serve().applicationId}/commands`, COMMANDS)).status).toBe(200);
  const configured = await serveApi(serve(), 'PATCH', '/applications/@me', { interactions_endpoint_url: `http://127.0.0.1:${(bot.address() as AddressInfo).port}/` });
  expect(configured.status).toBe(200);
}, 30_000);

afterAll(() => {
  bot.close();
});

it('runs a subcommand in its group, and one without a group, as the client sends them', { timeout: 30_000 }, async () => {
  const grouped = await tryCommand('settings', 'notifications', 'enable');
  expect(grouped.stderr).toBe('');
  expect(grouped.stdout).toMatch(/^\/settings notifications enable as @?\S.* in #general\n/);
  expect(grouped.stdout).toContain('Ran /settings notifications enable');
  expect(grouped.code).toBe(0);

  const json = JSON.parse((await tryCommand('settings', 'reset', '--json')).stdout) as { ok: boolean; interaction: Interaction };
  expect(json.ok).toBe(true);
  expect(json.interaction.data).toMatchObject({ name: 'settings', options: [{ name: 'reset', type: 1 }] });
});

it('names what the command does not have, and refuses a fourth word before anything is sent', { timeout: 30_000 }, async () => {
  const unknown = await tryCommand('settings', 'notifications', 'mute');
  expect(unknown.stderr).toContain('mute');
  expect(unknown.code).toBe(1);
  const tooMany = await tryCommand('settings', 'notifications', 'enable', 'now');
  expect(tooMany.stderr).toContain('unexpected argument "now": `cmd-tui try` takes 3 arguments');
  expect(tooMany.code).toBe(2);
});

it('--wait ends the wait for a bot that deferred and never answered: exit 5, saying so, and --json keeps what it answered', { timeout: 30_000 }, async () => {
  const stopped = await tryCommand('stuck', '--wait', '1500');
  expect(stopped.stdout).toContain('thinking…');
  expect(stopped.stderr).toContain('cmd-tui try: stopped waiting after 1.5 s (--wait 1500): Pixel Pal deferred its reply ("thinking…") and has not sent it. Give it longer with --wait');
  expect(stopped.code).toBe(5);

  const json = await tryCommand('stuck', '--wait', '1000', '--json');
  expect(JSON.parse(json.stdout)).toMatchObject({
    ok: false,
    interaction: { type: 2, data: { name: 'stuck' } },
    reply: { revision: expect.any(Number) },
    error: { message: expect.stringContaining('stopped waiting after 1 s (--wait 1000)') },
    exitCode: 5,
  });
  expect(json.code).toBe(5);

  // Under a second, in milliseconds: never "after 0 s".
  const quick = await tryCommand('stuck', '--wait', '1');
  expect(quick.stderr).toContain('stopped waiting after 1 ms (--wait 1)');

  const wrong = await tryCommand('stuck', '--wait', 'soon');
  expect(wrong.stderr).toContain('--wait must be a positive number of milliseconds, not "soon"');
  expect(wrong.code).toBe(2);
});

it('--timeout bounds each request, as for every other command: the run is not cut short by it', { timeout: 30_000 }, async () => {
  const ran = await tryCommand('settings', 'reset', '--timeout', '5000');
  expect([ran.code, ran.stderr]).toEqual([0, '']);
  expect(ran.stdout).toContain('Ran /settings reset');
  const wrong = await tryCommand('stuck', '--timeout', 'soon');
  expect(wrong.stderr).toContain('--timeout must be a positive number of milliseconds, not "soon"');
  expect(wrong.code).toBe(2);
});
