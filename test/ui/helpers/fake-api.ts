/**
 * An in-memory DiscordApi for component tests: a few commands per scope, one guild with overwrites,
 * upserts like the real API, and a way to make the next call fail or hang.
 */
import type { AuthKind, DiscordApi, OverwriteAccess } from '../../../source/api/contract.js';
import { RequestCancelledError } from '../../../source/api/errors.js';
import type { Channel, Command, CommandDraft, GuildCommandPermissions, Member, PartialGuild, PermissionOverwrite, Role, Scope } from '../../../source/discord/model.js';
import { scopeKey } from '../../../source/discord/model.js';
import { BACKUP_FORMAT } from '../../../source/discord/backup-format.js';
import type { Plan, Refusal } from '../../../source/discord/plan.js';
import type { CarriedOutPlan } from '../../../source/operations/carry-out-plan.js';
import type { PreparedPlan } from '../../../source/operations/prepare-plan.js';
import type { BackupFiles, Session } from '../../../source/ui/session/session.js';
import { loadable } from '../../../source/ui/session/loadable.js';
import type { BackupEntry } from '../../../source/backup/store.js';
import type { Workspace } from '../../../source/operations/workspace.js';

export const APP_ID = '100000000000000001';
export const GUILD_ID = '200000000000000002';

let nextId = 300000000000000000n;
function newId(): string {
  nextId += 1n;
  return String(nextId);
}

export function makeCommand(draft: Partial<Command> & { name: string }, scope: Scope = { kind: 'global' }): Command {
  return {
    id: newId(),
    application_id: APP_ID,
    version: newId(),
    type: 1,
    description: draft.type === 2 || draft.type === 3 ? '' : 'A command',
    default_member_permissions: null,
    ...(scope.kind === 'guild' ? { guild_id: scope.guildId } : {}),
    ...draft,
  } as Command;
}

export class FakeApi implements DiscordApi {
  readonly baseUrl = 'http://127.0.0.1:9/api/v10';
  readonly applicationId = APP_ID;
  readonly maxRequestsPerSecond = 50;
  rateLimitTally = () => ({ requests: this.calls.length, rateLimited: 0, globalRateLimited: 0, pacePerSecond: 50, configuredPerSecond: 50 });
  commands = new Map<string, Command[]>();
  permissions: GuildCommandPermissions[] = [];
  guilds: PartialGuild[] = [{ id: GUILD_ID, name: 'Test Guild' }];
  calls: string[] = [];
  /** The next call rejects with this error. */
  failNext?: unknown;
  /** Calls wait on this promise when set (to test spinners and ctrl+c). */
  gate?: Promise<void>;

  constructor(global: Command[] = [], guild: Command[] = []) {
    this.commands.set('global', global);
    this.commands.set(`guild:${GUILD_ID}`, guild);
  }

  /** The signal the calls of a withSignal() view carry (the view shares everything else with this API). */
  private context?: { signal: AbortSignal; onSent?: () => void };

  withSignal(signal: AbortSignal, onSent?: () => void): DiscordApi {
    const context = { signal, ...(onSent ? { onSent } : {}) };
    return new Proxy(this, { get: (target, property, receiver) => (property === 'context' ? context : Reflect.get(target, property, receiver)) });
  }

  /** Like the real client: a cancelled read stops at once; a write, once sent, waits for its answer. */
  private async step(call: string): Promise<void> {
    const signal = this.context?.signal;
    if (signal?.aborted) throw new RequestCancelledError(false);
    this.calls.push(call);
    this.context?.onSent?.();
    const reading = /^(list|permissions) /.test(call);
    if (this.gate) {
      await (reading && signal
        ? Promise.race([this.gate, new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new RequestCancelledError(true)), { once: true }))])
        : this.gate);
    }
    const failure = this.failNext;
    if (failure) {
      this.failNext = undefined;
      throw failure;
    }
  }
  private list(scope: Scope): Command[] {
    return this.commands.get(scopeKey(scope)) ?? [];
  }

  authKinds(): AuthKind[] {
    return ['bot'];
  }
  overwriteAccess(): OverwriteAccess {
    return this.authKinds().includes('user') ? 'ok' : 'no-sign-in';
  }
  async getApplication() {
    return { id: APP_ID, name: 'Test App', flags: 0 };
  }
  async listCommands(scope: Scope) {
    await this.step(`list ${scopeKey(scope)}`);
    return [...this.list(scope)];
  }
  async getCommand(scope: Scope, id: string) {
    const found = this.list(scope).find((c) => c.id === id);
    if (!found) throw new Error('unknown command');
    return found;
  }
  async createCommand(scope: Scope, draft: CommandDraft) {
    await this.step(`create ${scopeKey(scope)} ${draft.name}`);
    const existing = this.list(scope).find((c) => c.name === draft.name && c.type === (draft.type ?? 1));
    const command = makeCommand({ ...(draft as Partial<Command>), name: draft.name, ...(existing ? { id: existing.id } : {}) }, scope);
    this.commands.set(scopeKey(scope), [...this.list(scope).filter((c) => c !== existing), command]);
    return { command, created: !existing };
  }
  async editCommand(scope: Scope, id: string, patch: Partial<CommandDraft>) {
    await this.step(`edit ${scopeKey(scope)} ${id} ${JSON.stringify(patch)}`);
    const current = this.list(scope).find((c) => c.id === id);
    if (!current) throw new Error('unknown command');
    const command = { ...current, ...patch } as Command;
    this.commands.set(scopeKey(scope), this.list(scope).map((c) => (c.id === id ? command : c)));
    return command;
  }
  async deleteCommand(scope: Scope, id: string) {
    await this.step(`delete ${scopeKey(scope)} ${id}`);
    this.commands.set(scopeKey(scope), this.list(scope).filter((c) => c.id !== id));
  }
  async bulkOverwrite(): Promise<Command[]> {
    throw new Error('not used by the UI');
  }
  async listGuildPermissions(guildId: string) {
    await this.step(`permissions ${guildId}`);
    return this.permissions.filter((p) => p.guild_id === guildId);
  }
  async getCommandPermissions(guildId: string, commandId: string) {
    return this.permissions.find((p) => p.guild_id === guildId && p.id === commandId) ?? null;
  }
  async setCommandPermissions(_guildId: string, _commandId: string, _overwrites: PermissionOverwrite[]): Promise<GuildCommandPermissions> {
    throw new Error('not used by the UI');
  }
  async getCurrentUser() {
    return { id: '400000000000000004', username: 'testbot' };
  }
  async listCurrentUserGuilds() {
    return this.guilds;
  }
  async getGuild(guildId: string) {
    return this.guilds.find((g) => g.id === guildId) ?? { id: guildId, name: 'unknown' };
  }
  async getGuildRoles(): Promise<Role[]> {
    return [];
  }
  async getGuildChannels(): Promise<Channel[]> {
    return [];
  }
  async getChannel(channelId: string): Promise<Channel> {
    return { id: channelId, type: 0, guild_id: GUILD_ID };
  }
  async getGuildMember(_guildId: string, _userId: string): Promise<Member> {
    throw new Error('not used by the UI');
  }
  async listGuildMembers(_guildId: string, _page: { limit: number; after?: string }): Promise<Member[]> {
    return [];
  }
  async searchGuildMembers(_guildId: string, _query: string, _limit: number): Promise<Member[]> {
    return [];
  }
}

export interface FakeSession extends Session {
  backups: { scope: Scope; reason: string }[];
  exports: Map<string, string>;
  editorInputs: string[];
  /** Replies of $EDITOR, one per opening. */
  editorReplies: ((text: string) => string)[];
}

/** The operations' workspace over the fake API: creates counted, backups read from what the API holds and kept in `backups`. */
export function fakeWorkspace(api: FakeApi, backups: { scope: Scope; reason: string }[] = []): Workspace {
  let creates = 0;
  return {
    api,
    createBudget: async () => ({ used: creates, unanswered: 0, remaining: Math.max(0, 200 - creates), day: '2026-01-01' }),
    countCreate: async (_scope, send) => {
      const result = await send();
      if (result.created) creates += 1;
      return result;
    },
    // What the fake API holds, read without a request (a gated call would hold the backup too); cancelled like a read.
    snapshot: async (scope, reason, signal) => {
      if (signal?.aborted) throw new RequestCancelledError(false);
      const commands = api.commands.get(scopeKey(scope)) ?? [];
      const permissions = scope.kind === 'guild' ? api.permissions.filter((entry) => entry.guild_id === scope.guildId) : [];
      return { format: BACKUP_FORMAT, version: 1, createdAt: '2026-01-01T00:00:00.000Z', reason, applicationId: APP_ID, scope, commands: structuredClone(commands), permissions: structuredClone(permissions) };
    },
    keep: async (snapshot) => {
      backups.push({ scope: snapshot.scope, reason: snapshot.reason });
      return `/backups/${backups.length}.json`;
    },
  };
}

/** `overrides`: models in place of the fake's own (the Try screen's emulators, a target label…); `workspace`: parts of the workspace (a real lock…). */
export function fakeSession(api: FakeApi, overrides: Partial<Session> = {}, workspace: Partial<Workspace> = {}): FakeSession {
  const backups: { scope: Scope; reason: string }[] = [];
  const session: FakeSession = {
    api,
    workspace: { ...fakeWorkspace(api, backups), ...workspace },
    target: { label: 'test server' },
    opening: {},
    emulators: {},
    backups,
    exports: new Map(),
    editorInputs: [],
    editorReplies: [],
    files: {
      writeExport: async (name, contents) => {
        session.exports.set(name, contents);
        return `/exports/${name}`;
      },
      editText: async (text) => {
        session.editorInputs.push(text);
        const reply = session.editorReplies.shift();
        return reply ? reply(text) : text;
      },
    },
    ...overrides,
  };
  return session;
}

/** The session's backups model over a test's functions: its list loads when a screen subscribes, and again after a restore, as make-session.ts wires it. */
export function fakeBackupFiles(files: { list: () => Promise<BackupEntry[]>; prepare: BackupFiles['prepare']; carryOut: BackupFiles['carryOut'] }): BackupFiles {
  const list = loadable(files.list);
  return { list, prepare: files.prepare, carryOut: (prepared, options) => files.carryOut(prepared, options).finally(list.reload) };
}

/**
 * A plan as the plan engine prepares it, for screens given a fake `copy` or `backupFiles`: creates `create`
 * (and deletes `remove`) in `scope`, a restore's `overwrites` when given, with `refusals`.
 */
export function fakePrepared(options: { create?: string[]; remove?: string[]; overwrites?: { commandId: string; target: string; overwrites?: PermissionOverwrite[] }[]; overwritesOnly?: boolean; restore?: boolean; refusals?: Refusal[]; ghosts?: string[]; scope?: Scope } = {}): PreparedPlan {
  const { create = [], remove = [], overwrites = [], refusals = [], ghosts = [], scope = { kind: 'guild', guildId: GUILD_ID } } = options;
  const plan: Plan = { create: create.map((name) => ({ name, type: 1, body: { name, description: 'A command', type: 1 } })), update: [], delete: remove.map((name, index) => ({ id: String(900 + index), name, type: 1 })), unchanged: [], createsUsed: create.length };
  const lists = overwrites.map((list) => ({ guildId: GUILD_ID, overwrites: [], ...list }));
  const restore = options.restore || options.overwritesOnly || overwrites.length > 0;
  return {
    intent: { kind: 'apply', scope, commands: [], skippedFiles: 0, adapt: false, prune: false, reason: 'test', journal: { command: 'test', rerunnable: false } },
    scope,
    plan,
    prune: restore === true,
    live: [],
    budget: { used: 0, unanswered: 0, remaining: 200, day: '2026-01-01' },
    refusals,
    changes: create.length + remove.length + lists.length > 0,
    warnings: [],
    adaptations: [],
    ghosts,
    ...(restore ? { restore: { backup: { applicationId: APP_ID, scope, permissions: [], ...(options.overwritesOnly ? {} : { commands: [] }) } as never, overwritesOnly: options.overwritesOnly === true, unrestorable: [], overwrites: lists, known: [] } } : {}),
    reason: 'test',
    journal: { command: 'test', rerunnable: false },
  };
}

/** What carrying out a plan answered: `steps` changes and `restored` overwrite lists, backed up in `backup`. */
export function fakeCarriedOut(options: Partial<CarriedOutPlan> = {}): CarriedOutPlan {
  return { backup: '/b/3.json', steps: [], restored: [], notRestored: [], unrestorable: [], createsRemaining: 200, ...options };
}
