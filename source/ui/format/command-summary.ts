/**
 * Short, pure descriptions of a command for the list columns, the header counts and the detail
 * screen: type names, contexts, integration types, default permissions by name.
 */
import { COMMAND_TYPE_NAMES, CommandType, LIMITS, type Command, type Scope } from '../../discord/model.js';
import { scopeDefaults } from '../../discord/normalize.js';
import { memberPermissionsText } from '../../discord/permission-flags.js';

export const TYPE_SHORT: Record<number, string> = { 1: 'slash', 2: 'user', 3: 'message', 4: 'entry' };
const CONTEXT_SHORT: Record<number, string> = { 0: 'guild', 1: 'bot-dm', 2: 'private' };
const CONTEXT_NAMES: Record<number, string> = { 0: 'GUILD', 1: 'BOT_DM', 2: 'PRIVATE_CHANNEL' };
const INTEGRATION_NAMES: Record<number, string> = { 0: 'GUILD_INSTALL', 1: 'USER_INSTALL' };

export function typeName(type: number): string {
  return COMMAND_TYPE_NAMES[type] ?? `type ${type}`;
}

/** `—` everyone (null), `admins only` ("0"), otherwise the permission names. */
export function permissionsSummary(bits: string | null | undefined): string {
  return memberPermissionsText(bits, '—');
}

/**
 * The contexts a command can be used in. A global command sent without them holds null, which Discord
 * applies as its default (scopeDefaults: GUILD and BOT_DM), so that is what is shown, marked as the default;
 * a guild command has none (`—`).
 */
export function contextsSummary(command: Pick<Command, 'contexts' | 'guild_id'>, short = true): string {
  const named = (contexts: readonly number[]) => contexts.map((c) => (short ? CONTEXT_SHORT : CONTEXT_NAMES)[c] ?? String(c)).join(short ? ',' : ', ');
  if (command.contexts && command.contexts.length > 0) return named(command.contexts);
  if (command.guild_id) return '—';
  return `${named(scopeDefaults('global').contexts)} (default)`;
}

export function integrationTypesSummary(types: number[] | null | undefined): string {
  if (!types || types.length === 0) return '—';
  return types.map((t) => INTEGRATION_NAMES[t] ?? String(t)).join(', ');
}

/** `slash 12/100 · user 2/15 · message 0/15 · entry 1/1` (no entry point in a guild). */
export function capsSummary(commands: readonly Command[], scope: Scope): string {
  const types = [CommandType.ChatInput, CommandType.User, CommandType.Message, CommandType.PrimaryEntryPoint];
  return types
    .filter((type) => scope.kind === 'global' || type !== CommandType.PrimaryEntryPoint)
    .map((type) => `${TYPE_SHORT[type]} ${commands.filter((c) => c.type === type).length}/${LIMITS.perScope[type]}`)
    .join(' · ');
}
