/** Scope presets, named as in the SDK (Client::GetDefaultCommunicationScopes …) plus the one cmd-tui needs. */
import { PERMISSIONS_UPDATE_SCOPE } from '../api/auth-headers.js';

export function defaultCommunicationScopes(): string {
  return 'openid sdk.social_layer';
}

export function defaultPresenceScopes(): string {
  return 'openid sdk.social_layer_presence';
}

/** Editing permission overwrites; `identify` shows who signed in, `guilds` lists their guilds for the picker. */
export function permissionsScopes(): string {
  return `${PERMISSIONS_UPDATE_SCOPE} identify guilds`;
}

/** A Map: a user-named preset (`--preset constructor`) is never found on Object.prototype. */
const SCOPE_PRESETS: ReadonlyMap<string, () => string> = new Map([
  ['permissions', permissionsScopes],
  ['communication', defaultCommunicationScopes],
  ['presence', defaultPresenceScopes],
]);
export const SCOPE_PRESET_NAMES: readonly string[] = [...SCOPE_PRESETS.keys()];

/** The scopes of a preset, or undefined when there is no preset of that name. */
export function scopesOfPreset(name: string): string | undefined {
  return SCOPE_PRESETS.get(name)?.();
}

export function scopeList(scopes: string): string[] {
  return scopes.split(/\s+/).filter(Boolean);
}
