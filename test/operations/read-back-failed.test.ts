/** A write Discord confirmed stays a success when the read right after it fails: the outcome says so and how to look. */
import { describe, expect, it } from 'vitest';
import { ConnectionError } from '../../source/api/errors.js';
import { captureScope } from '../../source/backup/capture.js';
import { executePlan } from '../../source/backup/execute-plan.js';
import { carryOutRestore, previewRestore } from '../../source/backup/restore.js';
import type { Plan } from '../../source/discord/plan.js';
import { factsOf } from '../../source/discord/app-facts.js';
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

describe('a failed read-back after a confirmed write', () => {
  it('a saved overwrite list is reported saved, with a note naming the command that shows it', async () => {
    const command = makeCommand({ name: 'ban' });
    const api = new ReadBackFails([command]);
    const next = [{ id: '300000000000000001', type: PermissionType.Role, permission: true }];
    const request = { guildId: GUILD, entry: { id: command.id, label: '/ban' }, base: [], next, directory: { guildId: GUILD, roles: [], channels: [] } };
    const outcome = await saveOverwrites(openWorkspace(api, home.env), request);
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
    const plan: Plan = { create: [], update: [{ id: ping.id, name: 'ping', type: 1, changes: [], patch: { description: 'Pong!' } }], delete: [], unchanged: [], createsUsed: 0 };
    const outcome = await executePlan(api, GLOBAL_SCOPE, plan, { prune: false, reason: 'test', env: home.env });
    expect(outcome.steps).toHaveLength(1);
    expect(outcome.backup?.path).toMatch(/\.json$/);
    expect(outcome.readBackFailed).toBe('Made the change, but reading the result back right after failed (The connection to Discord was reset); run `cmd-tui list` to see it as it is now.');
    expect(api.commands.get('global')![0]!.description).toBe('Pong!');
  });

  it('a restore whose commands landed says so, and that running it again finishes the overwrites', async () => {
    const ping = makeCommand({ name: 'ping', description: 'Pong' });
    const api = new ListAfterWriteFails([ping]);
    const backup = await captureScope(api, GLOBAL_SCOPE, 'test');
    api.commands.set('global', [{ ...ping, description: 'Changed' }]);
    const preview = await previewRestore(api, backup, { ...factsOf(await api.getApplication(), APP_ID), scope: 'global' });
    const outcome = await carryOutRestore(api, preview, home.env, "restore 'b.json'");
    expect(outcome.execution.steps).toHaveLength(1);
    expect(api.commands.get('global')![0]!.description).toBe('Pong');
    expect(outcome.readBackFailed).toBe(
      "Made the change, but reading the result back right after failed (The connection to Discord was reset); run `cmd-tui list` to see it as it is now. The overwrites were not restored yet: run `cmd-tui restore 'b.json'` again to finish.",
    );
  });
});
