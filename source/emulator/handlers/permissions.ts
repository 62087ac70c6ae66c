/**
 * Guild command permission routes: all overwrites of a guild, one command's overwrites (10066 when it
 * has none), and replacing them (user Bearer only, ≤ 100, the user needs MANAGE_GUILD + MANAGE_ROLES and may
 * change only overwrites of roles below their highest one).
 * The application id addresses the app-wide entry. (The batch PUT has no route, so it answers 405, as on Discord.)
 */
import { LIMITS, PermissionType, permissionOverwriteSchema, type PermissionOverwrite } from '../../discord/model.js';
import { NOT_A_LIST, NOT_A_MODEL, notIntText } from '../../discord/discord-answers.js';
import { apiError, formBodyError, type FieldErrorItem } from '../api-errors.js';
import { requirePermissionReader, requirePermissionWriter } from '../auth.js';
import { findCommand } from '../command-store.js';
import { canManageCommandPermissions, canManageRole } from '../guild-access.js';
import { json, jsonBody, type Handler, type RequestContext, type World } from '../request-context.js';
import { isSnowflake } from '../snowflake.js';
import { requireApplication, requireInstalledGuild } from './scope.js';

function entry(world: World, guildId: string, targetId: string, permissions: PermissionOverwrite[]) {
  return { id: targetId, application_id: world.state.application.id, guild_id: guildId, permissions };
}

/** The command (global or this guild's) or the application id; 10063 otherwise. */
function requireTarget(ctx: RequestContext, world: World, guildId: string): string {
  const targetId = ctx.params.command_id!;
  if (targetId === world.state.application.id) return targetId;
  try {
    findCommand(world.state, { kind: 'guild', guildId }, targetId);
  } catch {
    findCommand(world.state, { kind: 'global' }, targetId);
  }
  return targetId;
}

export const listGuildPermissions: Handler = (ctx, world) => {
  requirePermissionReader(ctx.auth);
  requireApplication(ctx, world);
  const guildId = ctx.params.guild_id!;
  requireInstalledGuild(world, guildId);
  const perGuild = world.state.overwrites[guildId] ?? {};
  return json(
    200,
    Object.entries(perGuild)
      .filter(([, permissions]) => permissions.length > 0)
      .map(([targetId, permissions]) => entry(world, guildId, targetId, permissions)),
  );
};

export const getCommandPermissions: Handler = (ctx, world) => {
  requirePermissionReader(ctx.auth);
  requireApplication(ctx, world);
  const guildId = ctx.params.guild_id!;
  requireInstalledGuild(world, guildId);
  const targetId = requireTarget(ctx, world, guildId);
  const permissions = world.state.overwrites[guildId]?.[targetId];
  if (!permissions || permissions.length === 0) throw apiError('unknownCommandPermissions');
  return json(200, entry(world, guildId, targetId, permissions));
};

/**
 * Shape checks of the PUT body, every one reported in Discord's error tree: an item that is not an object
 * is MODEL_TYPE_CONVERT, an empty one LIST_ITEM_VALUE_REQUIRED (both recorded, discord-api-docs#4494), an
 * object where the list goes is read as the list of its keys (as for commands' options, discord-answers.ts).
 */
const PERMISSION_TYPES: readonly number[] = Object.values(PermissionType);
const EMPTY_ITEM = { code: 'LIST_ITEM_VALUE_REQUIRED', message: 'List item values of ModelType are required' } as const;

function overwriteProblems(body: unknown): FieldErrorItem[] {
  const list = typeof body === 'object' && body !== null ? (body as { permissions?: unknown }).permissions : undefined;
  if (list === undefined || list === null) return [{ path: 'permissions', code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }];
  if (typeof list === 'object' && !Array.isArray(list)) return Object.keys(list).map((_, index) => ({ path: `permissions[${index}]`, ...NOT_A_MODEL }));
  if (!Array.isArray(list)) return [{ path: 'permissions', ...NOT_A_LIST }];
  if (list.length > LIMITS.overwritesPerCommand) {
    return [{ path: 'permissions', code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${LIMITS.overwritesPerCommand} or fewer in length.` }];
  }
  return list.flatMap((item: unknown, index) => itemProblems(item, `permissions[${index}]`));
}

function itemProblems(item: unknown, at: string): FieldErrorItem[] {
  if (item === '' || item === null) return [{ path: at, ...EMPTY_ITEM }];
  if (typeof item !== 'object' || Array.isArray(item)) return [{ path: at, ...NOT_A_MODEL }];
  const parsed = permissionOverwriteSchema.safeParse(item);
  if (parsed.success && PERMISSION_TYPES.includes(parsed.data.type) && isSnowflake(parsed.data.id)) return [];
  const record = item as Record<string, unknown>;
  const problems: FieldErrorItem[] = [];
  if (typeof record.id !== 'string' || !isSnowflake(record.id)) {
    problems.push({ path: `${at}.id`, code: 'NUMBER_TYPE_COERCE', message: `Value "${String(record.id)}" is not snowflake.` });
  }
  if (typeof record.type !== 'number' || !Number.isInteger(record.type)) {
    problems.push({ path: `${at}.type`, code: 'NUMBER_TYPE_COERCE', message: notIntText(String(record.type)) });
  } else if (!PERMISSION_TYPES.includes(record.type)) {
    problems.push({ path: `${at}.type`, code: 'BASE_TYPE_CHOICES', message: `Value must be one of (${PERMISSION_TYPES.join(', ')}).` });
  }
  if (typeof record.permission !== 'boolean') {
    problems.push({ path: `${at}.permission`, code: 'BOOLEAN_TYPE_COERCE', message: `Value "${String(record.permission)}" is not a valid boolean.` });
  }
  return problems;
}

/** Roles whose overwrite a PUT adds, removes or flips. */
function changedRoleIds(before: readonly PermissionOverwrite[], after: readonly PermissionOverwrite[]): string[] {
  const roles = (list: readonly PermissionOverwrite[]) => new Map(list.filter((o) => o.type === PermissionType.Role).map((o) => [o.id, o.permission]));
  const was = roles(before);
  const now = roles(after);
  return [...new Set([...was.keys(), ...now.keys()])].filter((id) => was.get(id) !== now.get(id));
}

export const putCommandPermissions: Handler = (ctx, world) => {
  const userId = requirePermissionWriter(ctx.auth);
  requireApplication(ctx, world);
  const guildId = ctx.params.guild_id!;
  const guild = requireInstalledGuild(world, guildId);
  if (!guild.members[userId]) throw apiError('missingAccess');
  if (!canManageCommandPermissions(guild, userId)) throw apiError('missingPermissions');
  const targetId = requireTarget(ctx, world, guildId);
  const body = jsonBody(ctx);
  const problems = overwriteProblems(body);
  if (problems.length > 0) throw formBodyError(problems);
  const permissions = ((body as { permissions: PermissionOverwrite[] }).permissions).map(({ id, type, permission }) => ({ id, type, permission }));
  const perGuild = (world.state.overwrites[guildId] ??= {});
  if (changedRoleIds(perGuild[targetId] ?? [], permissions).some((roleId) => !canManageRole(guild, userId, roleId))) throw apiError('missingPermissions');
  if (permissions.length === 0) delete perGuild[targetId];
  else perGuild[targetId] = permissions;
  world.changed();
  const updated = entry(world, guildId, targetId, permissions);
  // The gateway event the PUT fires (facts §2); it needs no intent.
  world.gateway?.dispatch({ name: 'APPLICATION_COMMAND_PERMISSIONS_UPDATE', data: updated, guildId, intents: 0 });
  return json(200, updated);
};
