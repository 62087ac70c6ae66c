/**
 * The `guild` every tool takes the same way: a guild's id, `global` for the global scope, or nothing for
 * the door's default (the profile's guild, else global).
 */
import { GLOBAL_SCOPE, guildScope, type Scope } from '../discord/model.js';
import * as z from './zod.js';

const GUILD_PATTERN = /^(?:global|\d{1,20})$/;

export const optionalScope = z.optional(
  z.string().check(z.regex(GUILD_PATTERN), z.describe("A guild's id (digits), or `global` for the global commands. Left out: the profile's guild, else global.")),
);

export const guildId = z.string().check(z.regex(/^\d{1,20}$/), z.describe("The guild's id (digits)."));

export function scopeOf(guild: string | undefined, fallback: Scope): Scope {
  if (guild === undefined) return fallback;
  return guild === 'global' ? GLOBAL_SCOPE : guildScope(guild);
}

/** `{kind: 'guild', guildId}` or `{kind: 'global'}`, as every output names its scope. */
export const scopeOutput = z.object({ kind: z.enum(['global', 'guild']), guildId: z.optional(z.string()) });
