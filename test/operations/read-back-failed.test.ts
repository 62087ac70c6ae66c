/** A write Discord confirmed stays a success when the read right after it fails: the outcome says so and how to look. */
import { describe, expect, it } from 'vitest';
import { ConnectionError } from '../../source/api/errors.js';
import { captureScope } from '../../source/backup/capture.js';
import { carryOutPlan } from '../../source/operations/carry-out-plan.js';
import { preparePlan, type PlanIntent } from '../../source/operations/prepare-plan.js';
import { GLOBAL_SCOPE, PermissionType, type Command, type GuildCommandPermissions, type PermissionOverwrite, type Scope } from '../../source/discord/model.js';
import { saveOverwrites } from '../../source/operations/save-overwrites.js';
import { openWorkspace } from '../../source/operations/workspace.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { APP_ID, FakeApi, makeCommand } from '../ui/helpers/fake-api.js';

const home = useIsolatedHome();

const GUILD = '200000000000000001';
const lost = () => new ConnectionError('The connection to Discord was reset', 'GET /permissions', 'Try again.', true);

/** Saves land; every read of one list after the first save fails. */
class ReadBackFails extends FakeApi {
  saves = 0;
  override async setCommandPermissions(guildId: string, commandId: string, overwrites: PermissionOverwrite[]): Promise<GuildCommandPermissions> {
    this.saves++;
    const saved = { id: commandId, guild_id: guildId, application_id: APP_ID, permissions: overwrites };
    this.permissions = [...this.permissions.filter((p) => p.id !== commandId), saved];
    return saved;
  }
  override async getCommandPermissions(guildId: string, commandId: string) {
    if (this.saves > 0) throw lost();
    return super.getCommandPermissions(guildId, commandId);
  }
}

/** Every change lands; a list of the commands after the first change fails. */
class ListAfterWriteFails extends FakeApi {
  override async listCommands(scope: Scope): Promise<Command[]> {
    if (this.calls.some((call) => /^(edit|create|delete) /.test(call))) throw lost();
    return super.listCommands(scope);
  }
}

/** Through the plan engine, as every door carries a plan out. */
async function carriedOut(api: FakeApi, intent: PlanIntent) {
  const workspace = openWorkspace(api, home.environment.paths());
  const preparation = await preparePlan(workspace, intent);
  if (!preparation.ok) throw new Error(JSON.stringify(preparation.problems));
  return carryOutPlan(workspace, preparation.prepared);
}

describe('a failed read-back after a confirmed write', () => {
  it('a saved overwrite list is reported saved, with a note naming the command that shows it', async () => {
    const command = makeCommand({ name: 'ban' });
    const api = new ReadBackFails([command]);
    const next = [{ id: '300000000000000001', type: PermissionType.Role, permission: true }];
    const request = { guildId: GUILD, entry: { id: command.id, label: '/ban' }, base: [], next, directory: { guildId: GUILD, roles: [], channels: [] } };
    const outcome = await saveOverwrites(openWorkspace(api, home.environment.paths()), request);
    expect(api.saves).toBe(1);
    expect(outcome.saved.permissions).toEqual(next);
    expect(outcome.now).toEqual(next);
    expect(outcome.undone).toEqual([]);
    expect(outcome.readBackFailed).toBe(
      `Saved the overwrites of /ban, but reading the result back right after failed (The connection to Discord was reset); run \`cmd-tui perms list --guild ${GUILD} --command ${command.id}\` to see it as it is now.`,
    );
  });

  it('an apply whose changes all landed returns them, with a note naming the command that lists the scope', async () => {
    const ping = makeCommand({ name: 'ping', description: 'Pong' });
    const api = new ListAfterWriteFails([ping]);
    const outcome = await carriedOut(api, { kind: 'apply', scope: GLOBAL_SCOPE, commands: [{ name: 'ping', description: 'Pong!' }], skippedFiles: 0, adapt: false, prune: false, reason: 'test', journal: { command: 'apply test.json', rerunnable: true } });
    expect(outcome.steps).toHaveLength(1);
    expect(outcome.backup).toMatch(/\.json$/);
    expect(outcome.readBackFailed).toBe('Made the change, but reading the result back right after failed (The connection to Discord was reset); run `cmd-tui list` to see it as it is now.');
    expect(api.commands.get('global')![0]!.description).toBe('Pong!');
  });

  it('a restore whose commands landed says so, and that running it again finishes the overwrites', async () => {
    const ping = makeCommand({ name: 'ping', description: 'Pong' });
    const api = new ListAfterWriteFails([ping]);
    const backup = await captureScope(api, GLOBAL_SCOPE, 'test');
    api.commands.set('global', [{ ...ping, description: 'Changed' }]);
    const outcome = await carriedOut(api, { kind: 'restore', backup, path: 'b.json' });
    expect(outcome.steps).toHaveLength(1);
    expect(api.commands.get('global')![0]!.description).toBe('Pong');
    expect(outcome.readBackFailed).toBe(
      "Made the change, but reading the result back right after failed (The connection to Discord was reset); run `cmd-tui list` to see it as it is now. The overwrites were not restored yet: run `cmd-tui restore b.json` again to finish.",
    );
  });
});
