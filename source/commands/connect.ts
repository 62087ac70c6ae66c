/**
 * "Resolve the target, load the credentials, create the client" for every scriptable command
 * (list, audit, export, plan, apply, restore and perms): `--api`, `--app`, `--timeout` and the
 * credentials from the store or DISCORD_BOT_TOKEN / DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET.
 * Also what a command needs to know about the app to judge its commands (discord/app-facts.ts).
 */
import { connectDiscordApi } from '../connect/connect.js';
import type { DiscordApi } from '../api/contract.js';
import { resolveTarget, type ProfileInUse } from '../connect/resolve-target.js';
import { GLOBAL_SCOPE, guildScope, type Scope } from '../discord/model.js';
import { guildFlag, idFlag, timeoutFlag } from './flags.js';
import { learnGuildNames } from './guild-names.js';
import { UsageError, type CliIo } from './types.js';

export interface ConnectFlags {
  api?: string;
  app?: string;
  timeout?: string;
  profile?: string;
  /** `--debug`: the HTTP log on stderr. */
  debug?: boolean;
  'max-rps'?: string;
}

export async function connect(flags: ConnectFlags, io: CliIo): Promise<DiscordApi> {
  return (await connectWithProfile(flags, io)).api;
}

/**
 * The API and the scope a command works on: `--guild ID`, or `--guild global`, else the profile's
 * guild (a dev profile deploys to its test guild), else the global scope.
 */
export async function connectToScope(flags: ConnectFlags & { guild?: string }, io: CliIo): Promise<{ api: DiscordApi; scope: Scope }> {
  const guild = idFlag('--guild', flags.guild, 'guild', { orGlobal: true });
  const chosen = guild === 'global' ? GLOBAL_SCOPE : guild === undefined ? undefined : guildScope(guild);
  const { api, profile } = await connectWithProfile(flags, io);
  const scope = chosen ?? scopeOf(profile?.guildId);
  await learnGuildNames(api, io.environment.paths(), scope);
  return { api, scope };
}

/**
 * The guild whose overwrites `perms` works on: `--guild ID`, else the profile's guild (there is no global
 * scope to fall back on). Read before connecting, so that what needs the guild (a target such as
 * `everyone`) is checked first.
 */
export async function overwritesGuild(flags: ConnectFlags & { guild?: string }, io: CliIo): Promise<string> {
  const guild = guildFlag(flags.guild);
  if (guild !== undefined) return guild;
  const { profile } = await resolveTarget(flags, io.environment);
  if (profile?.guildId !== undefined) return profile.guildId;
  const missing = profile ? `the profile "${profile.name}" has no default guild` : 'no profile is in use';
  throw new UsageError(`--guild is required: overwrites live in one guild, and ${missing}. Pass --guild ID, or use a profile made with one (\`cmd-tui profile add NAME --guild ID …\`; \`cmd-tui profile show\` says a profile's)`);
}

async function connectWithProfile(flags: ConnectFlags, io: CliIo): Promise<{ api: DiscordApi; profile?: ProfileInUse }> {
  const { environment } = io;
  const appFlag = flags.app;
  idFlag('--app', appFlag, 'application');
  // Like `cmd-tui auth`: `--api`, else the profile's, else the settings file's apiUrl, else live Discord.
  const { target, profile } = await resolveTarget(flags, environment);
  if (target.baseUrl === undefined) {
    throw new UsageError('--api local starts a throw-away emulator; scriptable commands need one that keeps its state: run `cmd-tui serve` and pass its URL');
  }
  const { api } = await connectDiscordApi({
    baseUrl: target.baseUrl,
    environment,
    applicationId: appFlag,
    timeoutMs: timeoutFlag(flags.timeout),
    notice: (message) => io.stderr.write(`cmd-tui: ${message}\n`),
    ...(flags.debug ? { debug: debugLog(io) } : {}),
    ...(flags['max-rps'] !== undefined ? { maxRequestsPerSecond: rateFlag('--max-rps', flags['max-rps']) } : {}),
    ...(profile ? { profile } : {}),
  });
  return profile ? { api, profile } : { api };
}

/** A requests-per-second flag: a whole number from 1 to 100,000. */
export function rateFlag(flag: string, value: string): number {
  const rate = Number(value);
  if (!Number.isInteger(rate) || rate < 1 || rate > 100_000) throw new UsageError(`${flag} must be a whole number of requests per second from 1 to 100000, not "${value}"`);
  return rate;
}

/** `--debug`: each request, response and wait on stderr (the transport masks tokens). */
export function debugLog(io: CliIo): (line: string) => void {
  return (line) => io.stderr.write(`debug: ${line}\n`);
}

export function scopeOf(guildId: string | undefined): Scope {
  return guildId === undefined ? GLOBAL_SCOPE : guildScope(guildId);
}
