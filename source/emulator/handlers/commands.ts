/**
 * The command routes, global and guild: list (with the requester's localizations), get, create
 * (201 new / 200 upsert), edit, delete (204) and bulk overwrite. Semantics live in command-store.ts.
 */
import { requireCommandManager } from '../auth.js';
import { scopeKey } from '../../discord/model.js';
import { bulkOverwrite, deleteCommand, editCommand, findCommand, upsertCommand } from '../command-store.js';
import { localizedView, requesterLocale } from '../localize.js';
import { json, jsonBody, queryFlag, type Handler } from '../request-context.js';
import { scopeCommands } from '../state.js';
import { scopeOf } from './scope.js';

export const listCommands: Handler = (ctx, world) => {
  requireCommandManager(ctx.auth);
  const scope = scopeOf(ctx, world);
  const commands = scopeCommands(world.state, scopeKey(scope));
  if (queryFlag(ctx.query, 'with_localizations')) return json(200, commands);
  const locale = requesterLocale(ctx.headers);
  return json(200, commands.map((command) => localizedView(command, locale)));
};

export const getCommand: Handler = (ctx, world) => {
  requireCommandManager(ctx.auth);
  return json(200, findCommand(world.state, scopeOf(ctx, world), ctx.params.command_id!));
};

export const createCommand: Handler = (ctx, world) => {
  requireCommandManager(ctx.auth);
  const scope = scopeOf(ctx, world);
  const { command, created } = upsertCommand(world, scope, jsonBody(ctx));
  return json(created ? 201 : 200, command);
};

export const patchCommand: Handler = (ctx, world) => {
  requireCommandManager(ctx.auth);
  const scope = scopeOf(ctx, world);
  return json(200, editCommand(world, scope, ctx.params.command_id!, jsonBody(ctx)));
};

export const removeCommand: Handler = (ctx, world) => {
  requireCommandManager(ctx.auth);
  deleteCommand(world, scopeOf(ctx, world), ctx.params.command_id!);
  return json(204);
};

export const overwriteCommands: Handler = (ctx, world) => {
  requireCommandManager(ctx.auth);
  const scope = scopeOf(ctx, world);
  return json(200, bulkOverwrite(world, scope, jsonBody(ctx)));
};
