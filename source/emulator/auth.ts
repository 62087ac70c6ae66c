/**
 * Who is calling: resolves the Authorization header to a bot, a client-credentials Bearer or a user
 * Bearer, and the guards each route group applies (facts §3 "Authorization per endpoint").
 * Error choices where the facts sheet is silent are documented in the README's emulator section.
 */
import { apiError } from './api-errors.js';
import type { AuthContext } from './request-context.js';
import type { EmulatorState } from './state.js';

export const SCOPES = {
  commandsUpdate: 'applications.commands.update',
  permissionsUpdate: 'applications.commands.permissions.update',
  identify: 'identify',
  guilds: 'guilds',
} as const;

/** Resolves the header; a missing header gives `none` (each route decides), a bad one fails with 401. */
export function authenticate(header: string | undefined, state: EmulatorState, now: number): AuthContext {
  if (!header) return { kind: 'none' };
  const [scheme, credential, ...extra] = header.trim().split(/\s+/);
  if (!credential || extra.length > 0) throw apiError('unauthorized');
  if (scheme === 'Bot') {
    if (credential !== state.application.botToken) throw apiError('invalidBotToken');
    return { kind: 'bot' };
  }
  if (scheme === 'Bearer') {
    const token = state.tokens[credential];
    if (!token || token.expiresAt <= now) throw apiError('invalidBearer');
    return { kind: token.kind, accessToken: credential, token };
  }
  throw apiError('unauthorized');
}

/** The auth kind recorded in the request log — never the token itself. */
export function authKindLabel(header: string | undefined, auth: AuthContext | undefined): string {
  if (auth) return auth.kind;
  return header ? 'invalid' : 'none';
}

function hasScope(auth: AuthContext, scope: string): boolean {
  return (auth.kind === 'user' || auth.kind === 'client-credentials') && auth.token.scopes.includes(scope);
}

function requirePresent(auth: AuthContext): void {
  if (auth.kind === 'none') throw apiError('unauthorized');
}

/**
 * Command CRUD: a bot token or a client-credentials token with applications.commands.update.
 * A user's Bearer never manages commands (that scope is client-credentials only): 403/20012.
 */
export function requireCommandManager(auth: AuthContext): void {
  requirePresent(auth);
  if (auth.kind === 'bot') return;
  if (auth.kind === 'user') {
    // Discord's words only: cmd-tui's client explains which token commands need (issue 22).
    throw apiError('notAuthorizedForApp');
  }
  if (!hasScope(auth, SCOPES.commandsUpdate)) throw apiError('missingScope');
}

/** Reading overwrites: bot, client credentials with applications.commands.update, or a user with the permissions scope. */
export function requirePermissionReader(auth: AuthContext): void {
  requirePresent(auth);
  if (auth.kind === 'bot') return;
  if (hasScope(auth, SCOPES.permissionsUpdate) || hasScope(auth, SCOPES.commandsUpdate)) return;
  throw apiError('missingScope');
}

/** Writing overwrites: only a user Bearer with applications.commands.permissions.update; returns the user id. */
export function requirePermissionWriter(auth: AuthContext): string {
  requirePresent(auth);
  if (auth.kind === 'bot') throw apiError('botsCannotUse');
  if (auth.kind !== 'user' || !hasScope(auth, SCOPES.permissionsUpdate)) throw apiError('missingScope');
  return auth.token.userId;
}

/** Bot-only routes (guild pickers, application): a Bearer is told 401 as Discord does. */
export function requireBot(auth: AuthContext): void {
  if (auth.kind !== 'bot') throw apiError('unauthorized');
}

/** Routes a bot or a Bearer with `scope` may call; returns the user id for a Bearer, undefined for the bot. */
export function requireBotOrScope(auth: AuthContext, scope: string): string | undefined {
  requirePresent(auth);
  if (auth.kind === 'bot') return undefined;
  if (auth.kind !== 'none' && hasScope(auth, scope)) return auth.token.userId;
  throw apiError('missingScope');
}
