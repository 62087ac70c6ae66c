/**
 * Which API, application and default guild a command or the TUI works on: flags first, then the
 * profile (`--profile`, CMD_TUI_PROFILE, else the current one), then the settings' `apiUrl`, then live
 * Discord. Settings from before profiles are migrated here, on first use.
 */
import { resolveApiBase, type ApiTarget } from '../api/target.js';
import type { Environment } from '../config/environment.js';
import type { AppPaths } from '../config/paths.js';
import { activeProfile, migrateToProfiles, profileNamed } from '../config/profiles.js';
import { openSettings, type Settings } from '../config/settings.js';

export interface TargetChoice {
  api?: string;
  app?: string;
  profile?: string;
}

export interface ProfileInUse {
  name: string;
  /** The profile's application. */
  applicationId?: string;
  guildId?: string;
  /** The global pace this profile's bot may use (a raised limit). */
  maxRps?: number;
}

export interface ResolvedTarget {
  target: ApiTarget;
  /** `--app`. */
  applicationId?: string;
  profile?: ProfileInUse;
}

/** The settings, with a migration from before profiles saved once (kept in memory if the file cannot be written). */
export async function readSettingsWithProfiles(paths: AppPaths): Promise<Settings> {
  const store = openSettings(paths);
  const current = store.read();
  const migrated = migrateToProfiles(current);
  if (!migrated) return current;
  await store.edit(() => migrated).catch(() => undefined);
  return migrated;
}

/** `environment`: where the settings are, and the profile CMD_TUI_PROFILE names. */
export async function resolveTarget(choice: TargetChoice, environment: Pick<Environment, 'paths' | 'profile'>): Promise<ResolvedTarget> {
  const settings = await readSettingsWithProfiles(environment.paths());
  // With --api, a profile applies only on its own API: one CMD_TUI_PROFILE names that does not exist here
  // (a shell's variable, with another CMD_TUI_HOME) cannot apply, and --api says where to go.
  const unknownFromShell = choice.api !== undefined && choice.profile === undefined && environment.profile !== undefined && !profileNamed(settings, environment.profile);
  const chosen = unknownFromShell ? undefined : activeProfile(settings, choice.profile, environment.profile);
  const target = resolveApiBase(choice.api ?? chosen?.profile.apiUrl ?? settings.apiUrl);
  const resolved: ResolvedTarget = { target };
  if (choice.app !== undefined) resolved.applicationId = choice.app;
  // A profile is in use only on its own API: an --api elsewhere is another server, where neither its
  // name (the TUI's header) nor its application, guild or credentials' filing apply.
  if (chosen && (choice.api === undefined || resolveApiBase(chosen.profile.apiUrl).baseUrl === target.baseUrl)) {
    resolved.profile = {
      name: chosen.name,
      ...(chosen.profile.applicationId ? { applicationId: chosen.profile.applicationId } : {}),
      ...(chosen.profile.guildId ? { guildId: chosen.profile.guildId } : {}),
      ...(chosen.profile.maxRps ? { maxRps: chosen.profile.maxRps } : {}),
    };
  }
  return resolved;
}
