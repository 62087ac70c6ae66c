/**
 * The fullest global scope Discord allows — 100 slash, 15 USER and 15 MESSAGE commands, 130 in all —
 * grown from the realistic 100-command fixture, and a way to load it into a running emulator.
 */
import type { CommandDraft } from '../source/discord/model.js';
import type { RunningEmulator } from '../source/emulator/server.js';
import { realisticCommandSet } from '../test/fixtures/commands.js';

export const FULL_SCOPE_SIZE = 130;

/** Matches a list row of one of these commands (their slash names are `<category>-<n>`). */
export const FULL_SCOPE_ROW = /\b(?:mod|music|fun|util|admin|game|stats|config)-\d+\b/;

export function fullGlobalScope(): CommandDraft[] {
  const realistic = realisticCommandSet();
  const ofType = (type: number) => realistic.filter((command) => command.type === type);
  const more = (type: number, count: number, rename: (name: string) => string) =>
    ofType(type).slice(0, count).map((command) => ({ ...structuredClone(command), name: rename(command.name), name_localizations: undefined }));
  const scope = [
    ...ofType(1),
    ...more(1, 20, (name) => `${name}-more`),
    ...ofType(2),
    ...more(2, 5, (name) => `${name} more`),
    ...ofType(3),
    ...more(3, 5, (name) => `${name} more`),
  ];
  if (scope.length !== FULL_SCOPE_SIZE) throw new Error(`full scope has ${scope.length} commands`);
  return scope;
}

/** Replaces the emulator's global commands with `commands` (one bulk overwrite, as `apply` would). */
export async function putGlobalCommands(emulator: RunningEmulator, commands: CommandDraft[]): Promise<void> {
  const response = await fetch(`${emulator.baseUrl}/applications/${emulator.applicationId}/commands`, {
    method: 'PUT',
    headers: { authorization: `Bot ${emulator.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(commands),
  });
  if (!response.ok) throw new Error(`bulk overwrite refused: ${response.status} ${await response.text()}`);
}
