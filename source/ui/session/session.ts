/**
 * Everything the UI needs from the outside world, injected at start-up so component tests can pass
 * fakes, as small models each screen takes what it needs from (k9s' views over models): the workspace
 * every operation works with, where the API points, what was read while connecting, the plan engine's
 * copy and restore, the backups, the guilds remembered, the emulators the Try screen uses, the browser
 * sign-in, and the files the user gets (export, $EDITOR). A model that lists something loads and
 * reloads it itself (loadable.ts): a screen subscribes, and a write that changes the list reloads it.
 */
import type { DiscordApi } from '../../api/contract.js';
import type { Workspace } from '../../operations/workspace.js';
import type { BackupEntry, DamagedBackup } from '../../backup/store.js';
import type { CarriedOutPlan, CarryOutOptions } from '../../operations/carry-out-plan.js';
import type { CopyRequest } from '../../operations/copy-source.js';
import type { PreparedPlan, Preparation } from '../../operations/prepare-plan.js';
import type { RecentGuild } from '../../config/settings.js';
import type { Application, Command } from '../../discord/model.js';
import type { EmulatorEndpoint, TryOnEmulator } from './emulator-for-try.js';
import type { EmulatorControl } from '../../discord/emulator-control.js';
import type { Loadable } from './loadable.js';

export interface Session {
  /** The API client (the same one the workspace's operations use). */
  api: DiscordApi;
  /** What every operation works with (operations/workspace.ts): the API, backups, the scope's lock and journal, the creates ledger. */
  workspace: Workspace;
  target: SessionTarget;
  opening: OpeningReads;
  /** Copying between scopes through the plan engine; absent where the credentials cannot write commands. */
  copy?: CopyPlans;
  /** The backups of this application, and a restore through the plan engine. */
  backupFiles?: BackupFiles;
  /** Guilds picked recently and the app's guilds kept for shell completion. */
  guildMemory?: GuildMemory;
  emulators: SessionEmulators;
  /** The browser sign-in where overwrites are edited; absent where no sign-in can be offered. */
  signIn?: SignInModel;
  /**
   * Credentials typed into onboarding, not stored yet: `store` files them the way `cmd-tui auth
   * set-bot-token` / `set-client-credentials` do and resolves to where secrets are kept.
   */
  rememberCredentials?: { what: string; command: string; store: () => Promise<string> };
  files: UserFiles;
}

/** Where the session points and under which profile, for the header and the scope the app opens in. */
export interface SessionTarget {
  /** `Discord` or `emulator http://127.0.0.1:…/api/v10`, for the header. */
  label: string;
  /** Which exported DISCORD_* variables the session uses or set aside (auth/credential-choice.ts environmentNote), for the header. */
  environmentNote?: string;
  /** The profile this session was opened with, for the header. */
  profile?: string;
  /** Profiles exist but none applies here (`--api` elsewhere): the header says "no profile" rather than nothing. */
  outsideProfiles?: boolean;
  /** The profile's default guild: the scope the app opens in, as the CLI's commands use it. */
  defaultGuildId?: string;
}

/** What was read while connecting, so the first frame is complete without asking again. */
export interface OpeningReads {
  application?: Application;
  /** The global commands as read while connecting. */
  globalCommands?: Command[];
  /** Whose token it is (the bot's name, or the signed-in user's); null when there is none to read. */
  who?: string | null;
  /** Today's creates in the global scope (local ledger). */
  globalCreatesUsed?: number;
}

/** Copying between scopes, through the plan engine (operations/prepare-plan.ts, carry-out-plan.ts): the plan with its refusals first, then the copy. */
export interface CopyPlans {
  prepare: (request: CopyRequest) => Promise<Preparation>;
  /** `signal`/`sent`/`notice` from the request runner: cancelled before the first change leaves, nothing is sent. */
  carryOut: (prepared: PreparedPlan, options: CarryOutOptions) => Promise<CarriedOutPlan>;
}

/** This application's backups, newest first, and the files in the backups folder that are not readable backups (said beside the list, never silently left out). */
export interface BackupsListed {
  backups: BackupEntry[];
  damaged: DamagedBackup[];
}

/** The backups of this application (newest first), and a restore through the plan engine: the plan with its refusals, then the restore. */
export interface BackupFiles {
  /** Read when a screen first subscribes; a restore that wrote a new backup reloads it. */
  list: Loadable<BackupsListed>;
  /** The restore of the backup at `path`, planned; `known`: the commands on screen, which name overwrite lists outside the backup's scope. */
  prepare: (path: string, known?: readonly Command[]) => Promise<PreparedPlan>;
  /** Carries the plan out, then reloads `list` (the restore wrote a backup first). */
  carryOut: (prepared: PreparedPlan, options: CarryOutOptions) => Promise<CarriedOutPlan>;
}

/** Guilds kept in the settings per API and application (config/recent-guilds.ts, config/guild-cache.ts). */
export interface GuildMemory {
  /** Guilds picked recently (typed ids included), newest first. */
  recent: Loadable<RecentGuild[]>;
  /** Adds a picked guild to `recent`, which reloads. */
  remember: (guild: RecentGuild) => Promise<void>;
  /** Keeps the app's guilds for shell completion of `--guild`. */
  keepForCompletion: (guilds: readonly { id: string; name: string }[]) => Promise<void>;
}

/** The emulators the Try screen sends commands through. */
export interface SessionEmulators {
  /**
   * An emulator in this process for trying commands where the API cannot play Discord's client (live
   * Discord): started on first use, the same one after, stopped when the app quits (emulator-for-try.ts).
   */
  forTry?: TryOnEmulator;
  /** The emulator this session runs on, when it runs in this process (the demo's): its interactions URL can be set from the Try screen. */
  own?: EmulatorEndpoint;
  /** The API as a `cmd-tui serve`, with the control secret its Try screen sends (config/emulator-secrets.ts) if one was found and where; absent on live Discord. */
  control?: EmulatorControl;
}

export interface SignInModel {
  /**
   * Browser sign-in with the permissions scopes (only a user token may change overwrites); resolves to
   * this session with the user token added.
   */
  start: (onUrl: (url: string) => void, signal: AbortSignal, pasteBack?: PasteBack) => Promise<Session>;
  /** The sign-in just stored made a new profile (none could take it): its name, for the screen to say. */
  storedUnder?: string;
}

/** The files the user gets out of the app. */
export interface UserFiles {
  /** Writes the exported scope under a name no existing file has; resolves to the full path written. */
  writeExport: (fileName: string, contents: string) => Promise<string>;
  /** Opens text in the user's $VISUAL/$EDITOR and resolves to the edited text (the UI suspends around it). */
  editText: (text: string) => Promise<string>;
}

/**
 * The redirect address pasted into the TUI by a user whose browser is on another machine (over SSH),
 * read beside the loopback listener: `read` resolves with each paste, `refused` says why one was not taken.
 */
export interface PasteBack {
  read: () => Promise<string>;
  refused: (message: string) => void;
}

/** What the onboarding screen can turn into a session. */
export interface SessionStarters {
  demo: () => Promise<Session>;
  botToken: (token: string) => Promise<Session>;
  clientCredentials: (clientId: string, clientSecret: string) => Promise<Session>;
  /** Browser sign-in for an application: a user token, which can only change permission overwrites. */
  browserSignIn?: (applicationId: string, onUrl: (url: string) => void, signal: AbortSignal, pasteBack?: PasteBack) => Promise<Session>;
  /** The profiles' names, for `P`. */
  profiles?: () => Promise<string[]>;
  /** A session with the stored credentials of another profile; rejects when it has none. */
  openProfile?: (name: string) => Promise<Session>;
}
