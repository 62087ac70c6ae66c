/**
 * The one audit engine: findings about an app's stored commands and overwrites, globally and per
 * guild — validation problems, deprecated fields, ghost duplicates, admin-only commands, overwrites
 * pointing at deleted roles or unseen channels, counts against caps, and which guilds hold guild
 * commands at all (peers.md §2 complaint 5). Shared by `cmd-tui audit` and the TUI. Pure; no I/O.
 */
import {
  COMMAND_TYPE_NAMES,
  CommandType,
  InteractionContext,
  IntegrationType,
  LIMITS,
  PermissionType,
  allChannelsId,
  everyoneId,
  type Channel,
  type Command,
  type GuildCommandPermissions,
  type Role,
} from './model.js';
import { validateCommandSet } from './validate.js';

export type FindingKind =
  | 'validation'
  | 'deprecated-field'
  | 'ghost-duplicate'
  | 'admin-only'
  | 'deleted-role'
  | 'hidden-or-deleted-channel'
  | 'orphan-overwrite'
  | 'cap'
  | 'no-access';

export interface Finding {
  kind: FindingKind;
  /** error and warning make `audit` exit 1; info is reported only. */
  severity: 'error' | 'warning' | 'info';
  /** Absent for findings about the global scope as a whole. */
  guildId?: string;
  commandId?: string;
  commandName?: string;
  message: string;
  hint?: string;
  /** The overwrite a finding is about (a deleted role's, a hidden channel's): where its fix lands. */
  overwrite?: { type: number; id: string };
}

export interface TypeCount {
  type: string;
  count: number;
  cap: number;
}

export interface ScopeAudit {
  counts: TypeCount[];
  findings: Finding[];
}

/** The global scope's audit: its findings and how many commands it holds. */
export type GlobalAudit = ScopeAudit & { commandCount: number };

export interface GuildAudit extends ScopeAudit {
  guildId: string;
  guildName: string;
  /** Global commands that show up in this guild (GUILD_INSTALL and the GUILD context). */
  globalVisible: number;
  guildCommands: Array<{ id: string; name: string; type: number }>;
  overwriteCount: number;
}

export interface AuditReport {
  applicationId: string;
  global: GlobalAudit;
  guilds: GuildAudit[];
  /** Guilds that hold at least one guild command: where ghost commands can hide. */
  guildsWithCommands: string[];
  totals: { error: number; warning: number; info: number };
}

export interface AppContext {
  applicationId: string;
  appFlags?: number;
  supportedIntegrationTypes?: number[];
}

export interface GuildSnapshot {
  guildId: string;
  guildName: string;
  commands: Command[];
  permissions: GuildCommandPermissions[];
  /** null when they could not be read (no bot token): deleted-role checks are skipped. */
  roles: Role[] | null;
  /** As the API lists them: channels the bot cannot view are missing. null when not read. */
  channels: Channel[] | null;
}

export function auditGlobal(commands: readonly Command[], app: AppContext): GlobalAudit {
  const findings = [...commandFindings(commands, 'global', app, undefined)];
  const counts = countByType(commands, 'global');
  findings.push(...capFindings(counts, undefined));
  return { commandCount: commands.length, counts, findings };
}

/** What every guild's audit needs from the global scope: the same for each of thousands of guilds. */
interface GlobalScopeFacts {
  visible: readonly Command[];
  /** `type:name` of the visible ones, for ghost duplicates. */
  visibleKeys: ReadonlySet<string>;
  /** The visible ones that only administrators pass by default, in list order. */
  visibleAdminOnly: readonly Command[];
  byId: ReadonlyMap<string, Command>;
}

/**
 * Worked out once per global list (an audit reads it once and never changes it in place): worked out
 * per guild, it was most of the engine's time in an audit of 20,000 guilds.
 */
const globalScopeFacts = new WeakMap<readonly Command[], GlobalScopeFacts>();

function factsOfGlobalScope(globalCommands: readonly Command[]): GlobalScopeFacts {
  let facts = globalScopeFacts.get(globalCommands);
  if (!facts) {
    const visible = globalCommands.filter(isVisibleInGuilds);
    facts = {
      visible,
      visibleKeys: new Set(visible.map(commandKey)),
      visibleAdminOnly: visible.filter(isAdminOnlyByDefault),
      byId: new Map(globalCommands.map((command) => [command.id, command])),
    };
    globalScopeFacts.set(globalCommands, facts);
  }
  return facts;
}

export function auditGuild(snapshot: GuildSnapshot, globalCommands: readonly Command[], app: AppContext): GuildAudit {
  const { guildId } = snapshot;
  const global = factsOfGlobalScope(globalCommands);
  const visible = global.visible;
  const findings: Finding[] = [...commandFindings(snapshot.commands, 'guild', app, guildId)];
  findings.push(...ghostDuplicates(snapshot.commands, global.visibleKeys, guildId));
  findings.push(...adminOnly([...global.visibleAdminOnly, ...snapshot.commands.filter(isAdminOnlyByDefault)], snapshot.permissions, app.applicationId, guildId));
  // A guild command shadows a global one of the same id, as the later entry of one map would.
  const guildById = new Map(snapshot.commands.map((command) => [command.id, command]));
  findings.push(...overwriteTargets(snapshot, (id) => guildById.get(id) ?? global.byId.get(id), app.applicationId));
  const counts = countByType(snapshot.commands, 'guild');
  findings.push(...capFindings(counts, guildId));
  return {
    guildId,
    guildName: snapshot.guildName,
    globalVisible: visible.length,
    guildCommands: snapshot.commands.map(({ id, name, type }) => ({ id, name, type })),
    overwriteCount: snapshot.permissions.reduce((sum, entry) => sum + entry.permissions.length, 0),
    counts,
    findings,
  };
}

/** A guild the app could not read (not authorized there any more, or gone): reported, not fatal. */
export function unreadableGuild(guildId: string, guildName: string, reason: string): GuildAudit {
  return {
    guildId,
    guildName,
    globalVisible: 0,
    guildCommands: [],
    overwriteCount: 0,
    counts: [],
    findings: [
      {
        kind: 'no-access',
        severity: 'warning',
        guildId,
        message: `Could not read guild ${guildName} (${guildId}): ${reason}`,
        hint: 'Re-invite the app with the applications.commands scope, or remove it from that guild.',
      },
    ],
  };
}

export function buildReport(applicationId: string, global: AuditReport['global'], guilds: GuildAudit[]): AuditReport {
  const totals = { error: 0, warning: 0, info: 0 };
  for (const finding of [...global.findings, ...guilds.flatMap((guild) => guild.findings)]) totals[finding.severity]++;
  return {
    applicationId,
    global,
    guilds,
    guildsWithCommands: guilds.filter((guild) => guild.guildCommands.length > 0).map((guild) => guild.guildId),
    totals,
  };
}

/** Problems a user must look at: `audit` exits 1 when there is any. */
export function hasProblems(report: AuditReport): boolean {
  return report.totals.error + report.totals.warning > 0;
}

function commandFindings(commands: readonly Command[], scope: 'global' | 'guild', app: AppContext, guildId: string | undefined): Finding[] {
  const findings: Finding[] = [];
  // Stored commands as returned: the validator knows which fields the API fills in itself.
  const problems = validateCommandSet(commands, {
    scope,
    appFlags: app.appFlags,
    supportedIntegrationTypes: app.supportedIntegrationTypes,
  });
  for (const problem of problems) {
    const index = /^\[(\d+)\]/.exec(problem.path)?.[1];
    const command = index === undefined ? undefined : commands[Number(index)];
    findings.push({
      kind: 'validation',
      severity: problem.severity,
      ...where(guildId, command),
      message: `${command ? `${label(command)}: ` : ''}${problem.message}${problem.path ? ` (at ${problem.path})` : ''}`,
      hint: 'Fix the command and apply it again; Discord may refuse the next edit of it until then.',
    });
  }
  for (const command of commands) findings.push(...deprecatedFields(command, guildId));
  return findings;
}

/**
 * The API echoes dm_permission and default_permission on every command, so only values that
 * still decide something count as "in use": default_permission false, or dm_permission: false on a
 * command without contexts. dm_permission: true with contexts null is what the API answers for a
 * command sent with neither (test/fixtures/discord/command-created.json).
 */
function deprecatedFields(command: Command, guildId: string | undefined): Finding[] {
  const findings: Finding[] = [];
  const hint = 'Export the scope, replace the field in the file as suggested and apply it.';
  if (command.default_permission === false) {
    findings.push({
      kind: 'deprecated-field',
      severity: 'warning',
      ...where(guildId, command),
      message: `${label(command)} is disabled by the deprecated default_permission: false.`,
      hint: `Use default_member_permissions: "0" instead. ${hint}`,
    });
  }
  if (command.dm_permission === false && !Array.isArray(command.contexts)) {
    findings.push({
      kind: 'deprecated-field',
      severity: 'warning',
      ...where(guildId, command),
      message: `${label(command)} relies on the deprecated dm_permission (${String(command.dm_permission)}) instead of contexts.`,
      hint: `Set contexts (0 = guilds, 1 = bot DMs, 2 = private channels). ${hint}`,
    });
  }
  return findings;
}

function commandKey(command: Command): string {
  return `${command.type}:${command.name}`;
}

function ghostDuplicates(guildCommands: readonly Command[], visibleGlobalKeys: ReadonlySet<string>, guildId: string): Finding[] {
  return guildCommands
    .filter((command) => visibleGlobalKeys.has(commandKey(command)))
    .map((command) => ({
      kind: 'ghost-duplicate' as const,
      severity: 'warning' as const,
      ...where(guildId, command),
      message: `${label(command)} exists both globally and as a guild command here: members see it twice.`,
      hint: `Unless it is a deliberate test version, delete the guild copy: cmd-tui export --guild ${guildId} -o guild-${guildId}.json, remove ${label(command)} from that file, then cmd-tui apply guild-${guildId}.json --guild ${guildId} --prune (or press d on it in the TUI).`,
    }));
}

/**
 * With default_member_permissions "0" only administrators pass, unless a role or user overwrite
 * allows someone: the command's own, or the app-level entry's when the command has none of its own.
 * Channel overwrites only narrow where a command works; they never let anyone in.
 */
function isAdminOnlyByDefault(command: Command): boolean {
  return command.default_member_permissions === '0';
}

/** `commands`: those only administrators pass by default (isAdminOnlyByDefault). */
function adminOnly(commands: readonly Command[], permissions: readonly GuildCommandPermissions[], applicationId: string, guildId: string): Finding[] {
  if (commands.length === 0) return [];
  const entries = new Map(permissions.filter((entry) => entry.permissions.length > 0).map((entry) => [entry.id, entry.permissions]));
  const letsSomeoneIn = (commandId: string) =>
    (entries.get(commandId) ?? entries.get(applicationId) ?? []).some((overwrite) => overwrite.permission && overwrite.type !== PermissionType.Channel);
  return commands
    .filter((command) => !letsSomeoneIn(command.id))
    .map((command) => ({
      kind: 'admin-only' as const,
      severity: 'warning' as const,
      ...where(guildId, command),
      message: `${label(command)} has default_member_permissions "0" and no overwrite here that allows a role or user: only administrators can use it.`,
      hint: `Allow a role (cmd-tui perms set --guild ${guildId} --command ${command.id} --allow role:ID) or change default_member_permissions.`,
    }));
}

function overwriteTargets(snapshot: GuildSnapshot, commandById: (id: string) => Command | undefined, applicationId: string): Finding[] {
  const { guildId } = snapshot;
  const roles = snapshot.roles && new Set([everyoneId(guildId), ...snapshot.roles.map((role) => role.id)]);
  const channels = snapshot.channels && new Set([allChannelsId(guildId), ...snapshot.channels.map((channel) => channel.id)]);
  const findings: Finding[] = [];
  for (const entry of snapshot.permissions) {
    const command = commandById(entry.id);
    const target = entry.id === applicationId ? 'the app-level entry' : command ? label(command) : undefined;
    if (target === undefined) {
      findings.push({
        kind: 'orphan-overwrite',
        severity: 'info',
        guildId,
        commandId: entry.id,
        message: `Overwrites exist for command ${entry.id}, which is no longer a command of this app.`,
      });
      continue;
    }
    for (const overwrite of entry.permissions) {
      const base = { guildId, commandId: entry.id, ...(command ? { commandName: command.name } : {}) };
      if (overwrite.type === PermissionType.Role && roles && !roles.has(overwrite.id)) {
        findings.push({
          ...base,
          kind: 'deleted-role',
          severity: 'warning',
          overwrite: { type: overwrite.type, id: overwrite.id },
          message: `An overwrite on ${target} targets deleted role ${overwrite.id}.`,
          hint: `Remove the overwrite (cmd-tui perms set --guild ${guildId} --command ${entry.id === applicationId ? 'app' : entry.id} --remove role:${overwrite.id} --yes) or grant a role that exists.`,
        });
      }
      if (overwrite.type === PermissionType.Channel && channels && !channels.has(overwrite.id)) {
        findings.push({
          ...base,
          kind: 'hidden-or-deleted-channel',
          severity: 'info',
          overwrite: { type: overwrite.type, id: overwrite.id },
          message: `An overwrite on ${target} targets hidden or deleted channel ${overwrite.id}.`,
          hint: 'The bot cannot see this channel (or it is gone); give the bot View Channel there to check.',
        });
      }
    }
  }
  return findings;
}

function countByType(commands: readonly Command[], scope: 'global' | 'guild'): TypeCount[] {
  const types: number[] = [CommandType.ChatInput, CommandType.User, CommandType.Message];
  if (scope === 'global') types.push(CommandType.PrimaryEntryPoint);
  return types.map((type) => ({
    type: COMMAND_TYPE_NAMES[type] ?? String(type),
    count: commands.filter((command) => command.type === type).length,
    cap: LIMITS.perScope[type] ?? 0,
  }));
}

/** At the cap nothing more can be created; beyond it the scope is already broken. */
function capFindings(counts: readonly TypeCount[], guildId: string | undefined): Finding[] {
  return counts
    .filter(({ count, cap }) => cap > 0 && count >= cap)
    .map(({ type, count, cap }) => ({
      kind: 'cap' as const,
      severity: count > cap ? ('error' as const) : ('info' as const),
      ...(guildId ? { guildId } : {}),
      message: `${count} of ${cap} ${type} commands: ${count > cap ? 'over' : 'at'} the cap.`,
      hint: 'Delete unused commands before adding new ones.',
    }));
}

function isVisibleInGuilds(command: Command): boolean {
  const installable = !Array.isArray(command.integration_types) || command.integration_types.includes(IntegrationType.GuildInstall);
  const inGuilds = !Array.isArray(command.contexts) || command.contexts.includes(InteractionContext.Guild);
  return installable && inGuilds;
}

function where(guildId: string | undefined, command: Command | undefined): Pick<Finding, 'guildId' | 'commandId' | 'commandName'> {
  return {
    ...(guildId ? { guildId } : {}),
    ...(command ? { commandId: command.id, commandName: command.name } : {}),
  };
}

function label(command: Pick<Command, 'name' | 'type'>): string {
  return command.type === CommandType.ChatInput ? `/${command.name}` : `${COMMAND_TYPE_NAMES[command.type] ?? 'command'} "${command.name}"`;
}
