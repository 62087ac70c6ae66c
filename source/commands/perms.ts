/**
 * `cmd-tui perms list|set|who`: argument parsing and dispatch. Listing and explaining work with any
 * token that can read overwrites; setting needs the browser sign-in (permissions v2). The work is in
 * perms-list.ts, perms-set.ts and perms-who.ts; the decisions (targets, edits, limit, diff,
 * effective access) in source/discord/.
 */
import { parseArgs } from 'node:util';
import { parseTargetSpec, type TargetRef } from '../discord/overwrite-targets.js';
import { connect, overwritesGuild } from './connect.js';
import { reportFailure } from './failure.js';
import { idFlag, parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { runList } from './perms-list.js';
import { runSet, type SetRequest } from './perms-set.js';
import { runWho } from './perms-who.js';
import { UsageError, type CliIo, type CommandRun } from './types.js';

type EditAction = 'allow' | 'deny' | 'remove';

export const run: CommandRun = async (args, io) => {
  const [subcommand, ...rest] = args;
  if (subcommand === 'list') return list(rest, io);
  if (subcommand === 'set') return set(rest, io);
  if (subcommand === 'who') return who(rest, io);
  throw new UsageError(subcommand === undefined ? 'missing "list", "set" or "who"' : `unknown perms subcommand "${subcommand}" (use "list", "set" or "who")`);
};

async function list(args: string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(args, SPECS['perms list'].flags, { min: 0, max: 0, names: '' });
  const guildId = await overwritesGuild(values, io);
  try {
    return await runList(await connect(values, io), { guildId, commandSpec: values.command, json: values.json ?? false, noColor: values['no-color'] === true }, io);
  } catch (error) {
    return reportFailure(error, io, 'perms list');
  }
}

async function who(args: string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(args, SPECS['perms who'].flags, { min: 0, max: 0, names: '' });
  const guildId = await overwritesGuild(values, io);
  if (values.command === undefined) throw new UsageError('--command is required: the command id or name to explain');
  const request = {
    guildId,
    commandSpec: values.command,
    ...(values.user !== undefined ? { userId: idFlag('--user', values.user, 'user')! } : {}),
    ...(values.channel !== undefined ? { channelId: idFlag('--channel', values.channel, 'channel')! } : {}),
    json: values.json ?? false,
  };
  try {
    return await runWho(await connect(values, io), request, io);
  } catch (error) {
    return reportFailure(error, io, 'perms who');
  }
}

async function set(args: string[], io: CliIo): Promise<number> {
  const { values, edits } = parseSetArgs(args);
  const guildId = await overwritesGuild(values, io);
  if (values.command === undefined) throw new UsageError('--command is required: a command id or name, or `app` for the app-level defaults');
  if (edits.length === 0) throw new UsageError('nothing to change: give --allow, --deny or --remove with a target');
  const request: SetRequest = {
    guildId,
    commandSpec: values.command,
    edits: edits.map(({ action, spec }) => ({ action, target: target(spec, guildId) })),
    yes: values.yes ?? false,
    json: values.json ?? false,
  };
  try {
    return await runSet(await connect(values, io), request, io);
  } catch (error) {
    return reportFailure(error, io, 'perms set');
  }
}

/**
 * Targets may be repeated flags (`--allow role:1 --allow user:2`) or follow one flag
 * (`--allow role:1 user:2`): a bare argument belongs to the last --allow/--deny/--remove before it.
 */
function parseSetArgs(args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: SPECS['perms set'].flags, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const edits: { action: EditAction; spec: string }[] = [];
  let last: EditAction | undefined;
  for (const token of parsed.tokens) {
    if (token.kind === 'option') {
      last = isEditAction(token.name) ? token.name : undefined;
      if (last && token.value !== undefined) edits.push({ action: last, spec: token.value });
    } else if (token.kind === 'positional') {
      if (!last) throw new UsageError(`unexpected argument "${token.value}"`);
      edits.push({ action: last, spec: token.value });
    }
  }
  return { values: parsed.values, edits };
}

function isEditAction(name: string): name is EditAction {
  return name === 'allow' || name === 'deny' || name === 'remove';
}

function target(spec: string, guildId: string): TargetRef {
  const parsed = parseTargetSpec(spec, guildId);
  if (!parsed.ok) throw new UsageError(parsed.message);
  return parsed.target;
}
