/**
 * The `guild` every tool takes the same way: a guild's id, `global` for the global scope, or nothing for
 * the door's default (the profile's guild, else global); and the ids tools take, in Discord's id form.
 */
import { GLOBAL_SCOPE, guildScope, SNOWFLAKE_DIGITS, type Scope } from '../discord/model.js';
import * as z from './zod.js';

const GUILD_PATTERN = /^(?:global|\d{1,20})$/;

export const optionalScope = z.optional(
  z.string().check(z.regex(GUILD_PATTERN), z.describe("A guild's id (digits), or `global` for the global commands. Left out: the profile's guild, else global.")),
);

/** A Discord id (digits), described for the agent as `what`. */
function snowflakeId(what: string) {
  return z.string().check(z.regex(SNOWFLAKE_DIGITS), z.describe(what));
}

export const guildId = snowflakeId("The guild's id (digits).");

/** An id a tool may be given (a user, a role, a channel). */
export function optionalId(what: string) {
  return z.optional(snowflakeId(what));
}

export function scopeOf(guild: string | undefined, fallback: Scope): Scope {
  if (guild === undefined) return fallback;
  return guild === 'global' ? GLOBAL_SCOPE : guildScope(guild);
}

/** `{kind: 'guild', guildId}` or `{kind: 'global'}`, as every output names its scope. */
export const scopeOutput = z.object({ kind: z.enum(['global', 'guild']), guildId: z.optional(z.string()) });
