/**
 * The app's state and its pure reducer: the screen stack, the one overlay, the scope and what was
 * loaded for it, the in-flight request (for the spinner and ctrl+c) and the status line, which belongs
 * to the action that set it: opening or leaving a screen, opening a dialog, a reload and a scope switch clear it.
 * Every status shown is also kept, newest last, in a short history that ctrl+e reads once the line is gone.
 * No I/O here; flows in use-app-flows.ts call the API and dispatch results.
 */
import type { Application, Command, GuildCommandPermissions, PartialGuild, Scope } from '../../discord/model.js';
import { GLOBAL_SCOPE, guildScope } from '../../discord/model.js';
import type { Session } from '../session/session.js';
import type { ShownWait } from '../session/rate-limit-waits.js';
import type { DisabledKeys, KeyScope } from '../input/key-bindings.js';

export type Screen =
  | { id: 'onboarding' }
  | { id: 'list' }
  | { id: 'detail'; commandId: string }
  | { id: 'json'; commandId: string }
  /**
   * commandId: a command, or the application id for the app-level defaults; guildId: picked there when the
   * scope is Global; select: the overwrite selected at first (the audit's finding about it).
   */
  | { id: 'permissions'; commandId: string; guildId?: string; select?: { type: number; id: string } }
  /** commandId absent: a new command. */
  | { id: 'editor'; commandId?: string }
  /** Trying the command as a member would, against the emulator. */
  | { id: 'try'; commandId: string }
  | { id: 'backups' }
  | { id: 'audit' };

export type Overlay =
  | { kind: 'none' }
  /** `scope`: a view inside the screen with keys of its own (the who-can-use grid). */
  | { kind: 'help'; scope?: KeyScope; disabled?: DisabledKeys }
  /** A status message too long for the status line (or a row cut to fit its list), shown whole. */
  | { kind: 'message'; text: string; title?: string }
  | { kind: 'scope-picker' }
  | { kind: 'profile-picker' }
  /** commandId absent: the whole scope. */
  | { kind: 'copy'; commandId?: string }
  | { kind: 'confirm-delete'; commandId: string }
  | { kind: 'json-review'; commandId: string; draft: Record<string, unknown> }
  /** Credentials typed into onboarding just connected: store them for the next start? */
  | { kind: 'remember-credentials' };

/** Overlays that start no action of their own. */
const KEEPS_STATUS: ReadonlySet<Overlay['kind']> = new Set(['none', 'help', 'message']);

export type ScopeData =
  | { status: 'loading' }
  | { status: 'error'; message: string; hint?: string }
  | {
      status: 'ready';
      commands: Command[];
      /** Guild scope only: every overwrite list of the app in that guild; null when unknown. */
      permissions: GuildCommandPermissions[] | null;
      permissionsNote?: string;
    };

export type Tone = 'info' | 'success' | 'warning' | 'error';

/** One status as it was shown, and when (the history's overlay says how long ago). */
export interface StatusEntry {
  text: string;
  tone: Tone;
  at: number;
}

/** How many statuses the history keeps. */
export const STATUS_HISTORY = 30;

/** Why stored credentials gave no session: onboarding tells "no credentials" from these (`keyring`: none found, the OS keyring not reachable). */
export type StartFailure = 'refused' | 'unreachable' | 'keyring' | 'other';

/** What the app knows of whose it is: the application, the signed-in account (as the header shows it), the guilds for the pickers. */
export interface Identity {
  application?: Application;
  who?: string;
  guilds: PartialGuild[];
}

/** What this machine's files say of the scope: today's creates (local ledger; undefined until read), and an interrupted write's journal. */
export interface LocalNotes {
  createsUsed?: number;
  /**
   * What an interrupted write left on this scope (its journal: command, backup, restore command), shown
   * whenever no other status is: it stays until that write is finished, not until the next message.
   */
  journal?: string;
}

export interface AppState {
  session: Session | null;
  /** How the start went: `connecting` while credentials are read and the API reached (the skeleton shows meanwhile); `failure`: why it found no usable session. */
  start: { connecting: boolean; failure?: StartFailure };
  stack: Screen[];
  overlay: Overlay;
  scope: Scope;
  data: ScopeData;
  /** Bumped to reload the scope. */
  reload: number;
  identity: Identity;
  local: LocalNotes;
  /** The request in flight; `write`: a change; `sent`: a write that left, which cancelling cannot recall. */
  busy: { id: number; label: string; write?: boolean; sent?: boolean } | null;
  /** `duringRequest`: told while that request was in flight (a key it turns off), so shown under its spinner. */
  flash: { text: string; tone: Tone; duringRequest?: number } | null;
  /** The statuses shown so far, oldest first (at most STATUS_HISTORY): what a finished write said stays readable. */
  statusHistory: readonly StatusEntry[];
  /** The command last created or saved here: the list selects it. */
  lastSaved?: string;
  /** q was pressed while a write was in flight: the app quits once its outcome is told (and prints it). */
  quitAfterWrite?: boolean;
  /** The client's last rate-limit wait worth naming (the spinner says it while it lasts). */
  rateLimited?: ShownWait;
}

export type AppAction =
  | { type: 'session-started'; session: Session }
  /** No credentials (or they did not work): onboarding, with the reason in the status line. */
  /** `failure`: the stored credentials could not be used, and why (onboarding's first line says which). */
  | { type: 'no-session'; message?: string; failure?: StartFailure }
  | { type: 'push'; screen: Screen }
  /** `keepStatus`: the status says how the screen's own action ended (a save that closes the editor). */
  | { type: 'pop'; keepStatus?: boolean }
  | { type: 'overlay'; overlay: Overlay }
  /** `then`: a screen to open in the new scope once its list is there (the audit's "go where it is fixed"). */
  | { type: 'scope'; scope: Scope; then?: Screen }
  | { type: 'reload' }
  | { type: 'data'; data: ScopeData }
  /** Loading failed or was cancelled: an error screen on the first load, the old data kept on a reload. */
  | { type: 'load-failed'; message: string; hint?: string }
  | { type: 'identity'; application?: Application; who?: string; guilds?: PartialGuild[] }
  | { type: 'creates-used'; used: number }
  | { type: 'busy'; busy: AppState['busy'] }
  /** `notices`: what the write this status reports told beside its outcome (RunResult.notices), shown after it. */
  | { type: 'flash'; text: string; tone: Tone; notices?: readonly string[] }
  | { type: 'journal'; text: string | undefined }
  /** The user moved on within a screen (another view of it, a prompt): the last status is about what came before. */
  | { type: 'status-clear' }
  /** A success or info message has been shown long enough; cleared unless a newer one replaced it. */
  | { type: 'flash-expired'; flash: NonNullable<AppState['flash']> }
  | { type: 'command-saved'; command: Command; replaceId?: string }
  | { type: 'command-deleted'; commandId: string }
  /** The same session with more credentials (a browser sign-in): everything on screen stays. */
  | { type: 'session-upgraded'; session: Session }
  /** One overwrite list was replaced on Discord (the permissions editor). */
  | { type: 'overwrites-saved'; guildId: string; entry: GuildCommandPermissions }
  | { type: 'rate-limited'; wait: ShownWait }
  /** q during a write: quit once it is told (`false`: q again, stay). */
  | { type: 'quit-after-write'; quit: boolean };

export function initialAppState(session: Session | null, connecting = false): AppState {
  // A profile's default guild is where the app opens (`--profile dev` as `cmd-tui list --profile dev`).
  const defaultGuildId = session?.target.defaultGuildId;
  const global = !defaultGuildId;
  const opened = session?.opening;
  return {
    session,
    start: { connecting },
    stack: [session || connecting ? { id: 'list' } : { id: 'onboarding' }],
    overlay: { kind: 'none' },
    scope: defaultGuildId ? guildScope(defaultGuildId) : GLOBAL_SCOPE,
    data: global && opened?.globalCommands ? { status: 'ready', commands: opened.globalCommands, permissions: null } : { status: 'loading' },
    reload: 0,
    // What the session read while connecting, so the first frame is complete.
    identity: { application: opened?.application, who: opened?.who ?? undefined, guilds: [] },
    local: { createsUsed: global ? opened?.globalCreatesUsed : undefined },
    busy: null,
    flash: null,
    statusHistory: [],
  };
}

export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'session-started':
      return { ...initialAppState(action.session), flash: state.flash, statusHistory: state.statusHistory };
    case 'no-session': {
      const flash = action.message ? { text: action.message, tone: 'error' as const } : state.flash;
      const start = { connecting: false, ...(action.failure ? { failure: action.failure } : {}) };
      return { ...initialAppState(null), start, flash, statusHistory: action.message ? remembered(state.statusHistory, flash!) : state.statusHistory };
    }
    case 'push':
      return { ...state, stack: [...state.stack, action.screen], overlay: { kind: 'none' }, flash: null };
    case 'pop':
      // The root screen stays: esc never quits.
      return state.stack.length > 1 ? { ...state, stack: state.stack.slice(0, -1), flash: action.keepStatus ? state.flash : null } : state;
    case 'overlay':
      // Opening a dialog starts a new action; closing one keeps what the dialog's action reported, and help
      // or the whole message only shows things (the status read under help is still there after it).
      return { ...state, overlay: action.overlay, flash: KEEPS_STATUS.has(action.overlay.kind) ? state.flash : null };
    case 'scope':
      return {
        ...state,
        scope: action.scope,
        // An open audit stays under the screen it sent the user to: esc returns to its findings.
        stack: action.then ? [state.stack[0]!, ...state.stack.filter((screen) => screen.id === 'audit'), action.then] : state.stack.slice(0, 1),
        overlay: { kind: 'none' },
        data: { status: 'loading' },
        local: {},
        reload: state.reload + 1,
        flash: null,
      };
    case 'reload':
      // What is on screen stays (the footer's spinner shows the reload) until the new data arrives.
      return { ...state, data: state.data.status === 'ready' ? state.data : { status: 'loading' }, reload: state.reload + 1, flash: null };
    case 'data':
      return withData(state, action.data);
    case 'load-failed':
      if (state.data.status !== 'ready') return { ...state, data: { status: 'error', message: action.message, hint: action.hint } };
      return { ...state, flash: { text: `Not refreshed, still showing the earlier data: ${action.hint ? `${action.message} — ${action.hint}` : action.message}`, tone: 'error' } };
    case 'identity': {
      const { identity } = state;
      return { ...state, identity: { application: action.application ?? identity.application, who: action.who ?? identity.who, guilds: action.guilds ?? identity.guilds } };
    }
    case 'creates-used':
      return { ...state, local: { ...state.local, createsUsed: action.used } };
    case 'journal':
      return { ...state, local: { ...state.local, journal: action.text } };
    case 'busy':
      return { ...state, busy: action.busy };
    case 'flash':
      return flashed(state, action);
    case 'status-clear':
      return state.flash === null ? state : { ...state, flash: null };
    case 'flash-expired':
      return state.flash === action.flash ? { ...state, flash: null } : state;
    case 'command-saved':
      return commandSaved(state, action.command, action.replaceId);
    case 'command-deleted':
      return commandDeleted(state, action.commandId);
    case 'rate-limited':
      return { ...state, rateLimited: action.wait };
    case 'quit-after-write':
      return { ...state, quitAfterWrite: action.quit };
    case 'session-upgraded':
      return { ...state, session: action.session };
    case 'overwrites-saved':
      return overwritesSaved(state, action.guildId, action.entry);
  }
}

/** A scope read: a command deleted elsewhere takes its detail, JSON and Try screens with it, rather than leaving them blank. */
function withData(state: AppState, data: ScopeData): AppState {
  if (data.status !== 'ready') return { ...state, data };
  const ids = new Set(data.commands.map((c) => c.id));
  const stack = state.stack.filter((s) => (s.id !== 'detail' && s.id !== 'json' && s.id !== 'try') || ids.has(s.commandId));
  if (stack.length === state.stack.length) return { ...state, data };
  return { ...state, data, stack, flash: { text: 'The command on screen no longer exists on Discord (deleted elsewhere?); back to the list.', tone: 'warning' } };
}

/** A status told, kept in the history; told during a request, it shows under its spinner. */
function flashed(state: AppState, action: Extract<AppAction, { type: 'flash' }>): AppState {
  const during = state.busy ? { duringRequest: state.busy.id } : {};
  // The outcome stands; what the lock said goes beside it, and makes it worth reading as a warning.
  const noticed = (action.notices?.length ?? 0) > 0;
  const tone = noticed && (action.tone === 'success' || action.tone === 'info') ? 'warning' : action.tone;
  const flash = { text: noticed ? withNotices(action.text, action.notices!) : action.text, tone, ...during };
  return { ...state, flash, statusHistory: remembered(state.statusHistory, flash) };
}

function commandSaved(state: AppState, command: Command, replaceId: string | undefined): AppState {
  // Saved over a failed or cancelled load: load the scope again, so the list and the header's counts catch up.
  if (state.data.status !== 'ready') return { ...state, data: { status: 'loading' }, reload: state.reload + 1, lastSaved: command.id };
  const others = state.data.commands.filter((c) => c.id !== command.id && c.id !== replaceId);
  return { ...state, data: { ...state.data, commands: [...others, command] }, lastSaved: command.id };
}

/** The command's screens go with it (the list stays); over a failed load, the scope is read again. */
function commandDeleted(state: AppState, commandId: string): AppState {
  const kept = state.stack.filter((s) => !('commandId' in s) || s.commandId !== commandId);
  const stack: Screen[] = kept.length > 0 ? kept : [{ id: 'list' }];
  if (state.data.status !== 'ready') return { ...state, stack, data: { status: 'loading' }, reload: state.reload + 1 };
  return {
    ...state,
    stack,
    overlay: { kind: 'none' },
    data: {
      ...state.data,
      commands: state.data.commands.filter((c) => c.id !== commandId),
      permissions: state.data.permissions?.filter((p) => p.id !== commandId) ?? null,
    },
  };
}

/** One overwrite list replaced on Discord: the guild on screen shows it without reading again. */
function overwritesSaved(state: AppState, guildId: string, entry: GuildCommandPermissions): AppState {
  const { data, scope } = state;
  if (data.status !== 'ready' || !data.permissions || scope.kind !== 'guild' || scope.guildId !== guildId) return state;
  const others = data.permissions.filter((p) => p.id !== entry.id);
  return { ...state, data: { ...data, permissions: entry.permissions.length > 0 ? [...others, entry] : others } };
}

/**
 * An outcome with what its write told beside it (an interrupted write taken over, a lock left behind),
 * as the CLI prints `cmd-tui: …` after it.
 */
export function withNotices(text: string, notices: readonly string[]): string {
  if (notices.length === 0) return text;
  return [/[.!?]$/.test(text) ? text : `${text}.`, ...notices].join(' ');
}

/** The screen on top of the stack. */
export function topScreen(state: AppState): Screen {
  return state.stack[state.stack.length - 1] ?? { id: 'list' };
}

export function findCommand(state: AppState, commandId: string | undefined): Command | undefined {
  if (commandId === undefined || state.data.status !== 'ready') return undefined;
  return state.data.commands.find((c) => c.id === commandId);
}

/** The overwrites of one command in the current guild: null when unknown or not a guild scope. */
export function overwritesOf(state: AppState, commandId: string): GuildCommandPermissions | null {
  if (state.data.status !== 'ready' || !state.data.permissions) return null;
  return state.data.permissions.find((p) => p.id === commandId) ?? null;
}

/**
 * Hints (info) go after a while (k9s); an outcome (success: a write done, a file written; a warning; an
 * error) stays until the next action clears it, however long the write took to answer.
 */
export function flashExpires(flash: AppState['flash']): flash is NonNullable<AppState['flash']> {
  return flash !== null && flash.tone === 'info';
}

/** The history with `flash` added (the same status told twice in a row is kept once). */
function remembered(history: readonly StatusEntry[], flash: { text: string; tone: Tone }): readonly StatusEntry[] {
  const last = history.at(-1);
  if (last && last.text === flash.text && last.tone === flash.tone) return history;
  return [...history, { text: flash.text, tone: flash.tone, at: Date.now() }].slice(-STATUS_HISTORY);
}

/** The history as the ctrl+e overlay shows it: newest first, each with how long ago it was told. */
export function statusHistoryText(history: readonly StatusEntry[], now: number): string {
  const ago = (at: number) => {
    const seconds = Math.max(0, Math.round((now - at) / 1000));
    return seconds < 60 ? `${seconds} s ago` : `${Math.round(seconds / 60)} min ago`;
  };
  return [...history].reverse().map((entry) => `${ago(entry.at)} · ${entry.tone}\n${entry.text}`).join('\n\n');
}

export function scopeLabel(state: AppState): string {
  if (state.scope.kind === 'global') return 'Global';
  const guildId = state.scope.guildId;
  const guild = state.identity.guilds.find((g) => g.id === guildId);
  return `Guild ${guild ? guild.name : guildId}`;
}
