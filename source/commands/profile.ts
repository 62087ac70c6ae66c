/**
 * `cmd-tui profile add|list|use|remove|show`: named targets (API, application, default guild), as
 * kubectl's contexts. What a profile's credentials are is shown, never their values; removing a
 * profile removes its stored credentials unless another profile uses the same application.
 */
import { readSettingsWithProfiles } from '../connect/resolve-target.js';
import { resolveApiBase } from '../api/target.js';
import { defaultStores, findStoredCredentials, secretAccount } from '../auth/credentials.js';
import { checkProfileName, createProfileHint, LIVE_API, ProfileError, profileMap, profileNamed, profileNames } from '../config/profiles.js';
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

async function list(args: string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(args, SPECS['profile list'].flags, { min: 0, max: 0, names: '' });
  const settings = await readSettingsWithProfiles(io.environment.paths());
  const rows = await Promise.all(
    profileNames(settings).map(async (name) => {
      const profile = profileNamed(settings, name)!;
      return { name, current: name === settings.currentProfile, api: profile.apiUrl ?? LIVE_API, applicationId: profile.applicationId ?? null, guildId: profile.guildId ?? null, credentials: (await credentialsOf(io, profile)).kinds };
    }),
  );
  if (values.json) return writeJson(io, rows);
  if (rows.length === 0) {
    io.stdout.write('No profiles yet: `cmd-tui profile add NAME --api URL --app ID [--guild ID]`, or store credentials (`cmd-tui auth set-bot-token`) to make the first one.\n');
    return ExitCode.Ok;
  }
  const table = rows.map((row) => [`${row.current ? '*' : ' '} ${row.name}`, row.api, row.applicationId ?? '—', row.guildId ?? 'global', row.credentials.join(', ') || 'none']);
  io.stdout.write(renderTable(['  NAME', 'API', 'APPLICATION', 'DEFAULT SCOPE', 'CREDENTIALS'], table, 60));
  return ExitCode.Ok;
}

async function use(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseFlags(args, SPECS['profile use'].flags, { min: 1, max: 1, names: 'NAME' });
  const name = positionals[0]!;
  existing(await readSettingsWithProfiles(io.environment.paths()), name);
  await openSettings(io.environment.paths()).edit((current) => ({ ...current, currentProfile: name }));
  if (values.json) return writeJson(io, { current: name });
  io.stdout.write(`Now using the profile ${name}.\n`);
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
  const name = positionals[0] ?? io.environment.profile ?? settings.currentProfile;
  if (!name) throw new ProfileError('There is no current profile.', 'Name one (`cmd-tui profile show NAME`), or pick one with `cmd-tui profile use NAME`.');
  const profile = existing(settings, name);
  const { kinds, where } = await credentialsOf(io, profile);
  const report = { name, current: name === settings.currentProfile, api: profile.apiUrl ?? LIVE_API, applicationId: profile.applicationId ?? null, guildId: profile.guildId ?? null, credentials: kinds, storedIn: where ?? null };
  if (values.json) return writeJson(io, report);
  io.stdout.write(
    [
      `Profile: ${name}${report.current ? ' (current)' : ''}`,
      `API: ${report.api}`,
      `Application: ${report.applicationId ?? '(learned from its credentials)'}`,
      `Default scope: ${report.guildId ? `guild ${report.guildId}` : 'global'}`,
      `Credentials: ${kinds.length > 0 ? `${kinds.join(', ')} (${where})` : 'none stored'}`,
    ].join('\n') + '\n',
  );
  return ExitCode.Ok;
}
