/**
 * Discord permission bits by name, for `default_member_permissions` and the effective-access logic.
 * Bit positions from the platform's permissions reference (facts §9, service-interface "Versioning" 2).
 */
export const PERMISSION_FLAGS = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  KICK_MEMBERS: 1n << 1n,
  BAN_MEMBERS: 1n << 2n,
  ADMINISTRATOR: 1n << 3n,
  MANAGE_CHANNELS: 1n << 4n,
  MANAGE_GUILD: 1n << 5n,
  ADD_REACTIONS: 1n << 6n,
  VIEW_AUDIT_LOG: 1n << 7n,
  PRIORITY_SPEAKER: 1n << 8n,
  STREAM: 1n << 9n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  SEND_TTS_MESSAGES: 1n << 12n,
  MANAGE_MESSAGES: 1n << 13n,
  EMBED_LINKS: 1n << 14n,
  ATTACH_FILES: 1n << 15n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  MENTION_EVERYONE: 1n << 17n,
  USE_EXTERNAL_EMOJIS: 1n << 18n,
  VIEW_GUILD_INSIGHTS: 1n << 19n,
  CONNECT: 1n << 20n,
  SPEAK: 1n << 21n,
  MUTE_MEMBERS: 1n << 22n,
  DEAFEN_MEMBERS: 1n << 23n,
  MOVE_MEMBERS: 1n << 24n,
  USE_VAD: 1n << 25n,
  CHANGE_NICKNAME: 1n << 26n,
  MANAGE_NICKNAMES: 1n << 27n,
  MANAGE_ROLES: 1n << 28n,
  MANAGE_WEBHOOKS: 1n << 29n,
  MANAGE_GUILD_EXPRESSIONS: 1n << 30n,
  USE_APPLICATION_COMMANDS: 1n << 31n,
  REQUEST_TO_SPEAK: 1n << 32n,
  MANAGE_EVENTS: 1n << 33n,
  MANAGE_THREADS: 1n << 34n,
  CREATE_PUBLIC_THREADS: 1n << 35n,
  CREATE_PRIVATE_THREADS: 1n << 36n,
  USE_EXTERNAL_STICKERS: 1n << 37n,
  SEND_MESSAGES_IN_THREADS: 1n << 38n,
  USE_EMBEDDED_ACTIVITIES: 1n << 39n,
  MODERATE_MEMBERS: 1n << 40n,
  VIEW_CREATOR_MONETIZATION_ANALYTICS: 1n << 41n,
  USE_SOUNDBOARD: 1n << 42n,
  CREATE_GUILD_EXPRESSIONS: 1n << 43n,
  CREATE_EVENTS: 1n << 44n,
  USE_EXTERNAL_SOUNDS: 1n << 45n,
  SEND_VOICE_MESSAGES: 1n << 46n,
  SET_VOICE_CHANNEL_STATUS: 1n << 48n,
  SEND_POLLS: 1n << 49n,
  USE_EXTERNAL_APPS: 1n << 50n,
  PIN_MESSAGES: 1n << 51n,
  BYPASS_SLOWMODE: 1n << 52n,
} as const;
export type PermissionName = keyof typeof PERMISSION_FLAGS;

const ENTRIES = Object.entries(PERMISSION_FLAGS) as [PermissionName, bigint][];

/** Names of the bits set in a decimal bit-set string; unknown bits are reported as `bit N`. */
export function permissionNames(bits: string | bigint): string[] {
  const value = typeof bits === 'bigint' ? bits : BigInt(bits);
  const names: string[] = [];
  let known = 0n;
  for (const [name, bit] of ENTRIES) {
    known |= bit;
    if (value & bit) names.push(name);
  }
  let unknown = value & ~known;
  for (let bit = 0n; unknown > 0n; bit++, unknown >>= 1n) {
    if (unknown & 1n) names.push(`bit ${bit}`);
  }
  return names;
}

/**
 * A command's `default_member_permissions` in words, as the TUI and `cmd-tui list` show it: null lets
 * everyone (`everyone` says how to show that), "0" only administrators, anything else the permissions a
 * member needs, by name.
 */
export function memberPermissionsText(bits: string | null | undefined, everyone: string): string {
  if (bits === null || bits === undefined) return everyone;
  if (bits === '0') return 'admins only';
  return permissionNames(bits).join(',');
}

/** The decimal bit-set string for a list of permission names. */
export function permissionBits(names: readonly PermissionName[]): string {
  return String(names.reduce((acc, name) => acc | PERMISSION_FLAGS[name], 0n));
}

export function hasPermission(bits: bigint, name: PermissionName): boolean {
  return (bits & PERMISSION_FLAGS[name]) === PERMISSION_FLAGS[name];
}
