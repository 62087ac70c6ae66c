/** Saving a command from the editor refuses, sending nothing, when another writer changed it since it was opened. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GLOBAL_SCOPE, type CommandDraft } from '../../source/discord/model.js';
import { CommandChangedError, saveCommand } from '../../source/operations/save-command.js';
import { openWorkspace } from '../../source/operations/workspace.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { FakeApi, makeCommand } from '../ui/helpers/fake-api.js';

const home = useIsolatedHome();

describe('saveCommand', () => {
  it('an edit of a command changed elsewhere since it was opened is refused before the PATCH', async () => {
    const opened = makeCommand({ name: 'ping', description: 'Pong' });
    const api = new FakeApi([{ ...opened, description: 'Changed by a teammate', version: '999' }]);
    const draft = { name: 'ping', description: 'Pong!', type: 1 } as CommandDraft;
    const refused = await saveCommand(openWorkspace(api, home.environment.paths()), { scope: GLOBAL_SCOPE, draft, original: opened }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CommandChangedError);
    expect((refused as Error).message).toBe('ping changed on Discord since the editor opened it (another writer?); nothing was sent, so that change is not undone.');
    expect(api.calls.some((call) => call.startsWith('edit'))).toBe(false);
    expect(api.commands.get('global')![0]!.description).toBe('Changed by a teammate');
  });

  it('an unchanged command is saved after its backup, which the outcome names', async () => {
    const opened = makeCommand({ name: 'ping', description: 'Pong' });
    const api = new FakeApi([opened]);
    const saved = await saveCommand(openWorkspace(api, home.environment.paths()), { scope: GLOBAL_SCOPE, draft: { name: 'ping', description: 'Pong!', type: 1 } as CommandDraft, original: opened });
    expect(saved.command.description).toBe('Pong!');
    expect(saved.backup).toMatch(/\.json$/);
  });

  it('a create that overwrites a command of the same name (POST upserts) is backed up first, the overwritten command in the backup', async () => {
    const existing = makeCommand({ name: 'ping', description: 'The one a teammate made' });
    const api = new FakeApi([existing]);
    const saved = await saveCommand(openWorkspace(api, home.environment.paths()), { scope: GLOBAL_SCOPE, draft: { name: 'ping', description: 'Mine', type: 1 } as CommandDraft });
    expect(saved.overwroteExisting).toBe(true);
    const backup = JSON.parse(await readFile(saved.backup, 'utf8')) as { commands: { description: string }[] };
    expect(backup.commands.map((command) => command.description)).toEqual(['The one a teammate made']);
  });
});
