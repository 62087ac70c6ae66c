/**
 * Builds a Session's models around a connected API: the workspace (operations/workspace.ts), the plan
 * engine's copy and restore, the backups list, the guilds remembered, the user's files; and what a
 * connection reads before the first frame. No Ink or React here: sessions open while they load.
 */
import { resolve } from 'node:path';
import { canReadCommands, type DiscordApi } from '../../api/contract.js';
import type { ProfileInUse } from '../../connect/resolve-target.js';
import { DISCORD_API_BASE, isLiveDiscord, isLoopbackHost } from '../../api/target.js';
import type { CliIo } from '../../commands/types.js';
import type { Environment } from '../../config/environment.js';
import type { EmulatorControl } from '../../discord/emulator-control.js';
import { GLOBAL_SCOPE } from '../../discord/model.js';
import type { Workspace } from '../../operations/workspace.js';
import { editInExternalEditor } from '../editor/external-editor.js';
import { userLabel } from '../format/user-label.js';
import { loadable } from './loadable.js';
import type { BackupFiles, CopyPlans, GuildMemory, OpeningReads, Session } from './session.js';
import { writeNewFile } from './write-new-file.js';

/** Where a run points: the API's URL, whether it is the embedded demo, and the profile for it. */
export interface Target {
  url: string;
  demo: boolean;
  profile?: ProfileInUse;
  /** Profiles exist, but none is for this API. */
  outsideProfiles?: boolean;
}

export type ProfileOf = Pick<Target, 'profile' | 'outsideProfiles'>;

export function targetLabel(baseUrl: string, demo: boolean): string {
  if (demo) return `demo emulator ${baseUrl}`;
  if (baseUrl === DISCORD_API_BASE) return 'Discord';
  return isLoopbackHost(new URL(baseUrl).hostname) ? `local ${baseUrl}` : baseUrl;
}

/**
 * The application, the global commands and whose token it is, read together (the first frame shows
 * all three). A list that cannot be read is left to the
 * list screen, which says why and offers to try again.
 */
export async function firstReads(api: DiscordApi): Promise<OpeningReads> {
  // A browser sign-in alone may read neither the application nor its commands: only whose sign-in it is.
  if (!canReadCommands(api)) return { who: await api.getCurrentUser().then(userLabel, () => null) };
  const [application, globalCommands, who] = await Promise.all([
    api.getApplication(),
    api.listCommands(GLOBAL_SCOPE, { withLocalizations: true }).catch(() => undefined),
    api.getCurrentUser().then(userLabel, () => null),
  ]);
  return { application, globalCommands, who };
}

/** Ties an API to the local ledger, backups, export and $EDITOR; `environment` says where files go (the demo's: its own throwaway home) and which editor. */
export async function makeSession(api: DiscordApi, label: string, io: CliIo, environment: Environment, signIn?: Session['signIn']): Promise<Session> {
  const { openWorkspace } = await import('../../operations/workspace.js');
  const workspace = openWorkspace(api, environment.paths());
  return {
    api,
    workspace,
    target: { label },
    opening: {},
    copy: copyPlans(workspace),
    backupFiles: backupFiles(workspace, environment),
    guildMemory: guildMemory(api, environment),
    emulators: {},
    ...(signIn ? { signIn } : {}),
    files: {
      writeExport: (fileName, contents) => writeNewFile(resolve(io.cwd), fileName, contents),
      editText: async (text) => editInExternalEditor(text, environment.editor),
    },
  };
}

/** The plan engine loads with the first plan, not with the first frame. */
async function planEngine() {
  const [prepare, carryOut] = await Promise.all([import('../../operations/prepare-plan.js'), import('../../operations/carry-out-plan.js')]);
  return { preparePlan: prepare.preparePlan, prepareRestore: prepare.prepareRestore, carryOutPlan: carryOut.carryOutPlan };
}

function copyPlans(workspace: Workspace): CopyPlans {
  return {
    prepare: async (request) => (await planEngine()).preparePlan(workspace, { kind: 'copy', request }),
    carryOut: async (prepared, options) => (await planEngine()).carryOutPlan(workspace, prepared, options),
  };
}

function backupFiles(workspace: Workspace, environment: Environment): BackupFiles {
  const { api } = workspace;
  const list = loadable(async () => {
    const { readBackupFolder } = await import('../../backup/store.js');
    const { backups, damaged } = await readBackupFolder(environment.paths().backups);
    // A damaged file names no application for sure: each is said, whichever app it was.
    return { backups: backups.filter((entry) => entry.applicationId === api.applicationId).reverse(), damaged };
  });
  return {
    list,
    prepare: async (path, known = []) => {
      const backup = await (await import('../../backup/store.js')).readAnyBackup(path);
      return (await planEngine()).prepareRestore(workspace, { kind: 'restore', backup, path, known });
    },
    // A restore keeps a backup of the scope before it sends anything: the list has a new one.
    carryOut: async (prepared, options) => (await planEngine()).carryOutPlan(workspace, prepared, options).finally(list.reload),
  };
}

function guildMemory(api: DiscordApi, environment: Environment): GuildMemory {
  const settings = () => Promise.all([import('../../config/settings.js'), import('../../config/recent-guilds.js')]);
  const recent = loadable(async () => {
    const [{ openSettings }, { recentGuildsOf }] = await settings();
    return recentGuildsOf(openSettings(environment.paths()).read(), api.baseUrl, api.applicationId);
  });
  return {
    recent,
    remember: async (guild) => {
      const [{ openSettings }, { rememberRecentGuild }] = await settings();
      await rememberRecentGuild(openSettings(environment.paths()), api.baseUrl, api.applicationId, guild);
      recent.reload();
    },
    keepForCompletion: async (guilds) => (await import('../../config/guild-cache.js')).rememberGuilds(environment.paths(), api.baseUrl, api.applicationId, guilds),
  };
}

/**
 * The profile in use names the header and gives the app its default guild; with none for this API
 * (resolve-target.ts) while profiles exist, the header says "no profile".
 */
export function withProfile(session: Session, { profile, outsideProfiles }: ProfileOf): Session {
  const { label, environmentNote } = session.target;
  const kept = { label, ...(environmentNote === undefined ? {} : { environmentNote }) };
  if (!profile) return outsideProfiles ? { ...session, target: { ...kept, outsideProfiles } } : session;
  return { ...session, target: { ...kept, profile: profile.name, ...(profile.guildId ? { defaultGuildId: profile.guildId } : {}) } };
}

/** Which exported DISCORD_* variables the session uses or set aside, for the header (auth/credential-choice.ts). */
export function withEnvironmentNote(session: Session, note: string | undefined): Session {
  return note === undefined ? session : { ...session, target: { ...session.target, environmentNote: note } };
}

/**
 * An API other than live Discord may be a `cmd-tui serve`: the control secret its Try screen sends, as `cmd-tui
 * try` finds it (CMD_TUI_EMULATOR_SECRET, else the file a serve of this user left, for an address on this
 * machine only), and where, or that none was found (the Try screen then says how to give it).
 */
export async function emulatorControlOf(baseUrl: string, environment: Environment): Promise<EmulatorControl | undefined> {
  if (isLiveDiscord(baseUrl)) return undefined;
  const url = new URL(baseUrl);
  const { emulatorControlFor } = await import('../../config/emulator-secrets.js');
  return emulatorControlFor(url.origin, environment, 'tui');
}
