/** A restore plan names the overwrite lists it puts back by their command wherever a list knows the name. */
import { expect, it } from 'vitest';
import { captureScope } from '../../source/backup/capture.js';
import { prepareRestore } from '../../source/operations/prepare-plan.js';
import { openWorkspace } from '../../source/operations/workspace.js';
import { GLOBAL_SCOPE, guildScope, PermissionType } from '../../source/discord/model.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { APP_ID, FakeApi, makeCommand } from '../ui/helpers/fake-api.js';

const home = useIsolatedHome();

it("names a guild's list of a global command from the global commands, read for it, not by its id", async () => {
  const ban = makeCommand({ name: 'ban' });
  const api = new FakeApi([ban]);
  const guildId = api.guilds[0]!.id;
  const scope = guildScope(guildId);
  api.commands.set(`guild:${guildId}`, []);
  api.permissions = [{ id: ban.id, application_id: APP_ID, guild_id: guildId, permissions: [{ id: guildId, type: PermissionType.Role, permission: false }] }];
  const backup = await captureScope(api, scope, 'test');
  api.permissions = [];
  const restoreOverwrites = async (known?: Awaited<ReturnType<typeof api.listCommands>>) => {
    return (await prepareRestore(openWorkspace(api, home.environment.paths()), { kind: 'restore', backup, path: 'b.json', ...(known ? { known } : {}) })).restore!.overwrites;
  };
  expect((await restoreOverwrites()).map((item) => item.target)).toEqual(['/ban']);
  // Given the live list, nothing more is read for names.
  const live = await api.listCommands(GLOBAL_SCOPE);
  const reads = api.calls.length;
  expect((await restoreOverwrites(live)).map((item) => item.target)).toEqual(['/ban']);
  expect(api.calls.slice(reads)).not.toContain('list global');
});
