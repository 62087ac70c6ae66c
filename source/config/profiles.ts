/**
 * Profiles, as kubectl's contexts and gh's hosts: a name for an API address, an application and a
 * default guild, so a dev bot and a prod bot (or a dev guild and global) are one flag apart. The
 * current profile is used when none is named (`--profile`, `CMD_TUI_PROFILE`); flags and DISCORD_*
 * variables still override what it says. Credentials stay keyed by API address and application, so
 * two profiles of one application share its token.
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

export function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new ProfileError(`"${name}" is not a profile name`, 'Use 1–40 lowercase letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. dev, prod, pixel-pal).');
  }
  return name;
}

export function profileNames(settings: Settings): string[] {
  return Object.keys(settings.profiles ?? {}).sort();
}

/** The profile to use: `--profile`, else CMD_TUI_PROFILE, else the current one; none when there are none. */
export function activeProfile(settings: Settings, flag: string | undefined, env: NodeJS.ProcessEnv): { name: string; profile: Profile } | undefined {
  const requested = flag ?? (env.CMD_TUI_PROFILE?.trim() || undefined);
  const name = requested ?? settings.currentProfile;
  if (name === undefined) return undefined;
  const profile = settings.profiles?.[name];
  if (profile) return { name, profile };
  const known = profileNames(settings);
  const source = flag !== undefined ? '--profile' : requested !== undefined ? 'CMD_TUI_PROFILE' : 'the current profile';
  throw new ProfileError(
    `There is no profile "${name}" (${source}).`,
    known.length > 0 ? `Profiles: ${known.join(', ')}. Create one with \`cmd-tui profile add ${name}\`.` : `Create one with \`cmd-tui profile add ${name} --api URL --app ID\`.`,
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
  for (let n = 2; taken.includes(name); n++) name = `${base}-${n}`;
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

/**
 * After credentials for `applicationId` were stored: the active profile now names that application;
 * with no profile at all, the first one is made (named after the app) and becomes current.
 */
export function withStoredApplication(settings: Settings, input: { profile?: string; baseUrl: string; applicationId: string; appName?: string }): Settings {
  const profiles = { ...settings.profiles };
  if (input.profile !== undefined) {
    const current = profiles[input.profile] ?? {};
    profiles[input.profile] = { ...current, apiUrl: current.apiUrl ?? input.baseUrl, applicationId: input.applicationId };
    return { ...settings, profiles };
  }
  if (Object.keys(profiles).length > 0) return settings;
  const name = profileNameForApp(input.appName ?? 'default', []);
  return { ...settings, profiles: { [name]: { apiUrl: input.baseUrl, applicationId: input.applicationId } }, currentProfile: name };
}
