/**
 * Argument parsing for the scriptable commands: node's parseArgs in strict mode, with every
 * mistake turned into a UsageError (exit 2 with usage), and the flags all API commands share.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './types.js';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export function parseFlags<const Options extends OptionSpec>(args: string[], options: Options, positionals: { min: number; max: number; names: string }) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const count = parsed.positionals.length;
  if (count < positionals.min) throw new UsageError(`missing ${positionals.names}`);
  if (count > positionals.max) throw new UsageError(`unexpected argument "${parsed.positionals[positionals.max]}"`);
  return parsed;
}

/** What an id flag names, for its message: `--guild must be a guild id (digits only), not "abc"`. */
export type IdKind = 'guild' | 'application' | 'user' | 'channel' | 'role';

/**
 * The one parser of id flags (`--guild`, `--app`, `--client-id`, `--user`, `--channel`, perms targets):
 * a Discord id is a snowflake, digits only, so a typo fails here rather than as a 404 later.
 * `orGlobal`: `global` is taken too (where a profile's guild, or a scope, could apply).
 */
export function idFlag(flag: string, value: string | undefined, kind: IdKind, options: { orGlobal?: boolean } = {}): string | undefined {
  if (value === undefined || (options.orGlobal && value === 'global')) return value;
  if (!/^\d{1,20}$/.test(value)) {
    const article = kind === 'application' ? 'an' : 'a';
    throw new UsageError(`${flag} must be ${options.orGlobal ? '"global" or ' : ''}${article} ${kind} id (digits only), not "${value}"`);
  }
  return value;
}

export function guildFlag(value: string | undefined): string | undefined {
  return idFlag('--guild', value, 'guild');
}

export function timeoutFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new UsageError(`--timeout must be a positive number of milliseconds, not "${value}"`);
  return ms;
}
