/**
 * The TUI's bulk writes keep every refusal the CLI makes (issue 37), end to end: the built binary in tmux
 * against the emulator over real HTTP, each beside the CLI's answer to the same state, in the same home.
 * A copy into a guild at 95 slash commands sends nothing and says the cap; a restore that would delete 9 of
 * 10 sends nothing on a plain confirm; a 30034 met by the TUI's create is what `cmd-tui plan` counts after.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import { type Action } from '../../source/ui/input/key-bindings.js';
import { toBodyForm } from '../../source/discord/normalize.js';
import { runCli } from '../helpers/cli.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { callControl } from '../helpers/emulator-control.js';
import { useTuiRuns } from './helpers/tui-run.js';

const emulator = useEmulator({ seed: 'demo' });
const runs = useTuiRuns();

/** The screen's text on one line, to read a wrapped message whole. */
const flat = (screen: string) => screen.replace(/[\s│]+/g, ' ');
const slash = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => ({ name: `${prefix}-${index}`, description: `Command ${index}`, type: 1 }));

/** The TUI on the emulator with the bot token, and the CLI run in the same home. */
function start() {
  const { baseUrl, botToken } = emulator();
  const tui = runs.start(['--api', baseUrl], { columns: 140, rows: 40 }, { DISCORD_BOT_TOKEN: botToken });
  const env = { CMD_TUI_HOME: runs.home(), CMD_TUI_PROFILE: '', CMD_TUI_SECRET_STORE: '', DISCORD_BOT_TOKEN: botToken, DISCORD_CLIENT_ID: '', DISCORD_CLIENT_SECRET: '' };
  const cli = (args: string[]) => runCli([...args, '--api', baseUrl], { env, cwd: runs.home() });
  const press = (action: Action) => tui.press(action);
  return { tui, cli, press };
}

const writesSince = async (count: number) => ((await callControl(emulator(), 'GET', '/__emulator/requests')).body as LoggedRequest[]).slice(count).filter((request) => request.method !== 'GET');
const logLength = async () => ((await callControl(emulator(), 'GET', '/__emulator/requests')).body as LoggedRequest[]).length;
const commandsPath = (guildId?: string) => `/applications/${emulator().applicationId}${guildId ? `/guilds/${guildId}` : ''}/commands`;
const setCommands = async (commands: unknown[], guildId?: string) => {
  const answer = await call(emulator(), 'PUT', commandsPath(guildId), { auth: botAuth(emulator()), json: commands });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};
const commandNames = async (guildId?: string) => ((await call(emulator(), 'GET', commandsPath(guildId), { auth: botAuth(emulator()) })).body as { name: string }[]).map((command) => command.name);

it('copy into a guild at 95 slash commands: the CLI refuses at the cap, and the TUI shows the same refusal and sends nothing', { timeout: 120_000 }, async () => {
  const guild = emulator().guildIds[1]!;
  await setCommands(slash('local', 95), guild);
  const { tui, cli, press } = start();

  const refused = await cli(['copy', '--from', 'global', '--to', guild, '--yes']);
  expect(refused.code, refused.stderr).toBe(1);
  const capLine = /The scope would hold (\d+) CHAT_INPUT commands; the cap is 100\. Copy fewer commands, or delete some from the target first\./.exec(refused.stderr);
  expect(capLine, refused.stderr).not.toBeNull();
  expect(refused.stderr).toContain('Refused; nothing was sent:');

  await tui.waitFor((screen) => /^slash\s/m.test(screen), 'the command list');
  const before = await logLength();
  await press('copyScope');
  await tui.waitForText('Copy every command of Global to…');
  await tui.type(guild);
  await tui.waitFor((screen) => screen.includes(guild), 'the typed guild among the choices');
  await tui.key('enter');
  const review = flat(await tui.waitForText('Refused; nothing can be sent:'));
  // The same words as the CLI's, from the one plan engine.
  expect(review).toContain(capLine![0]);
  await tui.key('tab');
  await tui.key('enter');
  await tui.waitFor((screen) => !screen.includes('Refused; nothing can be sent:'), 'the dialog to close');
  expect(await writesSince(before)).toEqual([]);
  expect(await commandNames(guild)).toHaveLength(95);
});

it('a restore that would delete 9 of 10: the CLI refuses without --delete-many, and the TUI sends nothing on a plain confirm', { timeout: 120_000 }, async () => {
  const guild = emulator().guildIds[2]!;
  await setCommands([{ name: 'kept', description: 'Stays', type: 1 }], guild);
  const { tui, cli, press } = start();
  // An apply adds nine: the backup it takes first holds the one command.
  const file = join(runs.home(), 'ten.json');
  await writeFile(file, JSON.stringify([{ name: 'kept', description: 'Stays', type: 1 }, ...slash('extra', 9)]));
  const applied = await cli(['apply', file, '--guild', guild, '--yes', '--json']);
  expect(applied.code, applied.stderr).toBe(0);
  const { backup } = JSON.parse(applied.stdout) as { backup: string };
  expect(await commandNames(guild)).toHaveLength(10);

  const refused = await cli(['restore', backup, '--yes']);
  expect(refused.code, refused.stderr).toBe(1);
  expect(refused.stderr).toContain("Refused; nothing was sent:\n  The plan deletes 9 of the scope's 10 commands (more than half). Pass --delete-many if that is what you want.");

  await tui.waitFor((screen) => /^slash\s/m.test(screen), 'the command list');
  await press('openBackups');
  await tui.waitFor((screen) => /▸ \S+ \S+ .*\sapply \//.test(screen), "the apply's backup, newest first");
  const before = await logLength();
  await press('restorePlan');
  const review = flat(await tui.waitForText('Held back until you confirm it by typing'));
  expect(review).toContain("The plan deletes 9 of the scope's 10 commands (more than half).");
  expect(review).toContain('- delete /extra-0');
  // A plain confirm: the typed question, not the restore.
  await tui.key('tab');
  await tui.key('enter');
  await tui.waitForText('Type delete 9 and press enter to restore anyway; esc cancels.');
  await tui.key('enter');
  await tui.waitForText('That is not it: type “delete 9” exactly');
  await tui.key('esc');
  await tui.waitFor((screen) => !screen.includes('Type delete 9'), 'the question to close');
  expect(await writesSince(before)).toEqual([]);
  expect(await commandNames(guild)).toHaveLength(10);
});

it("after the TUI's create meets 30034, `cmd-tui plan` of a new command says 0 creates left", { timeout: 120_000 }, async () => {
  // The day's 200 global creates spent elsewhere (another tool: the local ledger never saw them), then the scope as it was.
  const global = ((await call(emulator(), 'GET', `${commandsPath()}?with_localizations=true`, { auth: botAuth(emulator()) })).body as unknown[]).map(toBodyForm);
  for (let spent = 0, round = 0; spent < 200; round += 1) {
    const count = Math.min(60, 200 - spent);
    await setCommands([...global, ...slash(`spent${round}`, count)]);
    spent += count;
  }
  await setCommands(global);
  const { tui, cli, press } = start();
  const file = join(runs.home(), 'new.json');
  await writeFile(file, JSON.stringify([{ name: 'brand-new', description: 'New' }]));
  const before = await cli(['plan', file]);
  expect(before.code, before.stderr).toBe(0);
  expect(before.stdout).toContain('Daily creates: uses 1, 200 of 200 left today');

  await tui.waitFor((screen) => /^slash\s/m.test(screen), 'the command list');
  await press('new');
  await tui.waitForText('New command in Global');
  await tui.type('e2e-spent');
  await press('nextField');
  await tui.type('Made after the day ran out');
  await tui.waitForText('no problems');
  await press('save');
  await press('toggleButton');
  await press('confirm');
  await tui.waitFor((screen) => flat(screen).includes('30034'), 'the 30034 answer');
  await tui.waitForText('creates today 200/200');

  // plan says the refusal apply meets, in the same words, and exits 1 as apply does.
  const refusal = "The plan creates 1 command but only 0 of today's 200 creates are left for this scope.";
  const after = await cli(['plan', file]);
  expect(after.code, after.stderr).toBe(1);
  expect(after.stdout).toContain('Daily creates: uses 1, 0 of 200 left today');
  expect(after.stdout).toContain(refusal);
  const apply = await cli(['apply', file, '--yes']);
  expect(apply.code).toBe(1);
  expect(apply.stderr).toContain(refusal);
});
