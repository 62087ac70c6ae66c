/**
 * The emulator's whole world as plain JSON-serializable data: the application, users, guilds,
 * commands per scope, permission overwrites per guild, OAuth2 grants and the daily create counters.
 * Handlers mutate it; persistence.ts saves it; nothing here does I/O.
 */
import type { Command, PermissionOverwrite } from '../discord/model.js';

export interface ApplicationRecord {
  id: string;
  name: string;
  description: string;
  flags: number;
  /** Installation contexts the app supports (integration_types_config keys). */
  integrationTypes: number[];
  ownerId: string;
  botUserId: string;
  botToken: string;
  clientSecret: string;
  /** The portal's "Public Client" toggle: code exchange and refresh without the secret (with PKCE). */
  publicClient: boolean;
  redirectUris: string[];
  /** Seed of the Ed25519 key that signs interactions (interactions/signing.ts); absent in state files written before it. */
  interactionsKeySeed?: string;
  /** Where interactions are delivered over HTTP (the portal's "Interactions Endpoint URL"); null for none. */
  interactionsEndpointUrl?: string | null;
}

export interface UserRecord {
  id: string;
  username: string;
  global_name: string | null;
  bot?: boolean;
}

export interface RoleRecord {
  id: string;
  name: string;
  permissions: string;
  position: number;
  color: number;
  hoist: boolean;
  managed: boolean;
  mentionable: boolean;
  [extra: string]: unknown;
}

export interface ChannelOverwriteRecord {
  id: string;
  /** 0 role, 1 member */
  type: number;
  allow: string;
  deny: string;
}

export interface ChannelRecord {
  id: string;
  type: number;
  name: string;
  position: number;
  parent_id: string | null;
  permission_overwrites: ChannelOverwriteRecord[];
}

export interface MemberRecord {
  roles: string[];
  nick: string | null;
  joined_at: string;
  /** An ISO time: the member is timed out until then (absent in state files written before it). */
  communication_disabled_until?: string | null;
}

export interface GuildRecord {
  id: string;
  name: string;
  ownerId: string;
  /** Whether the app was authorized here with applications.commands (else 403/50001 on writes). */
  appInstalled: boolean;
  roles: RoleRecord[];
  channels: ChannelRecord[];
  members: Record<string, MemberRecord>;
  /** Copied in from another API (copy-in.ts), not one of the seed's. */
  copied?: true;
}

export type AuthorizedKind = 'client-credentials' | 'user';

export interface TokenRecord {
  kind: AuthorizedKind;
  /** One authorization (grant): revoking any of its tokens revokes all of them. */
  grantId: string;
  clientId: string;
  userId: string;
  scopes: string[];
  expiresAt: number;
  refreshToken?: string;
}

export interface CodeRecord {
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge?: string;
  nonce?: string;
  expiresAt: number;
  used: boolean;
  /** Grant minted from this code, revoked if the code is replayed (RFC 6749 §4.1.2). */
  grantId?: string;
}

export interface EmulatorState {
  schema: 1;
  application: ApplicationRecord;
  users: Record<string, UserRecord>;
  guilds: Record<string, GuildRecord>;
  /** Keyed by scopeKey(): `global` or `guild:ID`. Stored fully materialized, in creation order. */
  commands: Record<string, Command[]>;
  /** guildId → command id (or application id) → overwrites. */
  overwrites: Record<string, Record<string, PermissionOverwrite[]>>;
  /** scopeKey → creates counted for one UTC day. */
  creates: Record<string, { day: string; count: number }>;
  tokens: Record<string, TokenRecord>;
  /** refresh token → access token it was issued with. */
  refreshTokens: Record<string, string>;
  codes: Record<string, CodeRecord>;
  /** `clientId:userId` → scopes that user approved on the consent page, for prompt=none. */
  consents: Record<string, string[]>;
  /** Bearer tokens pre-issued for scripts (RunningEmulator.userToken and seeded.memberToken). */
  scriptTokens: { admin: string; member: string };
}

export function scopeCommands(state: EmulatorState, key: string): Command[] {
  let list = state.commands[key];
  if (!list) {
    list = [];
    state.commands[key] = list;
  }
  return list;
}

/** Remove every overwrite list of a command, in every guild (delete and rename do this). */
export function dropOverwrites(state: EmulatorState, commandId: string): void {
  for (const perGuild of Object.values(state.overwrites)) delete perGuild[commandId];
}

/** The guilds the app is installed in, the default one first (a guild copied in goes first: copy-in.ts). */
export function installedGuilds(state: EmulatorState): GuildRecord[] {
  return Object.values(state.guilds).filter((guild) => guild.appInstalled);
}

/** Where `try` runs without --guild and the first of serve's guildIds: the first guild the app is installed in. */
export function defaultGuild(state: EmulatorState): GuildRecord | undefined {
  return installedGuilds(state)[0];
}

/** Makes `guild` the default one (first in insertion order, which JSON persistence keeps). */
export function putFirst(state: EmulatorState, guildId: string): void {
  const guild = state.guilds[guildId];
  if (!guild) return;
  const { [guildId]: _moved, ...others } = state.guilds;
  state.guilds = { [guildId]: guild, ...others };
}
