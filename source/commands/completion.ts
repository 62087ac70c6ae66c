/**
 * Shell completion. `cmd-tui completion bash|zsh|fish` prints a script that asks the hidden
 * `cmd-tui __complete WORD…` for candidates: subcommands, their flags (from specs.ts, with what each
 * does), flag values such as profile names and, for `--guild`, the guild ids of the profile in use
 * from the local cache (config/guild-cache.ts) — never a network call while completing.
 */
import { activeProfile } from '../config/profiles.js';
import { resolveApiBase } from '../api/target.js';
import { readSettingsWithProfiles } from '../api/resolve-target.js';
import { cachedGuilds, type CachedGuild } from '../config/guild-cache.js';
import { COMMANDS } from './registry.js';
import { formsOf, SPECS, type CommandSpec, type FlagSpec } from './specs.js';
import { ExitCode, UsageError, type CliIo, type CommandRun } from './types.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

const SCRIPTS: Record<Shell, string> = {
  bash: `# cmd-tui completion for bash. Load it with: source <(cmd-tui completion bash)
_cmd_tui() {
  local cur=\${COMP_WORDS[COMP_CWORD]}
  local IFS=$'\\n'
  local candidates=($(cmd-tui __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null | cut -f1))
  COMPREPLY=($(compgen -W "\${candidates[*]}" -- "$cur"))
}
complete -o default -F _cmd_tui cmd-tui
`,
  zsh: `#compdef cmd-tui
# cmd-tui completion for zsh. Load it with: source <(cmd-tui completion zsh), or save it as _cmd-tui in $fpath.
_cmd_tui() {
  local -a lines candidates
  local line
  lines=("\${(@f)$(cmd-tui __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  for line in $lines; do
    [[ -z $line ]] && continue
    if [[ $line == *$'\\t'* ]]; then
      candidates+=("\${line%%$'\\t'*}:\${\${line#*$'\\t'}//:/\\\\:}")
    else
      candidates+=("$line")
    fi
  done
  if (( \${#candidates} )); then
    _describe 'cmd-tui' candidates
  else
    _files
  fi
}
if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  _cmd_tui "$@"
else
  compdef _cmd_tui cmd-tui
fi
`,
  fish: `# cmd-tui completion for fish. Save it as ~/.config/fish/completions/cmd-tui.fish
function __cmd_tui_complete
    set -l tokens (commandline -opc) (commandline -ct)
    cmd-tui __complete $tokens[2..-1] 2>/dev/null
end
complete -c cmd-tui -a '(__cmd_tui_complete)'
`,
};

export const run: CommandRun = async (args, io) => {
  const [shell, ...rest] = args.filter((arg) => arg !== '--no-color');
  if (rest.length > 0 || !SHELLS.includes(shell as Shell)) throw new UsageError(shell === undefined ? 'name the shell: bash, zsh or fish' : `no completion for "${shell}": bash, zsh or fish`);
  io.stdout.write(SCRIPTS[shell as Shell]);
  return ExitCode.Ok;
};

/** What completion may read: the profiles and the cached guilds of the profile in use. */
export interface CompletionSources {
  profiles(): Promise<string[]>;
  guilds(profile: string | undefined): Promise<CachedGuild[]>;
}

const TUI_FLAGS: Readonly<Record<string, FlagSpec>> = {
  demo: { type: 'boolean', description: 'the embedded demo emulator' },
  api: SPECS.list.flags.api,
  profile: SPECS.list.flags.profile,
  timeout: SPECS.list.flags.timeout,
  debug: { type: 'boolean', description: 'log HTTP requests to a file in the data folder' },
  help: { type: 'boolean', description: 'the commands' },
  version: { type: 'boolean', description: 'the version' },
};

const line = (value: string, description: string) => `${value}\t${description}`;

function flagCandidates(flags: Readonly<Record<string, FlagSpec>>): string[] {
  return Object.entries(flags).map(([name, flag]) => line(`--${name}`, flag.description));
}

/** The candidates for the last word (what is being typed), as `value<TAB>description` lines. */
export async function candidates(words: readonly string[], sources: CompletionSources): Promise<string[]> {
  const current = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const [command, sub] = before;
  if (command === undefined) {
    if (current.startsWith('-')) return flagCandidates(TUI_FLAGS);
    return [...COMMANDS.map((entry) => line(entry.name, entry.summary)), line('help', 'the help of a command')];
  }
  if (command === 'help') return before.length === 1 ? COMMANDS.map((entry) => line(entry.name, entry.summary)) : [];
  const forms = formsOf(command);
  const hasSubcommands = forms.length > 1 || (forms.length === 1 && forms[0]!.name !== command);
  if (hasSubcommands && before.length === 1) return forms.map((form) => line(form.name.slice(command.length + 1), form.summary));
  const spec: CommandSpec | undefined = hasSubcommands ? forms.find((form) => form.name === `${command} ${sub}`) : forms[0];
  if (!spec && command !== undefined && !COMMANDS.some((entry) => entry.name === command)) return flagCandidates(TUI_FLAGS);
  if (!spec) return [];
  const previous = before.at(-1);
  const flag = previous?.startsWith('--') ? spec.flags[previous.slice(2)] : undefined;
  if (flag?.type === 'string') return valueCandidates(flag, words, sources);
  if (current.startsWith('-')) return flagCandidates(spec.flags);
  return [];
}

async function valueCandidates(flag: FlagSpec, words: readonly string[], sources: CompletionSources): Promise<string[]> {
  const { complete } = flag;
  if (complete === undefined || complete === 'files') return [];
  if (complete === 'profiles') return (await sources.profiles()).map((name) => line(name, 'profile'));
  if (complete === 'guilds') {
    const named = words.indexOf('--profile');
    const guilds = await sources.guilds(named >= 0 ? words[named + 1] : undefined);
    return [line('global', 'the global scope'), ...guilds.map((guild) => line(guild.id, guild.name))];
  }
  return complete.map((value) => line(value, flag.description));
}

/** The real sources: the settings' profiles, and the guild cache for the profile's API and application. */
export function localSources(env: NodeJS.ProcessEnv): CompletionSources {
  return {
    profiles: async () => Object.keys((await readSettingsWithProfiles(env)).profiles ?? {}).sort(),
    guilds: async (profileFlag) => {
      const chosen = activeProfile(await readSettingsWithProfiles(env), profileFlag, env);
      const baseUrl = chosen ? resolveApiBase(chosen.profile.apiUrl).baseUrl : undefined;
      return cachedGuilds(env, baseUrl, chosen?.profile.applicationId);
    },
  };
}

/** `cmd-tui __complete WORD…`: one candidate per line; nothing (and exit 0) when anything goes wrong. */
export async function complete(words: readonly string[], io: CliIo): Promise<number> {
  const found = await candidates(words, localSources(io.env)).catch(() => []);
  if (found.length > 0) io.stdout.write(`${found.join('\n')}\n`);
  return ExitCode.Ok;
}
