/**
 * The candidates behind shell completion (`cmd-tui __complete WORD…`, called by the scripts of
 * completion.ts): subcommands, their flags (from specs.ts, with what each does), flag values such as
 * profile names and, for `--guild`, the guild ids of the profile in use from the local cache
 * (config/guild-cache.ts) — never a network call while completing. Files are offered only where a
 * file is meant (FILES_MARKER tells the script so); anywhere else no candidate means none.
 */
import { readSettingsWithProfiles } from '../connect/resolve-target.js';
import { resolveApiBase } from '../api/target.js';
import type { Environment } from '../config/environment.js';
import { cachedGuilds, type CachedGuild } from '../config/guild-cache.js';
import { activeProfile } from '../config/profiles.js';
import { COMMANDS } from './registry.js';
import { formsOf, summaryOf, TUI_FLAGS, type CommandSpec, type FlagSpec } from './specs.js';
import { ExitCode, type CliIo } from './types.js';

/** What completion may read: the profiles and the cached guilds of the profile in use. */
export interface CompletionSources {
  profiles(): Promise<string[]>;
  guilds(profile: string | undefined): Promise<CachedGuild[]>;
}

/** The one candidate that asks the shell for file names: a FILE argument, or a flag whose value is a file. */
export const FILES_MARKER = ':files';

const line = (value: string, description: string) => `${value}\t${description}`;

function flagCandidates(flags: Readonly<Record<string, FlagSpec>>): string[] {
  return Object.entries(flags).map(([name, flag]) => line(`--${name}`, flag.description));
}

/** The candidates for the last word (what is being typed), as `value<TAB>description` lines. */
export async function candidates(words: readonly string[], sources: CompletionSources): Promise<string[]> {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const [command, sub] = before;
  if (command === undefined || command.startsWith('-')) {
    // The TUI's flags, which also go before a command (`cmd-tui --profile dev list`).
    const previous = before.at(-1);
    const flag = previous?.startsWith('--') ? (TUI_FLAGS as Readonly<Record<string, FlagSpec>>)[previous.slice(2)] : undefined;
    if (flag?.type === 'string') return valueCandidates(flag, words, sources);
    if (current.startsWith('-')) return flagCandidates(TUI_FLAGS);
    return [...COMMANDS.map((entry) => line(entry.name, summaryOf(entry.name))), line('help', 'the help of a command')];
  }
  if (command === 'help') return before.length === 1 ? COMMANDS.map((entry) => line(entry.name, summaryOf(entry.name))) : [];
  const forms = formsOf(command);
  const hasSubcommands = forms.length > 1 || (forms.length === 1 && forms[0]!.name !== command);
  if (hasSubcommands && before.length === 1) return forms.map((form) => line(form.name.slice(command.length + 1), form.summary));
  const spec: CommandSpec | undefined = hasSubcommands ? forms.find((form) => form.name === `${command} ${sub}`) : forms[0];
  if (!spec) return [];
  const previous = before.at(-1) ?? '';
  const flag = previous.startsWith('--') ? spec.flags[previous.slice(2)] : Object.values(spec.flags).find((candidate) => previous === `-${candidate.short}`);
  if (flag?.type === 'string') return valueCandidates(flag, words, sources);
  if (current.startsWith('-')) return flagCandidates(spec.flags);
  return positionalCandidates(spec);
}

/** `completion bash|zsh|fish|powershell` offers the shells; a FILE or BACKUP, files; anything else nothing. */
function positionalCandidates(spec: CommandSpec): string[] {
  const { positionals } = spec;
  if (positionals === undefined) return [];
  if (/^[a-z]+(\|[a-z]+)+$/.test(positionals)) return positionals.split('|').map((value) => line(value, spec.summary));
  return /FILE|BACKUP/.test(positionals) ? [FILES_MARKER] : [];
}

async function valueCandidates(flag: FlagSpec, words: readonly string[], sources: CompletionSources): Promise<string[]> {
  const { complete } = flag;
  if (complete === 'files') return [FILES_MARKER];
  if (complete === undefined) return [];
  if (complete === 'profiles') return (await sources.profiles()).map((name) => line(name, 'profile'));
  if (complete === 'guilds' || complete === 'guild-ids') {
    const named = words.indexOf('--profile');
    const guilds = await sources.guilds(named >= 0 ? words[named + 1] : undefined);
    return [...(complete === 'guilds' ? [line('global', 'the global scope')] : []), ...guilds.map((guild) => line(guild.id, guild.name))];
  }
  return complete.map((value) => line(value, flag.description));
}

/** The real sources: the settings' profiles, and the guild cache for the profile's API and application. */
export function localSources(environment: Pick<Environment, 'paths' | 'profile'>): CompletionSources {
  return {
    profiles: async () => Object.keys((await readSettingsWithProfiles(environment.paths())).profiles ?? {}).sort(),
    guilds: async (profileFlag) => {
      const chosen = activeProfile(await readSettingsWithProfiles(environment.paths()), profileFlag, environment.profile);
      const baseUrl = chosen ? resolveApiBase(chosen.profile.apiUrl).baseUrl : undefined;
      return cachedGuilds(environment.paths(), baseUrl, chosen?.profile.applicationId);
    },
  };
}

/**
 * The words a script gave: `--words=N` first (the PowerShell script's) says N words follow, and an
 * empty last one that Windows PowerShell 5.1 dropped on the way (the word being started) comes back.
 */
export function givenWords(args: readonly string[]): string[] {
  const count = /^--words=(\d+)$/.exec(args[0] ?? '')?.[1];
  if (count === undefined) return [...args];
  const words = args.slice(1);
  return [...words, ...Array.from({ length: Math.max(0, Number(count) - words.length) }, () => '')];
}

/** `cmd-tui __complete WORD…`: one candidate per line; nothing (and exit 0) when anything goes wrong. */
export async function complete(args: readonly string[], io: CliIo): Promise<number> {
  const found = await candidates(givenWords(args), localSources(io.environment)).catch(() => []);
  if (found.length > 0) io.stdout.write(`${found.join('\n')}\n`);
  return ExitCode.Ok;
}
