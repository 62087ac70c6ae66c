/**
 * Deciding whether a POST or PATCH that failed in flight (reset, timeout, 5xx) took effect: Discord
 * may have applied it before the connection dropped, so instead of blindly repeating it the client
 * reads the current state and compares it with what it sent.
 */
import type { Command, CommandDraft } from '../discord/model.js';

/** True when every field the draft sets has the same value on the server (server-added defaults ignored). */
export function appliedOnServer(draft: Partial<CommandDraft>, command: Command): boolean {
  return Object.entries(draft).every(([key, value]) => key === 'id' || value === undefined || sameValue(value, (command as Record<string, unknown>)[key]));
}

function sameValue(sent: unknown, stored: unknown): boolean {
  if (sent === null || typeof sent !== 'object') return sent === stored || (sent === null && stored === undefined);
  if (Array.isArray(sent)) {
    return Array.isArray(stored) && stored.length === sent.length && sent.every((item, index) => sameValue(item, stored[index]));
  }
  if (stored === null || typeof stored !== 'object') return false;
  return Object.entries(sent as Record<string, unknown>).every(
    ([key, value]) => value === undefined || sameValue(value, (stored as Record<string, unknown>)[key]),
  );
}

/** POST upserts by name and type within a scope (service-interface "States and transitions"). */
export function findUpsertTarget(draft: CommandDraft, commands: Command[]): Command | undefined {
  const type = draft.type ?? 1;
  return commands.find((command) => command.name === draft.name && command.type === type);
}
