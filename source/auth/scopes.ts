/** Scope presets, named as in the SDK (Client::GetDefaultCommunicationScopes …) plus the one cmd-tui needs. */
export function defaultCommunicationScopes(): string {
  return 'openid sdk.social_layer';
}

export function defaultPresenceScopes(): string {
  return 'openid sdk.social_layer_presence';
}

/** The one scope Discord accepts for editing permission overwrites (with a user token only). */
export const PERMISSIONS_UPDATE_SCOPE = 'applications.commands.permissions.update';

/** Editing permission overwrites; `identify` shows who signed in, `guilds` lists their guilds for the picker. */
export function permissionsScopes(): string {
  return `${PERMISSIONS_UPDATE_SCOPE} identify guilds`;
}

export const SCOPE_PRESETS = {
  permissions: permissionsScopes,
  communication: defaultCommunicationScopes,
  presence: defaultPresenceScopes,
} as const;
export type ScopePreset = keyof typeof SCOPE_PRESETS;

export function scopeList(scopes: string): string[] {
  return scopes.split(/\s+/).filter(Boolean);
}
