/**
 * The plan engine every door calls (operations/prepare-plan.ts, carry-out-plan.ts), on a fake API with a
 * real temporary home (ledger, lock, backups): the refusals are decided there with their overrides and held
 * again when carrying out; the request runner's signal goes through (cancelled before the first change,
 * nothing leaves; stopped part-way, the outcome names what left and what did not); a stale plan is refused;
 * a 30034 met by any create is what the next plan's budget says.
 */
import { describe, expect, it } from 'vitest';
import { DiscordApiError } from '../../source/api/errors.js';
import { captureScope } from '../../source/backup/capture.js';
import { GLOBAL_SCOPE, guildScope, type CommandDraft, type Scope } from '../../source/discord/model.js';
import { carryOutPlan, PlanRefusedError } from '../../source/operations/carry-out-plan.js';
import { preparePlan, type PlanIntent, type PreparedPlan } from '../../source/operations/prepare-plan.js';
import { saveCommand } from '../../source/operations/save-command.js';
import { ApplyInterruptedError, ScopeChangedError } from '../../source/operations/send-plan.js';
import { openWorkspace } from '../../source/operations/workspace.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { FakeApi, GUILD_ID, makeCommand } from '../ui/helpers/fake-api.js';

const home = useIsolatedHome();

const guild = guildScope(GUILD_ID);
const slash = (prefix: string, count: number, scope: Scope = GLOBAL_SCOPE) => Array.from({ length: count }, (_, index) => makeCommand({ name: `${prefix}${index}`, description: `Command ${index}` }, scope));
const applyIntent = (commands: unknown[], prune = false, scope: Scope = GLOBAL_SCOPE): PlanIntent => ({ kind: 'apply', scope, commands, skippedFiles: 0, adapt: false, prune, reason: 'test', journal: { command: 'apply test.json', rerunnable: true } });

async function prepared(api: FakeApi, intent: PlanIntent): Promise<PreparedPlan> {
  const preparation = await preparePlan(openWorkspace(api, home.environment.paths()), intent);
  if (!preparation.ok) throw new Error(JSON.stringify(preparation.problems));
  return preparation.prepared;
}

const writes = (api: FakeApi) => api.calls.filter((call) => /^(create|edit|delete|permissions-set) /.test(call));

describe('refusals', () => {
  it('a copy into a guild at 95 slash commands is refused at the cap, in words that fit a copy, and carrying it out sends nothing', async () => {
    const api = new FakeApi(slash('g', 30), slash('local', 95, guild));
    const plan = await prepared(api, { kind: 'copy', request: { from: GLOBAL_SCOPE, to: guild, names: [], prune: false } });
    expect(plan.refusals).toEqual([{ rule: 'type-cap', message: 'The scope would hold 125 CHAT_INPUT commands; the cap is 100. Copy fewer commands, or delete some from the target first.' }]);
    const refused = await carryOutPlan(openWorkspace(api, home.environment.paths()), plan, { overrides: ['delete-many', 'accept-skipped'] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PlanRefusedError);
    expect(writes(api)).toEqual([]);
  });

  it('a restore that deletes 9 of 10 needs the delete-many override; with it, the nine go', async () => {
    const kept = makeCommand({ name: 'kept', description: 'Stays' }, guild);
    const api = new FakeApi([], [kept]);
    const backup = { ...(await captureScope(api, guild, 'test')), createdAt: '2026-01-01T00:00:00.000Z' };
    api.commands.set(`guild:${GUILD_ID}`, [kept, ...slash('extra', 9, guild)]);
    const plan = await prepared(api, { kind: 'restore', backup, path: '/b/one.json' });
    expect(plan.refusals).toEqual([{ rule: 'mass-delete', message: "The plan deletes 9 of the scope's 10 commands (more than half).", override: 'delete-many' }]);
    expect(plan.journal).toEqual({ command: 'restore /b/one.json', rerunnable: true });
    const workspace = openWorkspace(api, home.environment.paths());
    await expect(carryOutPlan(workspace, plan)).rejects.toThrow("Refused; nothing was sent: The plan deletes 9 of the scope's 10 commands (more than half).");
    expect(writes(api)).toEqual([]);
    const done = await carryOutPlan(workspace, plan, { overrides: ['delete-many'] });
    expect(done.steps.map((step) => step.kind)).toEqual(Array(9).fill('delete'));
    expect(api.commands.get(`guild:${GUILD_ID}`)!.map((command) => command.name)).toEqual(['kept']);
  });

  it('a folder with skipped files whose plan deletes is refused unless the list is accepted', async () => {
    const api = new FakeApi([makeCommand({ name: 'old' }), makeCommand({ name: 'ping' })]);
    const plan = await prepared(api, { ...applyIntent([{ name: 'ping', description: 'Pong' }], true), skippedFiles: 2 } as PlanIntent);
    expect(plan.refusals.map((refusal) => [refusal.rule, refusal.override])).toEqual([['skipped-files', 'accept-skipped']]);
    expect(plan.refusals[0]!.message).toBe('2 files were skipped (listed above) and --prune deletes the commands the files read do not hold: move the skipped files out of the folder, unless the list is meant.');
  });
});

describe('carrying out with the runner signal', () => {
  const changePing = async () => {
    const ping = makeCommand({ name: 'ping', description: 'Pong' });
    const api = new FakeApi([ping]);
    return { api, plan: await prepared(api, applyIntent([{ name: 'ping', description: 'Pong!' }])) };
  };

  it('tells the runner when the first change leaves', async () => {
    const { api, plan } = await changePing();
    let sent = 0;
    const outcome = await carryOutPlan(openWorkspace(api, home.environment.paths()), plan, { signal: new AbortController().signal, sent: () => sent++ });
    expect(outcome.steps).toHaveLength(1);
    expect(outcome.backup).toMatch(/\.json$/);
    expect(sent).toBeGreaterThan(0);
  });

  it('cancelled before the first change: nothing is sent and the runner is never told it was', async () => {
    const { api, plan } = await changePing();
    const controller = new AbortController();
    controller.abort();
    let sent = 0;
    const stopped = await carryOutPlan(openWorkspace(api, home.environment.paths()), plan, { signal: controller.signal, sent: () => sent++ }).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(Error);
    expect(writes(api)).toEqual([]);
    expect(sent).toBe(0);
  });

  it('stopped part-way: says what left and lists what was not sent, with the backup', async () => {
    const api = new FakeApi([]);
    const plan = await prepared(api, applyIntent([{ name: 'a', description: 'A' }, { name: 'b', description: 'B' }, { name: 'c', description: 'C' }]));
    const controller = new AbortController();
    const stopped = await carryOutPlan(openWorkspace(api, home.environment.paths()), plan, { signal: controller.signal, onStep: () => controller.abort() }).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ApplyInterruptedError);
    const interrupted = stopped as ApplyInterruptedError;
    expect(interrupted.message).toBe('Stopped after 1 of 3 changes: Cancelled; the next request was not sent.');
    expect(interrupted.notSent).toEqual(['+ /b', '+ /c']);
    expect(interrupted.hint).toContain('Not sent: + /b, + /c. The scope as it was before is saved in ');
    expect(writes(api)).toHaveLength(1);
  });

  it('a plan a person approved is never swapped: another writer made it stale, nothing is sent', async () => {
    const { api, plan } = await changePing();
    api.commands.set('global', [{ ...api.commands.get('global')![0]!, description: 'Changed by a teammate' }]);
    const refused = await carryOutPlan(openWorkspace(api, home.environment.paths()), plan).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ScopeChangedError);
    expect(writes(api)).toEqual([]);
  });

  it('an unattended run plans again under the lock and tells the new plan', async () => {
    const { api, plan } = await changePing();
    api.commands.set('global', [{ ...api.commands.get('global')![0]!, description: 'Pong!' }]);
    let told: PreparedPlan | undefined;
    const outcome = await carryOutPlan(openWorkspace(api, home.environment.paths()), plan, { replanIfChanged: true, onReplan: (again) => (told = again) });
    expect(told?.changes).toBe(false);
    expect(outcome.backup).toBeNull();
    expect(writes(api)).toEqual([]);
  });
});

describe('the day\'s creates', () => {
  it('a 30034 met by a single create (the TUI\'s editor) leaves no creates in the next plan, which is refused', async () => {
    const api = new FakeApi([]);
    const workspace = openWorkspace(api, home.environment.paths());
    api.createCommand = async () => {
      throw new DiscordApiError(400, 30034, 'Max number of daily application command creates has been reached (200)', 'POST', '/applications/1/commands');
    };
    await expect(saveCommand(workspace, { scope: GLOBAL_SCOPE, draft: { name: 'one', description: '1', type: 1 } as CommandDraft })).rejects.toThrow(DiscordApiError);
    expect((await workspace.createBudget(GLOBAL_SCOPE)).remaining).toBe(0);
    const plan = await prepared(api, applyIntent([{ name: 'two', description: '2' }]));
    expect(plan.budget.remaining).toBe(0);
    expect(plan.refusals.map((refusal) => refusal.rule)).toEqual(['daily-creates']);
  });
});
