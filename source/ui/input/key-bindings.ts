/**
 * The one key-binding table. The footer, the `?` help overlay, the input hooks and the tests all read it,
 * so a key is changed here and nowhere else. Each binding lists the screens (key scopes) where it acts.
 */
import type { Chord } from './chord.js';

export type KeyScope =
  | 'list'
  | 'filter'
  | 'detail'
  | 'json'
  | 'permissions'
  /** The permissions screen's "who can use this?" matrix. */
  | 'access'
  | 'editor'
  | 'picker'
  /** A pick list searched by typing (a scope, a guild, an overwrite's target): letters are the search. */
  | 'search'
  | 'confirm'
  /** The restore plan of a backup: a question with one key more (sign in first). */
  | 'restore-plan'
  | 'type-to-confirm'
  | 'help'
  | 'onboarding'
  /** `b`: the backups of this application. */
  | 'backups'
  /** `a`: the audit of the scope. */
  | 'audit'
  /** `t`: trying a command as a user would (the emulator plays Discord's client). */
  | 'try'
  /** `t` where the API cannot play Discord's client (live Discord): the offer to try on an emulator here instead. */
  | 'try-offer'
  /** The field that sets the emulator's interactions endpoint URL (for an HTTP bot). */
  | 'interactions-url'
  /** The emulator's connection details opened from Try (ctrl+b): each value to copy, the interactions URL to set. */
  | 'emulator-details'
  /** Any focused text field: the keys that edit its text (readline's). */
  | 'text'
  /** An address on screen (sign-in, install): the key that copies it. */
  | 'url'
  /** The editor's view of one long value, wrapped whole, to read and edit. */
  | 'whole-text'
  /** The home of a session with only a browser sign-in: guilds, then a guild's overwrite lists. */
  | 'sign-in-only'
  /** A browser sign-in waiting: its address to copy, the field where the address the browser ended on is pasted. */
  | 'sign-in-wait';

export type Action =
  | 'help'
  | 'quit'
  | 'back'
  | 'interrupt'
  | 'refresh'
  | 'up'
  | 'down'
  | 'top'
  | 'bottom'
  | 'pageUp'
  | 'pageDown'
  | 'filter'
  | 'open'
  | 'scope'
  | 'switchProfile'
  | 'copyCommand'
  | 'tryCommand'
  | 'tryOnEmulator'
  | 'interactionsUrl'
  | 'setInteractionsUrl'
  | 'connectBot'
  | 'copyValue'
  | 'send'
  | 'copyScope'
  | 'new'
  | 'edit'
  | 'editJson'
  | 'delete'
  | 'permissions'
  | 'rawJson'
  | 'export'
  | 'filterDone'
  | 'filterClear'
  | 'nextField'
  | 'prevField'
  | 'activate'
  | 'save'
  | 'cancel'
  | 'addOption'
  | 'addChoice'
  | 'addLocalization'
  | 'removeItem'
  | 'moveItemUp'
  | 'moveItemDown'
  | 'select'
  | 'confirm'
  | 'deny'
  | 'toggleButton'
  | 'addOverwrite'
  | 'toggleOverwrite'
  | 'removeOverwrite'
  | 'whoCanUse'
  | 'checkMember'
  | 'appPermissions'
  | 'prevColumn'
  | 'nextColumn'
  | 'openBackups'
  | 'openAudit'
  | 'restorePlan'
  | 'fixFinding'
  | 'writeReport'
  | 'stopAudit'
  | 'showMessage'
  | 'readInFull'
  | 'copyUrl'
  | 'submitPaste'
  | 'stopWaiting'
  | 'openById'
  | 'escape'
  | 'signIn'
  | 'nextProblem'
  | 'wholeText'
  | 'keepText'
  | 'rowUp'
  | 'rowDown'
  | 'undo'
  | 'redo'
  | 'charLeft'
  | 'charRight'
  | 'wordLeft'
  | 'wordRight'
  | 'lineStart'
  | 'lineEnd'
  | 'deleteBack'
  | 'deleteForward'
  | 'deleteWordBefore'
  | 'deleteToStart'
  | 'deleteToEnd';

export interface Binding {
  action: Action;
  keys: readonly Chord[];
  label: string;
  /** The label in a footer too narrow for every label in full. */
  short?: string;
  scopes: readonly KeyScope[];
  /** Shown in the footer (everything is shown in `?`). */
  footer: boolean;
  /** Changes or removes something on the server. */
  danger?: boolean;
}

/**
 * Keys of a screen that cannot act right now, each with why (lazygit's disabled reason): help shows
 * them greyed with the reason, the footer leaves them out, and pressing one says the reason.
 */
export type DisabledKeys = Partial<Record<Action, string>>;

/** Screens where letters are commands (no text field has focus). */
const BROWSE: readonly KeyScope[] = ['list', 'detail', 'json', 'permissions', 'backups', 'audit', 'sign-in-only'];
/** Screens that are a list to move through (a dialog's body scrolls like one). */
const LISTS: readonly KeyScope[] = ['list', 'detail', 'json', 'help', 'backups', 'audit', 'confirm', 'restore-plan'];
const ON_COMMAND: readonly KeyScope[] = ['list', 'detail'];
/** Keys that act on commands, which a browser sign-in alone cannot read: shown there as disabled, saying why. */
const NEEDS_COMMANDS: readonly KeyScope[] = ['list', 'sign-in-only'];
/** Screens with a text field in focus; `text` is the field's own scope. */
const TEXT: readonly KeyScope[] = ['text', 'editor', 'whole-text', 'filter', 'search', 'type-to-confirm', 'onboarding', 'try', 'interactions-url'];

export const KEY_BINDINGS: readonly Binding[] = [
  { action: 'up', keys: ['up', 'k'], label: 'move up', scopes: ['list', 'detail', 'json', 'permissions', 'access', 'help', 'onboarding', 'picker', 'backups', 'audit', 'confirm', 'restore-plan', 'sign-in-only', 'emulator-details'], footer: false },
  { action: 'down', keys: ['down', 'j'], label: 'move down', scopes: ['list', 'detail', 'json', 'permissions', 'access', 'help', 'onboarding', 'picker', 'backups', 'audit', 'confirm', 'restore-plan', 'sign-in-only', 'emulator-details'], footer: false },
  // Where letters are the name being typed, only the arrows scroll the question.
  { action: 'up', keys: ['up'], label: 'move up', scopes: ['type-to-confirm', 'search'], footer: false },
  { action: 'down', keys: ['down'], label: 'move down', scopes: ['type-to-confirm', 'search'], footer: false },
  { action: 'top', keys: ['g', 'home'], label: 'first', scopes: [...LISTS, 'permissions'], footer: false },
  { action: 'bottom', keys: ['G', 'end'], label: 'last', scopes: [...LISTS, 'permissions'], footer: false },
  { action: 'pageUp', keys: ['pgup'], label: 'page up', scopes: [...LISTS, 'permissions', 'type-to-confirm', 'whole-text'], footer: false },
  { action: 'pageDown', keys: ['pgdn'], label: 'page down', scopes: [...LISTS, 'permissions', 'type-to-confirm', 'whole-text'], footer: false },
  { action: 'open', keys: ['enter'], label: 'open', scopes: ['list', 'onboarding', 'sign-in-only'], footer: true },
  { action: 'filter', keys: ['/'], label: 'filter', scopes: ['list', 'sign-in-only'], footer: true },
  { action: 'openById', keys: ['i'], label: 'open a command by its id (typed or pasted)', short: 'by id', scopes: ['sign-in-only'], footer: true },
  { action: 'scope', keys: ['s'], label: 'scope', scopes: ['list'], footer: true },
  { action: 'switchProfile', keys: ['P'], label: 'switch profile (API, app, credentials)', scopes: ['list'], footer: false },
  { action: 'new', keys: ['n'], label: 'new', scopes: NEEDS_COMMANDS, footer: true, danger: true },
  { action: 'edit', keys: ['e'], label: 'edit', scopes: [...ON_COMMAND, 'sign-in-only'], footer: true, danger: true },
  { action: 'editJson', keys: ['E'], label: 'edit JSON in $EDITOR', scopes: ON_COMMAND, footer: false, danger: true },
  { action: 'delete', keys: ['d', 'ctrl+d'], label: 'delete', scopes: [...ON_COMMAND, 'sign-in-only'], footer: true, danger: true },
  { action: 'permissions', keys: ['p'], label: 'permissions', short: 'perms', scopes: ON_COMMAND, footer: true },
  { action: 'rawJson', keys: ['y'], label: 'raw JSON', scopes: ON_COMMAND, footer: false },
  { action: 'copyCommand', keys: ['c'], label: 'copy the command to another scope (asks first)', scopes: [...ON_COMMAND, 'sign-in-only'], footer: false, danger: true },
  { action: 'tryCommand', keys: ['t'], label: 'try it as a member would (emulator)', scopes: ON_COMMAND, footer: false },
  { action: 'copyScope', keys: ['C'], label: 'copy the whole scope to another scope (asks first)', scopes: NEEDS_COMMANDS, footer: false, danger: true },
  { action: 'export', keys: ['x'], label: 'export scope to a new JSON file', scopes: NEEDS_COMMANDS, footer: false },
  { action: 'refresh', keys: ['ctrl+r'], label: 'refresh', scopes: BROWSE, footer: false },
  // esc never quits: on the list it stops a load (k9s, lazygit) or clears the filter kept with enter.
  { action: 'escape', keys: ['esc'], label: 'cancel the load in flight / clear the kept filter', short: 'cancel load / clear filter', scopes: ['list'], footer: false },

  { action: 'filterDone', keys: ['enter'], label: 'keep filter', scopes: ['filter'], footer: true },
  { action: 'filterClear', keys: ['esc'], label: 'clear filter', scopes: ['filter'], footer: true },

  { action: 'nextField', keys: ['tab', 'down'], label: 'next field', short: 'next', scopes: ['editor', 'try'], footer: true },
  { action: 'prevField', keys: ['shift+tab', 'up'], label: 'previous field', scopes: ['editor', 'try'], footer: false },
  { action: 'activate', keys: ['enter', 'space'], label: 'pick / toggle', scopes: ['editor'], footer: false },
  { action: 'activate', keys: ['enter'], label: "pick a value or a suggestion; on a typed value or Send: send; on the reply's button or select: press it / pick", short: 'pick/send', scopes: ['try'], footer: true },
  { action: 'send', keys: ['ctrl+s'], label: 'send the command (or the open form) to the bot', short: 'send', scopes: ['try'], footer: true },
  { action: 'tryOnEmulator', keys: ['enter'], label: "try it on an emulator started here, with the app's commands copied there (nothing is written to Discord)", short: 'try on an emulator', scopes: ['try-offer'], footer: true },
  // o as in (end)point: ctrl+u and ctrl+e are the text field's.
  { action: 'interactionsUrl', keys: ['ctrl+o'], label: "set your HTTP bot's interactions endpoint URL on this emulator (checked with Discord's PINGs)", short: 'bot URL', scopes: ['try'], footer: false },
  // b as in bot: folded into one line on a small screen, the details open on demand.
  { action: 'connectBot', keys: ['ctrl+b'], label: "connect your bot: the emulator's API and gateway URLs, bot token, public key and interactions URL, to copy", short: 'connect a bot', scopes: ['try'], footer: false },
  { action: 'copyValue', keys: ['enter', 'c'], label: 'copy the selected value to the clipboard (on Interactions URL: set it)', short: 'copy/set', scopes: ['emulator-details'], footer: true },
  { action: 'back', keys: ['esc', 'ctrl+b'], label: 'back to the form', scopes: ['emulator-details'], footer: true },
  { action: 'setInteractionsUrl', keys: ['enter'], label: "check the URL with Discord's PINGs and set it (empty: none, the gateway)", short: 'set', scopes: ['interactions-url'], footer: true },
  { action: 'cancel', keys: ['esc'], label: 'leave the URL as it was', scopes: ['interactions-url'], footer: true },
  { action: 'save', keys: ['ctrl+s'], label: 'save', scopes: ['editor', 'permissions'], footer: true, danger: true },
  // f as in full: ctrl+o (open) adds a choice.
  { action: 'wholeText', keys: ['ctrl+f'], label: 'the whole text, wrapped, to read and edit', short: 'whole', scopes: ['editor'], footer: true },
  // ctrl+a is readline's start of line in a text field; p as in parameter.
  { action: 'addOption', keys: ['ctrl+p'], label: 'add option', short: 'option', scopes: ['editor'], footer: true },
  { action: 'addChoice', keys: ['ctrl+o'], label: 'add choice', short: 'choice', scopes: ['editor'], footer: true },
  { action: 'addLocalization', keys: ['ctrl+l'], label: 'translate', scopes: ['editor'], footer: true },
  { action: 'removeItem', keys: ['ctrl+x'], label: 'remove item (undo brings it back)', short: 'remove', scopes: ['editor'], footer: true },
  { action: 'keepText', keys: ['esc', 'enter'], label: 'back to the field, keeping the text', short: 'back', scopes: ['whole-text'], footer: true },
  { action: 'rowUp', keys: ['up'], label: 'the wrapped line above', scopes: ['whole-text'], footer: false },
  { action: 'rowDown', keys: ['down'], label: 'the wrapped line below', scopes: ['whole-text'], footer: false },
  { action: 'undo', keys: ['ctrl+z'], label: 'undo (text and items)', scopes: ['editor', 'whole-text'], footer: false },
  { action: 'redo', keys: ['ctrl+y'], label: 'redo', scopes: ['editor', 'whole-text'], footer: false },
  { action: 'moveItemUp', keys: ['ctrl+up'], label: 'move item up', scopes: ['editor'], footer: false },
  { action: 'moveItemDown', keys: ['ctrl+down'], label: 'move item down', scopes: ['editor'], footer: false },
  { action: 'cancel', keys: ['esc'], label: 'cancel', scopes: ['editor', 'picker', 'search', 'confirm', 'restore-plan', 'type-to-confirm'], footer: true },

  { action: 'select', keys: ['enter', 'space'], label: 'choose / toggle', scopes: ['picker'], footer: true },
  { action: 'select', keys: ['enter'], label: 'choose', scopes: ['search'], footer: true },
  { action: 'toggleButton', keys: ['tab', 'left', 'right'], label: 'switch button', scopes: ['confirm', 'restore-plan'], footer: true },
  { action: 'confirm', keys: ['enter'], label: 'press button', scopes: ['confirm', 'restore-plan', 'type-to-confirm'], footer: true, danger: true },
  { action: 'deny', keys: ['n'], label: 'no', scopes: ['confirm', 'restore-plan'], footer: false },
  { action: 'signIn', keys: ['s'], label: 'sign in with the browser first (the overwrites need it)', scopes: ['restore-plan'], footer: false },

  { action: 'addOverwrite', keys: ['a'], label: 'add overwrite', scopes: ['permissions'], footer: true },
  { action: 'toggleOverwrite', keys: ['space', 't'], label: 'allow/deny', scopes: ['permissions'], footer: true },
  { action: 'removeOverwrite', keys: ['d', 'delete'], label: 'remove', scopes: ['permissions'], footer: true },
  { action: 'whoCanUse', keys: ['w'], label: 'who can use this?', scopes: ['permissions', 'access'], footer: true },
  { action: 'checkMember', keys: ['m'], label: 'check a member', scopes: ['access'], footer: true },
  { action: 'appPermissions', keys: ['A'], label: 'app-level default overwrites', scopes: ['list', 'permissions'], footer: false },
  { action: 'prevColumn', keys: ['left', 'h'], label: 'previous channel', scopes: ['access'], footer: true },
  { action: 'nextColumn', keys: ['right', 'l'], label: 'next channel', scopes: ['access'], footer: true },

  { action: 'openAudit', keys: ['a'], label: 'audit this scope (what is wrong, and where to fix it)', scopes: NEEDS_COMMANDS, footer: false },
  { action: 'openBackups', keys: ['b'], label: 'backups (restore a scope as it was)', scopes: NEEDS_COMMANDS, footer: false },
  { action: 'restorePlan', keys: ['enter'], label: 'plan the restore', scopes: ['backups'], footer: true },
  { action: 'fixFinding', keys: ['enter'], label: 'go where it is fixed', short: 'go fix', scopes: ['audit'], footer: true },
  { action: 'writeReport', keys: ['x'], label: 'write the report as Markdown', short: 'report', scopes: ['audit'], footer: true },
  { action: 'readInFull', keys: ['v'], label: 'read the selected row in full', short: 'read', scopes: ['audit', 'backups'], footer: true },
  { action: 'copyUrl', keys: ['u'], label: 'copy the address shown (sign-in, install) to the clipboard', scopes: ['url'], footer: false },
  // The pasted field has the focus: u copies while it is empty, then letters are text.
  { action: 'copyUrl', keys: ['u'], label: 'copy the address', short: 'copy address', scopes: ['sign-in-wait'], footer: true },
  { action: 'submitPaste', keys: ['enter'], label: 'hand over the pasted address', short: 'submit pasted address', scopes: ['sign-in-wait'], footer: true },
  { action: 'stopWaiting', keys: ['esc', 'ctrl+c'], label: 'stop waiting', short: 'stop', scopes: ['sign-in-wait'], footer: true },
  { action: 'stopAudit', keys: ['esc'], label: 'stop (keeps what was found) / back', short: 'stop/back', scopes: ['audit'], footer: true },
  { action: 'back', keys: ['esc'], label: 'back', scopes: ['detail', 'json', 'permissions', 'access', 'backups', 'try', 'try-offer'], footer: true },
  { action: 'back', keys: ['esc', 'q'], label: 'close', scopes: ['help'], footer: true },
  { action: 'back', keys: ['esc'], label: 'back to the guilds', scopes: ['sign-in-only'], footer: true },
  { action: 'back', keys: ['esc'], label: 'back to the ways to start (stops a sign-in that waits)', scopes: ['onboarding'], footer: true },
  { action: 'nextField', keys: ['tab', 'shift+tab'], label: 'switch field (client id, secret)', scopes: ['onboarding'], footer: false },
  // The ways to start are a pick list, where space picks as enter does.
  { action: 'select', keys: ['space'], label: 'choose', scopes: ['onboarding'], footer: false },
  { action: 'nextProblem', keys: ['ctrl+n'], label: 'go to the next problem', scopes: ['editor'], footer: false },
  { action: 'showMessage', keys: ['ctrl+e'], label: 'show the whole status message', scopes: [...BROWSE, 'access'], footer: false },
  // Where text is typed, ctrl+e is readline's end of line.
  { action: 'showMessage', keys: ['ctrl+t'], label: 'show the whole status message', scopes: ['editor', 'onboarding', 'try'], footer: false },

  { action: 'charLeft', keys: ['left'], label: 'cursor left', scopes: TEXT, footer: false },
  { action: 'charRight', keys: ['right'], label: 'cursor right', scopes: TEXT, footer: false },
  { action: 'wordLeft', keys: ['meta+b', 'ctrl+left', 'meta+left'], label: 'word left', scopes: TEXT, footer: false },
  { action: 'wordRight', keys: ['meta+f', 'ctrl+right', 'meta+right'], label: 'word right', scopes: TEXT, footer: false },
  { action: 'lineStart', keys: ['ctrl+a', 'home'], label: 'start of the text', scopes: TEXT, footer: false },
  { action: 'lineEnd', keys: ['ctrl+e', 'end'], label: 'end of the text', scopes: TEXT, footer: false },
  { action: 'deleteBack', keys: ['backspace'], label: 'delete the character before the cursor', scopes: TEXT, footer: false },
  { action: 'deleteForward', keys: ['delete'], label: 'delete the character under the cursor', scopes: TEXT, footer: false },
  { action: 'deleteWordBefore', keys: ['ctrl+w'], label: 'delete the word before the cursor', scopes: TEXT, footer: false },
  { action: 'deleteToStart', keys: ['ctrl+u'], label: 'delete to the start', scopes: TEXT, footer: false },
  { action: 'deleteToEnd', keys: ['ctrl+k'], label: 'delete to the end', scopes: TEXT, footer: false },
  { action: 'help', keys: ['?'], label: 'help', scopes: [...BROWSE, 'access', 'help', 'onboarding', 'try-offer', 'emulator-details'], footer: true },
  // In the editor `?` is text; ctrl+g is nano's help key.
  { action: 'help', keys: ['ctrl+g'], label: 'help', scopes: ['editor', 'whole-text', 'try', 'interactions-url'], footer: true },
  { action: 'quit', keys: ['q'], label: 'quit', scopes: [...BROWSE, 'onboarding'], footer: true },
  { action: 'interrupt', keys: ['ctrl+c'], label: 'cancel request / quit when idle (asks if unsaved)', scopes: ['list', 'filter', 'detail', 'json', 'permissions', 'access', 'editor', 'whole-text', 'picker', 'search', 'confirm', 'restore-plan', 'type-to-confirm', 'help', 'onboarding', 'backups', 'audit', 'sign-in-only', 'try', 'try-offer', 'interactions-url', 'emulator-details'], footer: false },
];

/** The binding for a chord in a key scope, if any. */
export function actionFor(chord: Chord, scope: KeyScope): Action | undefined {
  return KEY_BINDINGS.find((b) => b.scopes.includes(scope) && b.keys.includes(chord))?.action;
}

export function bindingsFor(scope: KeyScope): Binding[] {
  return KEY_BINDINGS.filter((b) => b.scopes.includes(scope));
}

/** The binding of an action; where it has one per kind of screen, the one that acts in `scope`. */
export function bindingOf(action: Action, scope?: KeyScope): Binding {
  const binding = bindingIn(action, scope);
  if (!binding) throw new Error(`no binding for ${action}`);
  return binding;
}

/** The action's binding where `scope` has one (a screen that lacks the action gets undefined). */
export function bindingIn(action: Action, scope?: KeyScope): Binding | undefined {
  return KEY_BINDINGS.find((b) => b.action === action && (scope === undefined || b.scopes.includes(scope)));
}

const ARROWS: Record<string, string> = { up: '↑', down: '↓', left: '←', right: '→' };

/** `d/ctrl+d`: how keys are written in the footer and help (lower-case modifiers, k9s style). */
export function keyLabel(binding: Binding): string {
  return binding.keys.map((k) => ARROWS[k] ?? k).join('/');
}
