/**
 * `cmd-tui profile add|list|use|remove|show`: named targets (API, application, default guild), as
 * kubectl's contexts. What a profile's credentials are is shown, never their values; removing a
 * profile removes its stored credentials unless another profile uses the same application.
 */
import { readSettingsWithProfiles } from '../connect/resolve-target.js';
import { resolveApiBase } from '../api/target.js';
import type { AuthKind } from '../api/contract.js';
import { defaultStores, findStoredCredentials, loadCredentials, secretAccount, sourceOf } from '../auth/credentials.js';
import { activeProfile, checkProfileName, createProfileHint, LIVE_API, ProfileError, profileMap, profileNamed, profileNames } from '../config/profiles.js';
import { openSettings, type Profile, type Settings } from '../config/settings.js';
import { confirm, whyNotAsked } from './confirm.js';
import { rateFlag } from './connect.js';
import { reportFailure } from './failure.js';
import { guildFlag, idFlag, parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import { renderTable } from './text-table.js';
import { ExitCode, UsageError, type CliIo, type CommandRun } from './types.js';

const SUBCOMMANDS = ['add', 'list', 'use', 'remove', 'show'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];

export const run: CommandRun = async (args, io) => {
  const [sub, ...rest] = args;
  if (!SUBCOMMANDS.includes(sub as Subcommand)) throw new UsageError(sub === undefined ? 'missing subcommand' : `unknown subcommand "${sub}"`);
  try {
    switch (sub as Subcommand) {
      case 'add':
        return await add(rest, io);
      case 'list':
        return await list(rest, io);
      case 'use':
        return await use(rest, io);
      case 'remove':
        return await remove(rest, io);
      case 'show':
        return await show(rest, io);
    }
  } catch (error) {
    return reportFailure(error, io, `profile ${sub}`);
  }
};

function existing(settings: Settings, name: string): Profile {
  const profile = profileNamed(settings, name);
  if (!profile) {
    const known = profileNames(settings);
    throw new ProfileError(`There is no profile "${name}".`, known.length > 0 ? `Profiles: ${known.join(', ')}.` : createProfileHint(name));
  }
  return profile;
}

async function add(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(args, SPECS['profile add'].flags, { min: 1, max: 1, names: 'NAME' });
  const name = checkProfileName(positionals[0]!);
  const profile: Profile = {};
  if (values.api !== undefined) {
    // Checked now (https, or http to loopback only) rather than at the first use.
    resolveApiBase(values.api);
    profile.apiUrl = values.api === 'local' ? 'local' : values.api.replace(/\/+$/, '');
  }
  if (values.app !== undefined) {
    profile.applicationId = idFlag('--app', values.app, 'application')!;
  }
  const guild = guildFlag(values.guild);
  if (guild !== undefined) profile.guildId = guild;
  if (values['max-rps'] !== undefined) profile.maxRps = rateFlag('--max-rps', values['max-rps']);
  const settings = await readSettingsWithProfiles(io.environment.paths());
  if (profileNamed(settings, name)) throw new ProfileError(`The profile "${name}" exists already.`, `Remove it first (\`cmd-tui profile remove ${name}\`) or pick another name.`);
  const makeCurrent = values.use === true || settings.currentProfile === undefined;
  await openSettings(io.environment.paths()).edit((current) => ({ ...current, profiles: { ...current.profiles, [name]: profile }, ...(makeCurrent ? { currentProfile: name } : {}) }));
  if (values.json) return writeJson(io, { added: name, current: makeCurrent, api: profile.apiUrl ?? LIVE_API, applicationId: profile.applicationId ?? null, guildId: profile.guildId ?? null });
  io.stdout.write(`Added the profile ${name}${makeCurrent ? ' (now the current profile)' : ''}: ${describe(profile)}.\n`);
  if (profile.applicationId === undefined) io.stdout.write(`Store its credentials with \`cmd-tui auth set-bot-token --profile ${name}\`; the application is learned from the token.\n`);
  return ExitCode.Ok;
}

/** `--json`: one document on stdout. */
function writeJson(io: CliIo, document: unknown): number {
  io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  return ExitCode.Ok;
}

function describe(profile: Profile): string {
  const api = profile.apiUrl ?? LIVE_API;
  return `API ${api}, application ${profile.applicationId ?? '(learned from its credentials)'}, ${profile.guildId ? `guild ${profile.guildId} by default` : 'global scope by default'}`;
}

/** What is stored for the profile's application — kinds and places, never values. */
async function credentialsOf(io: CliIo, profile: Profile): Promise<{ kinds: string[]; where?: string }> {
  const baseUrl = resolveApiBase(profile.apiUrl).baseUrl;
  if (!profile.applicationId || baseUrl === undefined) return { kinds: [] };
  const { stored, where } = await findStoredCredentials(defaultStores(io.environment).secrets, baseUrl, profile.applicationId);
  const kinds = [stored.botToken ? 'bot token' : '', stored.clientCredentials ? 'client credentials' : '', stored.user ? 'sign-in' : ''].filter(Boolean);
  return where === undefined ? { kinds } : { kinds, where };
}

/**
 * The profile used when a command names none: CMD_TUI_PROFILE, else the current one (`profile use`); a
 * CMD_TUI_PROFILE naming no profile is refused as `--profile` is.
 */
function profileInUse(settings: Settings, io: CliIo, strict = true): { name: string; by: 'CMD_TUI_PROFILE' | 'profile use' } | undefined {
  let chosen: ReturnType<typeof activeProfile>;
  try {
    chosen = activeProfile(settings, undefined, io.environment.profile);
  } catch (error) {
    // A profile named on the command line is shown whatever CMD_TUI_PROFILE says, as `--profile NAME` is used.
    if (strict) throw error;
    return undefined;
  }
  if (chosen === undefined) return undefined;
  return { name: chosen.name, by: io.environment.profile === undefined ? 'profile use' : 'CMD_TUI_PROFILE' };
}

/**
 * The credentials a command on the profile would use, by the rule that commands follow (loadCredentials,
 * auth/credential-choice.ts): what is stored, or an exported variable where it belongs; and each variable set aside.
 */
async function credentialsInUse(io: CliIo, name: string, profile: Profile): Promise<{ kinds: string[]; labels: string[]; sources: string[]; setAside: string[] }> {
  const baseUrl = resolveApiBase(profile.apiUrl).baseUrl;
  if (baseUrl === undefined) return { kinds: [], labels: [], sources: [], setAside: [] };
  const stores = defaultStores(io.environment, undefined, name);
  const loaded = await loadCredentials({ baseUrl, overrides: io.environment.credentials, profile: { name, ...(profile.applicationId ? { applicationId: profile.applicationId } : {}) }, stores });
  // The variable a credential came from, in the table's narrow column: DISCORD_CLIENT_ID stands for the pair.
  const kinds: [AuthKind, string, string | undefined][] = [
    ['bot', 'bot token', 'DISCORD_BOT_TOKEN'],
    ['client-credentials', 'client credentials', 'DISCORD_CLIENT_ID'],
    ['user', 'sign-in', undefined],
  ];
  const used = kinds.flatMap(([kind, what, variable]) => {
    const from = sourceOf(loaded, kind);
    if (from === undefined) return [];
    const label = loaded.origins[kind]?.from === 'environment' ? `${what} (${variable})` : what;
    return [{ kind: what, label, source: `${what} from ${[from.source, from.why].filter(Boolean).join(', ')}` }];
  });
  const sources = used.map((entry) => entry.source);
  return { kinds: used.map((entry) => entry.kind), labels: used.map((entry) => entry.label), sources, setAside: loaded.setAside };
}

async function list(args: string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(args, SPECS['profile list'].flags, { min: 0, max: 0, names: '' });
  const settings = await readSettingsWithProfiles(io.environment.paths());
  const inUse = profileInUse(settings, io);
  const rows = await Promise.all(
    profileNames(settings).map(async (name) => {
      const profile = profileNamed(settings, name)!;
      const current = name === inUse?.name;
      const { kinds, labels } = await credentialsInUse(io, name, profile);
      const row = { name, current, currentBy: current ? inUse!.by : null, api: profile.apiUrl ?? LIVE_API, applicationId: profile.applicationId ?? null, guildId: profile.guildId ?? null, credentials: kinds };
      return { row, labels };
    }),
  );
  if (values.json) return writeJson(io, rows.map(({ row }) => row));
  if (rows.length === 0) {
    io.stdout.write('No profiles yet: `cmd-tui profile add NAME --api URL --app ID [--guild ID]`, or store credentials (`cmd-tui auth set-bot-token`) to make the first one.\n');
    return ExitCode.Ok;
  }
  const table = rows.map(({ row, labels }) => [`${row.current ? '*' : ' '} ${row.name}`, row.api, row.applicationId ?? '—', row.guildId ?? 'global', labels.join(', ') || 'none']);
  io.stdout.write(renderTable(['  NAME', 'API', 'APPLICATION', 'DEFAULT SCOPE', 'CREDENTIALS'], table, 60));
  if (inUse?.by === 'CMD_TUI_PROFILE' && settings.currentProfile !== inUse.name) {
    io.stdout.write(`* ${inUse.name}: chosen by CMD_TUI_PROFILE in this shell${settings.currentProfile === undefined ? '' : ` (the current profile, \`profile use\`, is ${settings.currentProfile})`}.\n`);
  }
  return ExitCode.Ok;
}

async function use(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(args, SPECS['profile use'].flags, { min: 1, max: 1, names: 'NAME' });
  const name = positionals[0]!;
  existing(await readSettingsWithProfiles(io.environment.paths()), name);
  await openSettings(io.environment.paths()).edit((current) => ({ ...current, currentProfile: name }));
  if (values.json) return writeJson(io, { current: name });
  io.stdout.write(`Now using the profile ${name}.\n`);
  const shell = io.environment.profile;
  // Said now, not found out at the next command: the shell's variable still wins over the current profile.
  if (shell !== undefined && shell !== name) io.stderr.write(`cmd-tui: CMD_TUI_PROFILE is set in this shell to ${shell}, which commands without --profile use here instead: unset it to use ${name}.\n`);
  return ExitCode.Ok;
}

async function remove(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(args, SPECS['profile remove'].flags, { min: 1, max: 1, names: 'NAME' });
  const name = positionals[0]!;
  const settings = await readSettingsWithProfiles(io.environment.paths());
  const profile = existing(settings, name);
  const baseUrl = resolveApiBase(profile.apiUrl).baseUrl;
  const sharing = [...profileMap(settings)].filter(([other, them]) => other !== name && them.applicationId === profile.applicationId && resolveApiBase(them.apiUrl).baseUrl === baseUrl).map(([other]) => other);
  const { kinds } = await credentialsOf(io, profile);
  const forgets = kinds.length > 0 && sharing.length === 0;
  if (values.yes !== true && !(await confirm(io, `Remove the profile ${name}${forgets ? ` and its stored ${kinds.join(', ')}` : ''}?`))) {
    io.stderr.write(`Nothing was removed. ${whyNotAsked(io, 'remove it')}\n`);
    return ExitCode.Problems;
  }
  const removal = forgets && baseUrl !== undefined && profile.applicationId ? await defaultStores(io.environment).secrets.delete(secretAccount(baseUrl, profile.applicationId)) : undefined;
  await openSettings(io.environment.paths()).edit((current) => {
    const { [name]: _removed, ...profiles } = current.profiles ?? {};
    const { currentProfile, ...rest } = current;
    return { ...rest, profiles, ...(currentProfile !== undefined && currentProfile !== name ? { currentProfile } : {}) };
  });
  if (values.json) return writeJson(io, { removed: name, forgot: forgets ? kinds : [], keptFor: kinds.length > 0 ? sharing : [], current: settings.currentProfile === name ? null : (settings.currentProfile ?? null) });
  const kept = kinds.length > 0 && sharing.length > 0 ? ` Its credentials stay: the profile${sharing.length === 1 ? '' : 's'} ${sharing.join(', ')} use${sharing.length === 1 ? 's' : ''} the same application.` : '';
  io.stdout.write(`Removed the profile ${name}${forgets ? ` and its stored ${kinds.join(', ')}` : ''}.${kept}\n`);
  if (settings.currentProfile === name) io.stdout.write(`There is no current profile now: \`cmd-tui profile use NAME\`.\n`);
  if (removal?.keyring.outcome === 'unreachable' && removal.keyring.mayHold) {
    io.stderr.write(`Its credentials may remain in the OS keyring, which this session cannot reach (${removal.keyring.reason}): run \`cmd-tui auth logout --api ${baseUrl} --app ${profile.applicationId}\` at the desktop.\n`);
    return ExitCode.Problems;
  }
  return ExitCode.Ok;
}

async function show(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(args, SPECS['profile show'].flags, { min: 0, max: 1, names: '' });
  const settings = await readSettingsWithProfiles(io.environment.paths());
  const inUse = profileInUse(settings, io, positionals[0] === undefined);
  const name = positionals[0] ?? inUse?.name;
  if (!name) throw new ProfileError('There is no current profile.', 'Name one (`cmd-tui profile show NAME`), or pick one with `cmd-tui profile use NAME`.');
  const profile = existing(settings, name);
  const { where } = await credentialsOf(io, profile);
  const { kinds, sources, setAside } = await credentialsInUse(io, name, profile);
  const current = name === inUse?.name;
  const report = { name, current, currentBy: current ? inUse!.by : null, api: profile.apiUrl ?? LIVE_API, applicationId: profile.applicationId ?? null, guildId: profile.guildId ?? null, credentials: kinds, sources, storedIn: where ?? null, setAside };
  if (values.json) return writeJson(io, report);
  io.stdout.write(
    [
      `Profile: ${name}${current ? (inUse!.by === 'CMD_TUI_PROFILE' ? ' (current: CMD_TUI_PROFILE)' : ' (current)') : ''}`,
      `API: ${report.api}`,
      `Application: ${report.applicationId ?? '(learned from its credentials)'}`,
      `Default scope: ${report.guildId ? `guild ${report.guildId}` : 'global'}`,
      `Credentials: ${sources.length > 0 ? sources.join('; ') : 'none stored'}`,
      ...setAside,
    ].join('\n') + '\n',
  );
  return ExitCode.Ok;
}
