/**
 * The help texts, generated from the command registry and the flag table (specs.ts), in the gh
 * layout: usage, flags with what each does and its default, examples, exit codes, related commands.
 * `cmd-tui --help` is built into the entry file at build time; the rest loads only when asked.
 */
import { VERSION } from '../version.js';
import { COMMANDS } from './registry.js';
import { formsOf, summaryOf, usageLine, type CommandSpec } from './specs.js';
import { EXIT_CODES } from './types.js';

const exitCodes = () => EXIT_CODES.map(([code, meaning]) => `  ${code}  ${meaning}`).join('\n');

/** The terminal UI's usage line. */
export const TUI_USAGE = 'cmd-tui [--demo | --api URL|local] [--profile NAME] [--timeout MS] [--debug] [--no-color]';

const COMMAND_USAGE = 'cmd-tui [--api URL] [--profile NAME] <command> [options]';

/** The command names' column, two spaces past the longest: a wrapped summary continues under its start. */
const NAME_WIDTH = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;

export const HELP = `cmd-tui ${VERSION} — see and fix your Discord app's application commands.

Usage
  ${TUI_USAGE}
    open the terminal UI
  ${COMMAND_USAGE}
    run one command and exit

Commands
${COMMANDS.map((c) => `  ${c.name.padEnd(NAME_WIDTH)}${summaryOf(c.name)}`).join('\n')}

Run \`cmd-tui help <command>\` (or \`cmd-tui <command> --help\`) for its flags, examples and exit codes.

Credentials: DISCORD_BOT_TOKEN, or DISCORD_CLIENT_ID + DISCORD_CLIENT_SECRET
(client credentials), for commands; a browser sign-in (\`cmd-tui auth login\`)
only for permission overwrites. Profiles (\`cmd-tui profile\`) name an API, an
application and a default guild; --profile or CMD_TUI_PROFILE picks one.

Examples
  # the terminal UI on the built-in demo: no Discord account needed
  cmd-tui --demo
  # your bot: store its token (from stdin, never argv), then list its commands
  cmd-tui auth set-bot-token < token.txt
  cmd-tui list
  # keep a guild's live commands in git, see what an edit would change, then apply it
  cmd-tui export --guild 123456789012345678 -o commands.json
  cmd-tui plan commands.json --guild 123456789012345678
  cmd-tui apply commands.json --guild 123456789012345678 --yes

Exit codes
${exitCodes()}
`;

function flagLines(spec: CommandSpec): string[] {
  const rows = Object.entries(spec.flags).map(([name, flag]) => {
    const short = flag.short ? `-${flag.short}, ` : '';
    const value = flag.type === 'string' ? ` ${flag.value ?? 'VALUE'}` : '';
    const repeat = flag.multiple ? ' (repeatable)' : '';
    const fallback = flag.defaultText ? ` (default: ${flag.defaultText})` : '';
    return [`${short}--${name}${value}`, `${flag.description}${repeat}${fallback}`] as const;
  });
  const width = Math.max(0, ...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

function formHelp(spec: CommandSpec): string {
  return [
    `cmd-tui ${spec.name} — ${spec.summary}`,
    '',
    'Usage',
    `  ${usageLine(spec)}`,
    '',
    'Flags',
    ...flagLines(spec),
    '',
    'Examples',
    ...spec.examples.map((example) => `  ${example}`),
    '',
    ...(spec.notes ? ['Notes', ...spec.notes.map((note) => `  ${note}`), ''] : []),
    'Exit codes',
    exitCodes(),
    '',
    'Related',
    `  ${spec.related.map((name) => `cmd-tui ${name}`).join(', ')}`,
    '',
  ].join('\n');
}

/** `cmd-tui help auth` / `auth --help`: the subcommands; `cmd-tui help auth login`: that one in full. */
export function commandHelp(words: readonly string[]): string | undefined {
  const forms = formsOf(words.join(' '));
  if (forms.length === 0) return undefined;
  if (forms.length === 1) return formHelp(forms[0]!);
  return [
    `cmd-tui ${words.join(' ')} — ${summaryOf(words[0]!)}`,
    '',
    'Subcommands',
    ...forms.map((form) => `  ${form.name.padEnd(32)} ${form.summary}`),
    '',
    // Each subcommand's first example: the group's page shows what a run of each looks like.
    'Examples',
    ...forms.flatMap((form) => form.examples.filter((example) => !example.startsWith('#')).slice(0, 1)).map((example) => `  ${example}`),
    '',
    `Run \`cmd-tui help ${words[0]} <subcommand>\` for its flags and examples.`,
    '',
  ].join('\n');
}

/** The usage lines of every form, shown after a usage error. */
export function usageOf(command: string): string {
  return formsOf(command)
    .map((form) => usageLine(form))
    .join('\n       ');
}
