/** A restore plan names the overwrite lists it puts back by their command wherever a list knows the name. */
import { expect, it } from 'vitest';
import { captureScope } from '../../source/backup/capture.js';
import { previewRestore } from '../../source/backup/restore.js';
import { factsOf } from '../../source/discord/app-facts.js';
import { GLOBAL_SCOPE, guildScope, PermissionType } from '../../source/discord/model.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { APP_ID, FakeApi, makeCommand } from '../ui/helpers/fake-api.js';

useIsolatedHome();

it("names a guild's list of a global command from the global commands, read for it, not by its id", async () => {
  const ban = makeCommand({ name: 'ban' });
  const api = new FakeApi([ban]);
  const guildId = api.guilds[0]!.id;
  const scope = guildScope(guildId);
  api.commands.set(`guild:${guildId}`, []);
  api.permissions = [{ id: ban.id, application_id: APP_ID, guild_id: guildId, permissions: [{ id: guildId, type: PermissionType.Role, permission: false }] }];
  const backup = await captureScope(api, scope, 'test');
  api.permissions = [];
  const app = { ...factsOf(await api.getApplication(), APP_ID), scope: 'guild' as const };
  const preview = await previewRestore(api, backup, app);
  expect(preview.overwrites.map((item) => item.target)).toEqual(['/ban']);
  // Given the live list, nothing more is read for names.
  const live = await api.listCommands(GLOBAL_SCOPE);
  const reads = api.calls.length;
  const named = await previewRestore(api, backup, app, live);
  expect(named.overwrites.map((item) => item.target)).toEqual(['/ban']);
  expect(api.calls.slice(reads)).not.toContain('list global');
});
