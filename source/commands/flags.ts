/**
 * Argument parsing for the scriptable commands and the TUI: node's parseArgs, with every mistake
 * turned into a UsageError in our words (exit 2 with usage) — an unknown flag or subcommand gets a
 * "Did you mean …?", and an argument that may be a secret is named by position, never printed — and
 * the flags all API commands share.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { sanitizeLine } from '../terminal/sanitize.js';
import { looksLikeSecret, secretsIn } from '../terminal/secret-shape.js';
import { formsOf, TUI_FLAGS, type CommandSpec } from './specs.js';
import { didYouMean } from './suggest.js';
import { UsageError } from './types.js';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export function parseFlags<const Options extends OptionSpec>(args: string[], options: Options, positionals: { min: number; max: number; names: string }) {
  refuseMistakes(args, options, { max: positionals.max });
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length < positionals.min) throw new UsageError(`missing ${positionals.names}`);
  return parsed;
}

/**
 * The secrets the arguments may hold (a whole argument, the value after `=` of `--flag=value`, or a
 * token-shaped part such as the token in `user:TOKEN`), for main.ts to keep out of everything the process prints.
 */
export function secretArguments(args: readonly string[]): string[] {
  return args.flatMap(secretsInArgument);
}

/** The token-shaped parts of an argument, or of the value of its `--flag=value`. */
function secretsInArgument(arg: string): string[] {
  return secretsIn(argumentValue(arg));
}

function argumentValue(arg: string): string {
  return arg.includes('=') && arg.startsWith('--') ? arg.slice(arg.indexOf('=') + 1) : arg;
}

const SECRET_ADVICE =
  'A token or secret must not be given on the command line: it stays in shell history. Pipe it in (`cmd-tui auth set-bot-token < token.txt`) or type it at the prompt';

/** The command a word belongs to and what it takes, for naming a word that is not shown. */
interface WordsOf {
  /** `perms set`; none for the TUI's own flags. */
  command?: string;
  options?: OptionSpec;
  listsAfterFlags?: boolean;
}

/**
 * How a word that may be a secret is named instead of shown: as the value of its flag (`the value of
 * --allow`), else by its place among the words after the command it was given to (`argument 1 after
 * \`cmd-tui auth set-bot-token\``), so the user can find the word whichever form the command has.
 */
function hiddenWord(words: readonly string[], index: number, of: WordsOf): string {
  const flag = flagOf(words, index, of);
  const place = flag ? `the value of ${flag}` : `argument ${index + 1}${of.command ? ` after \`cmd-tui ${of.command}\`` : ''}`;
  return `${place} (not shown: it may be a secret)`;
}

/** The flag whose value `words[index]` is: `--allow=…`, or after `--allow` (and, where lists follow flags, after its earlier values). */
function flagOf(words: readonly string[], index: number, of: WordsOf): string | undefined {
  const word = words[index]!;
  if (word.startsWith('-')) return word.startsWith('--') && word.includes('=') ? word.slice(0, word.indexOf('=')) : undefined;
  for (let at = index - 1; at >= 0; at--) {
    const before = words[at]!;
    if (before.startsWith('-')) {
      const name = before.replace(/^-+/, '');
      const option = of.options?.[name] ?? Object.values(of.options ?? {}).find((spec) => spec.short === name);
      return option?.type === 'string' && !before.includes('=') && (at === index - 1 || of.listsAfterFlags) ? before : undefined;
    }
    if (!of.listsAfterFlags) return undefined;
  }
  return undefined;
}

/**
 * A word the user gave, after the noun it is (`unknown command "lst"`): quoted, or — a word that may be a
 * secret — named by its place after a colon (`unknown command: argument 1 (not shown: it may be a secret)`),
 * never a placeholder inside quotes. `hidden`: every word of the command may be a secret (auth's).
 */
export function namedAfter(noun: string, words: readonly string[], index: number, options: { command?: string; hidden?: boolean } = {}): string {
  const word = words[index]!;
  if (options.hidden !== true && secretsInArgument(word).length === 0) return `${noun} "${sanitizeLine(word)}"`;
  return `${noun}: ${hiddenWord(words, index, options.command ? { command: options.command } : {})}`;
}

/** How a refused argument is named: quoted when harmless, as hiddenWord when it may be a secret. */
function shown(words: readonly string[], index: number, secret: boolean, of: WordsOf): string {
  const value = words[index]!;
  return secret || secretsInArgument(value).length > 0 ? hiddenWord(words, index, of) : `argument "${sanitizeLine(value)}"`;
}

/**
 * What parseArgs would refuse in its own words (advice about `--` that does not apply), refused in
 * ours: an unknown flag (with the nearest known ones), a flag without its value or with one it does
 * not take, more positionals than `max`. `secretPositionals`: every positional may be a secret (auth).
 */
function refuseMistakes(args: readonly string[], options: OptionSpec, rules: { max: number; secretPositionals?: boolean; command?: string; summary?: string; listsAfterFlags?: boolean }): void {
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const known = Object.entries(options).flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]);
  const of: WordsOf = { options, ...(rules.command ? { command: rules.command } : {}), ...(rules.listsAfterFlags ? { listsAfterFlags: true } : {}) };
  let positionals = 0;
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positionals++;
      if (positionals > rules.max) {
        const secret = rules.secretPositionals === true || secretsInArgument(token.value).length > 0;
        const refused = shown(args, token.index, secret, of);
        const takes = rules.max === 0 ? 'takes no arguments' : `takes ${rules.max} argument${rules.max === 1 ? '' : 's'}`;
        throw new UsageError(`unexpected ${refused}: ${rules.command ? `\`cmd-tui ${rules.command}\`` : 'this command'} ${takes}${secret ? `. ${SECRET_ADVICE}` : ''}`);
      }
      continue;
    }
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    if (!option) {
      const flag = token.rawName;
      // A flag most commands take (and that may come before any): say why this one does not, rather than "unknown".
      if (rules.command && rules.summary && GLOBAL_FLAGS.includes(token.name)) throw new UsageError(`\`cmd-tui ${rules.command}\` takes no ${flag}. Its job: ${rules.summary}.`);
      throw new UsageError(`unknown flag ${looksLikeSecret(flag.replace(/^-+/, '')) ? hiddenWord(args, token.index, of) : sanitizeLine(flag)}.${didYouMean(flag, known)}`);
    }
    if (option.type === 'string' && token.value === undefined) throw new UsageError(`${token.rawName} needs a value`);
    if (option.type === 'boolean' && token.inlineValue) throw new UsageError(`${token.rawName} takes no value`);
  }
}

/** A command's form for its arguments: the command itself, or the subcommand its first word names (`auth login`), and the words after it. */
function formOf(command: string, args: readonly string[]): { spec?: CommandSpec; words: readonly string[]; subcommands?: string[] } {
  const forms = formsOf(command);
  if (forms.length === 1 && forms[0]!.name === command) return { spec: forms[0]!, words: args };
  const subcommands = forms.map((form) => form.name.slice(command.length + 1));
  const spec = forms.find((form) => form.name === `${command} ${args[0]}`);
  return spec ? { spec, words: args.slice(1), subcommands } : { words: args, subcommands };
}

/**
 * Checks a subcommand's arguments against its spec before the command runs, so that every command
 * (those parsing with parseArgs of their own too) refuses the same mistakes in the same words:
 * a missing or unknown subcommand, an unknown flag, a flag without its value, too many arguments.
 * Every positional of `auth` may be a secret: none is ever printed.
 */
export function checkArguments(command: string, args: readonly string[]): void {
  const secretPositionals = command === 'auth';
  const { spec, words, subcommands } = formOf(command, args);
  if (subcommands && !spec) {
    const [sub] = args;
    if (sub === undefined || sub.startsWith('-')) throw new UsageError(`missing subcommand: ${subcommands.join(', ')}`);
    throw new UsageError(`${namedAfter('unknown subcommand', args, 0, { command, hidden: secretPositionals })}.${didYouMean(sub, subcommands)}`);
  }
  if (!spec) return;
  // perms set: the command checks where such words may stand (after --allow, --deny or --remove).
  // One argument per word of the usage: `NAME [GROUP] [SUBCOMMAND]` takes up to three.
  const max = spec.listsAfterFlags ? Infinity : spec.positionals === undefined ? 0 : spec.positionals.split(' ').length;
  refuseMistakes(words, spec.flags as OptionSpec, { max, secretPositionals, command: spec.name, summary: spec.summary, ...(spec.listsAfterFlags ? { listsAfterFlags: true } : {}) });
}

/** The TUI's flags (`cmd-tui --demo`), checked the same way; it takes no arguments. */
export function checkTuiArguments(args: readonly string[]): void {
  refuseMistakes(args, TUI_FLAGS as OptionSpec, { max: 0 });
}

/** Flags every command takes and that may come before it: `cmd-tui --api URL list`. */
const GLOBAL_FLAGS = ['api', 'profile', 'timeout', 'debug', 'no-color'];

/**
 * `cmd-tui --api URL --profile dev list …` as `cmd-tui list … --api URL --profile dev`: the global
 * flags before a command move after it (before a `--`), as gh and kubectl take them. Anything else
 * is left as it is (the TUI's flags, or a mistake the command will name).
 */
export function hoistGlobalFlags(argv: readonly string[], isCommand: (word: string) => boolean): string[] {
  let index = 0;
  while (index < argv.length) {
    const word = argv[index]!;
    const name = word.replace(/^--/, '').split('=')[0]!;
    if (!word.startsWith('--') || !GLOBAL_FLAGS.includes(name)) break;
    index += TUI_FLAGS[name as keyof typeof TUI_FLAGS]?.type === 'string' && !word.includes('=') ? 2 : 1;
  }
  const command = argv[index];
  if (index === 0 || index > argv.length || command === undefined || !isCommand(command)) return [...argv];
  const after = argv.slice(index + 1);
  const terminator = after.indexOf('--');
  const leading = argv.slice(0, index);
  return terminator < 0 ? [command, ...after, ...leading] : [command, ...after.slice(0, terminator), ...leading, ...after.slice(terminator)];
}

/**
 * A usage error's message with every argument that may be a secret (or holds a token-shaped part)
 * named as hiddenWord does, so a command's own message (`"user:…" is not a target`) cannot print a
 * token either. `command`: the command the words were given to (none for the TUI's flags); every
 * positional of `auth` counts as a secret.
 */
export function redactArguments(message: string, command: string | undefined, args: readonly string[]): string {
  const { spec, words } = command ? formOf(command, args) : { spec: undefined, words: args };
  const skipped = args.length - words.length;
  const of: WordsOf = spec ? { command: spec.name, options: spec.flags as OptionSpec, ...(spec.listsAfterFlags ? { listsAfterFlags: true } : {}) } : command ? { command } : { options: TUI_FLAGS as OptionSpec };
  let redacted = message;
  args.forEach((arg, index) => {
    const value = argumentValue(arg);
    const positional = command === 'auth' && index > 0 && !arg.startsWith('-') && !args[index - 1]!.startsWith('-');
    const parts = positional && value.length > 0 ? [value] : secretsInArgument(arg);
    if (parts.length === 0) return;
    const name = index >= skipped ? hiddenWord(words, index - skipped, of) : hiddenWord(args, index, { ...(command ? { command } : {}) });
    for (const part of [value, ...parts]) redacted = redacted.split(`"${part}"`).join(name).split(part).join(name);
  });
  return redacted;
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

export function timeoutFlag(value: string | undefined, flag = '--timeout'): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new UsageError(`${flag} must be a positive number of milliseconds, not "${value}"`);
  return ms;
}
