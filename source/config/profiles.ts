/**
 * Profiles, as kubectl's contexts and gh's hosts: a name for an API address, an application and a
 * default guild, so a dev bot and a prod bot (or a dev guild and global) are one flag apart. The
 * current profile is used when none is named (`--profile`, `CMD_TUI_PROFILE`); flags and DISCORD_*
 * variables still override what it says. Credentials stay keyed by API address and application, so
 * two profiles of one application share its token; credentials stored for another API or application
 * are filed under the profile that matches, or one the command names, never under another's
 * (profileForCredentials). Profile names are user-named keys: looked up in a Map, so `constructor` or
 * `__proto__` are never found on Object.prototype.
 * Settings written before profiles existed become profiles on first use (one per remembered API).
 */
import type { Profile, Settings } from './settings.js';

export const PROFILE_NAME = /^[a-z0-9][a-z0-9._-]{0,39}$/;
export const LIVE_API = 'https://discord.com/api/v10';

export class ProfileError extends Error {
  override readonly name = 'ProfileError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** Names the settings file cannot hold as keys (discord/strict-json.ts refuses them when it is read back). */
const RESERVED_NAMES = new Set(['constructor', 'prototype']);

/** Why `profile add` refuses `name`; undefined when it accepts it. */
function profileNameProblem(name: string): { message: string; hint: string } | undefined {
  if (RESERVED_NAMES.has(name)) return { message: `"${name}" is reserved and cannot name a profile`, hint: 'Pick another name (e.g. dev, prod, pixel-pal).' };
  if (!PROFILE_NAME.test(name)) return { message: `"${name}" is not a profile name`, hint: 'Use 1–40 lowercase letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. dev, prod, pixel-pal).' };
  return undefined;
}

export function checkProfileName(name: string): string {
  const problem = profileNameProblem(name);
  if (problem) throw new ProfileError(problem.message, problem.hint);
  return name;
}

/**
 * What to say about a profile that is not there: the command that creates it (`then`: its further
 * flags), or — for a name `profile add` refuses — that no profile can have it, and what names can.
 */
export function createProfileHint(name: string, then = ''): string {
  const problem = profileNameProblem(name);
  return problem ? `${problem.message}, so no profile has it. ${problem.hint}` : `Create one with \`cmd-tui profile add ${name}${then}\`.`;
}

/** The profiles by name: a Map, so a name is never looked up on Object.prototype. */
export function profileMap(settings: Settings): Map<string, Profile> {
  return new Map(Object.entries(settings.profiles ?? {}));
}

export function profileNamed(settings: Settings, name: string): Profile | undefined {
  return profileMap(settings).get(name);
}

export function profileNames(settings: Settings): string[] {
  return [...profileMap(settings).keys()].sort();
}

/** The profile to use: `--profile`, else CMD_TUI_PROFILE (`fromEnvironment`), else the current one; none when there are none. */
export function activeProfile(settings: Settings, flag: string | undefined, fromEnvironment: string | undefined): { name: string; profile: Profile } | undefined {
  const requested = flag ?? fromEnvironment;
  const name = requested ?? settings.currentProfile;
  if (name === undefined) return undefined;
  const profile = profileNamed(settings, name);
  if (profile) return { name, profile };
  const known = profileNames(settings);
  const source = flag !== undefined ? '--profile' : requested !== undefined ? 'CMD_TUI_PROFILE' : 'the current profile';
  throw new ProfileError(
    `There is no profile "${name}" (${source}).`,
    known.length > 0 ? `Profiles: ${known.join(', ')}. ${createProfileHint(name)}` : createProfileHint(name, ' --api URL --app ID'),
  );
}

/** A profile name from an application's name: `Pixel Pal` → `pixel-pal`. */
export function profileNameForApp(appName: string, taken: readonly string[]): string {
  const base =
    appName
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[^a-z0-9]+|-+$/g, '')
      .slice(0, 32) || 'default';
  let name = base;
  for (let n = 2; taken.includes(name) || RESERVED_NAMES.has(name); n++) name = `${base}-${n}`;
  return name;
}

/** `https://discord.com/api/v10` → `default`; `http://127.0.0.1:47111/api/v10` → `127.0.0.1-47111`. */
function profileNameForApi(apiUrl: string, taken: readonly string[]): string {
  if (apiUrl === LIVE_API) return profileNameForApp('default', taken);
  const url = new URL(apiUrl);
  return profileNameForApp(`${url.hostname}-${url.port || url.protocol.replace(':', '')}`, taken);
}

/**
 * Settings from before profiles: each remembered API with an application becomes a profile, the one
 * for the default API current. Undefined when there is nothing to migrate.
 */
export function migrateToProfiles(settings: Settings): Settings | undefined {
  if (settings.profiles !== undefined) return undefined;
  const remembered = Object.entries(settings.targets ?? {}).filter(([, target]) => target.applicationId !== undefined);
  if (remembered.length === 0) return undefined;
  const profiles: Record<string, Profile> = {};
  let current: string | undefined;
  for (const [apiUrl, target] of remembered) {
    const name = profileNameForApi(apiUrl, Object.keys(profiles));
    // The TUI's last guild is not carried over: a profile's guild is where commands go without --guild.
    profiles[name] = { apiUrl, applicationId: target.applicationId! };
    if (apiUrl === (settings.apiUrl ?? LIVE_API)) current = name;
  }
  return { ...settings, profiles, currentProfile: current ?? Object.keys(profiles)[0]! };
}

/** The profile stored credentials are filed under, or why none may take them. */
export type ProfileFiling = { name: string; create: boolean } | { refused: ProfileError };

interface FilingInput {
  baseUrl: string;
  applicationId?: string;
  named?: string;
  appName?: string;
  command: string;
}

/**
 * Where credentials for `applicationId` at `baseUrl` are filed: the profile the command names (made
 * when missing; refused when it is another API's or application's), else the current profile when it
 * is this API's and has no other application, else a profile that names this API and application, else
 * — with no profile at all — a first one named after the app. Anything else is refused with the
 * command to run: a store never rewrites another profile. With `applicationId` undefined (a bot token
 * not read yet) the answer may be `pending`: only a refusal that no application could change is given. `apiOf` gives a profile's API base as the client would use it.
 */
export function profileForCredentials(settings: Settings, input: FilingInput & { applicationId: string }, apiOf: (profile: Profile) => string | undefined): ProfileFiling;
export function profileForCredentials(settings: Settings, input: FilingInput, apiOf: (profile: Profile) => string | undefined): ProfileFiling | { pending: true };
export function profileForCredentials(settings: Settings, input: FilingInput, apiOf: (profile: Profile) => string | undefined): ProfileFiling | { pending: true } {
  const profiles = profileMap(settings);
  const { baseUrl, applicationId, named } = input;
  const appMatches = (profile: Profile) => applicationId === undefined || profile.applicationId === undefined || profile.applicationId === applicationId;
  const fits = (profile: Profile) => apiOf(profile) === baseUrl && appMatches(profile);
  const what = applicationId === undefined ? `API ${baseUrl}` : `application ${applicationId} at ${baseUrl}`;
  const keepUnder = `Keep it under a profile of its own (made if missing): \`${input.command} --api ${baseUrl} --profile NAME\`.`;
  if (named !== undefined) {
    const profile = profiles.get(checkProfileName(named));
    if (!profile) return { name: named, create: true };
    if (fits(profile)) return { name: named, create: false };
    const its = apiOf(profile) === baseUrl ? `application ${profile.applicationId}` : `API ${apiOf(profile) ?? 'local'}`;
    return { refused: new ProfileError(`The profile ${named} is for ${its}, not for ${what}; nothing was stored, and ${named} was left as it is.`, keepUnder) };
  }
  const current = settings.currentProfile === undefined ? undefined : profiles.get(settings.currentProfile);
  if (current && fits(current)) return { name: settings.currentProfile!, create: false };
  const matching = [...profiles.keys()].sort().find((name) => apiOf(profiles.get(name)!) === baseUrl && profiles.get(name)!.applicationId === applicationId && applicationId !== undefined);
  if (matching) return { name: matching, create: false };
  if (profiles.size === 0) return { name: profileNameForApp(input.appName ?? 'default', []), create: true };
  // Without the application yet, a profile of this API may still turn out to match.
  if (applicationId === undefined && [...profiles.values()].some((profile) => apiOf(profile) === baseUrl)) return { pending: true };
  const currentIs = current ? ` (the current profile ${settings.currentProfile} is for application ${current.applicationId ?? '(none yet)'} at ${apiOf(current) ?? 'local'})` : '';
  return { refused: new ProfileError(`No profile is for ${what}${currentIs}: nothing was stored, and no profile was changed.`, keepUnder) };
}

/**
 * After credentials for `applicationId` were stored: the profile they are filed under (profileForCredentials)
 * names that application; a profile made for them becomes current when there is none.
 */
export function withStoredApplication(settings: Settings, filing: { name: string; create: boolean }, input: { baseUrl: string; applicationId: string }): Settings {
  const profiles = profileMap(settings);
  const current = profiles.get(filing.name) ?? {};
  profiles.set(filing.name, { ...current, apiUrl: current.apiUrl ?? input.baseUrl, applicationId: input.applicationId });
  const makeCurrent = settings.currentProfile === undefined || !Object.hasOwn(settings.profiles ?? {}, settings.currentProfile);
  return { ...settings, profiles: Object.fromEntries(profiles), ...(makeCurrent ? { currentProfile: filing.name } : {}) };
}
