/**
 * The backup file format: one scope's commands (with full localizations) and their permission
 * overwrites, as the API returned them just before a mutation, plus when, why and for which app.
 * Serialization and parsing only; writing and listing files is source/backup/store.ts.
 * Pure; no I/O.
 */
import * as z from './zod.js';
import { commandSchema, guildCommandPermissionsSchema, scopeKey, snowflake, type Command, type GuildCommandPermissions, type Scope } from './model.js';
import { parseStrictJson, strictJsonProblem } from './strict-json.js';

export const BACKUP_FORMAT = 'cmd-tui/scope-backup';
/**
 * A backup taken with only a browser sign-in, which Discord lets read overwrites but not commands: it
 * has no command list at all. A format of its own, so that no reader — restore here, or an older
 * cmd-tui — can take the missing list for "no commands" and prune the scope to match.
 */
export const OVERWRITES_BACKUP_FORMAT = 'cmd-tui/overwrites-backup';

export interface ScopeBackup {
  format: typeof BACKUP_FORMAT;
  version: 1;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** What was about to happen: "apply commands.json", "delete /ping", "permissions of /ban". */
  reason: string;
  applicationId: string;
  scope: Scope;
  commands: Command[];
  /**
   * Overwrites of the scope's commands. Guild scope: every entry of that guild (including global
   * commands' and the app-level entry). Global scope: the global commands' entries in every guild.
   */
  permissions: GuildCommandPermissions[];
}

/** The overwrites only (OVERWRITES_BACKUP_FORMAT): a ScopeBackup without its commands. */
export interface OverwritesBackup extends Omit<ScopeBackup, 'format' | 'commands'> {
  format: typeof OVERWRITES_BACKUP_FORMAT;
}

const scopeSchema = z.union([
  z.object({ kind: z.literal('global') }),
  z.object({ kind: z.literal('guild'), guildId: snowflake }),
]);

const backupSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  reason: z.string(),
  applicationId: z.string(),
  scope: scopeSchema,
  commands: z.array(commandSchema),
  permissions: z.array(guildCommandPermissionsSchema),
});

const overwritesBackupSchema = z.object({
  format: z.literal(OVERWRITES_BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  reason: z.string(),
  applicationId: z.string(),
  scope: scopeSchema,
  permissions: z.array(guildCommandPermissionsSchema),
});

/** Said wherever an overwrites-only backup is offered to restore. */
export const OVERWRITES_ONLY_REFUSAL =
  'is a backup of permission overwrites only (taken with a browser sign-in, which cannot read commands). It cannot bring commands back: it has no command list, and read as one it would delete every command. `cmd-tui restore` of it puts back its overwrite lists only';

export function serializeBackup(backup: ScopeBackup | OverwritesBackup): string {
  return `${JSON.stringify(backup, null, 2)}\n`;
}

export type ParsedBackup = { ok: true; backup: ScopeBackup } | { ok: false; message: string };

export function parseBackup(text: string): ParsedBackup {
  const read = parseAnyBackup(text);
  if (!read.ok) return read;
  if (!('commands' in read.backup)) return { ok: false, message: OVERWRITES_ONLY_REFUSAL };
  return { ok: true, backup: read.backup };
}

export type ParsedAnyBackup = { ok: true; backup: ScopeBackup | OverwritesBackup } | { ok: false; message: string };

/**
 * Either kind of backup, intact (what the store checks after writing one, and lists), or what is wrong with
 * the file, said after its name: its JSON in the words every strict reader uses (strict-json.ts), or its shape.
 */
export function parseAnyBackup(text: string): ParsedAnyBackup {
  const read = parseStrictJson(text);
  if (!read.ok) return { ok: false, message: strictJsonProblem(read) };
  const overwrites = overwritesBackupSchema.safeParse(read.value);
  if (overwrites.success) return { ok: true, backup: overwrites.data as OverwritesBackup };
  const parsed = backupSchema.safeParse(read.value);
  if (parsed.success) return { ok: true, backup: parsed.data as ScopeBackup };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `is not a cmd-tui backup (${issue ? `${issue.path.join('.') || 'root'}: ${issue.message}` : 'unknown shape'})` };
}

export function isBackup(text: string): boolean {
  return parseAnyBackup(text).ok;
}

/** `2026-11-22T05-10-00-123Z_guild-123.json`: sorts by time, says the scope, no characters any OS refuses. */
export function backupFileName(backup: Pick<ScopeBackup, 'createdAt' | 'scope'>, uniqueSuffix: string): string {
  const stamp = backup.createdAt.replace(/[:.]/g, '-');
  return `${stamp}_${scopeKey(backup.scope).replace(':', '-')}_${uniqueSuffix}.json`;
}
