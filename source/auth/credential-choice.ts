/**
 * Which credential a run uses when the environment gives one too: the one rule, pure, that loading
 * credentials, `auth status`, `profile list|show`, the TUI's header and the setters' warnings all ask.
 *
 * DISCORD_BOT_TOKEN, or DISCORD_CLIENT_ID (+ DISCORD_CLIENT_SECRET), is used only where it belongs.
 * Where nothing names an application (no `--app`, no profile's, none remembered for the API), it is used
 * on its own application. Where one is named, it is used for that application when it names it — a
 * client id is the application's id; a bot token's first part is its bot's id, which on Discord is the
 * application's, or the bot of the token stored for it — or when nothing is stored for it (an app made
 * before 2020, whose bot has an id of its own): then for that application, never switching the run to
 * another. Otherwise the stored credentials are used and the variable is set aside, said with
 * why. So a token exported for one app never reaches an API (the emulator, a proxy, another server)
 * or an application that a profile keeps credentials for, whatever the API.
 */
import type { CredentialOverrides } from '../config/environment.js';

/** What is stored for the application at the API: only what the rule reads. */
export interface StoredFacts {
  botToken?: string;
  clientCredentials?: { clientId: string };
  user?: unknown;
}

export interface ChoiceTarget {
  /** The application the run works on, known before connecting: `--app`, the profile's, else the one remembered for this API. */
  applicationId?: string;
  /** What is stored for it at this API (nothing when no application is known). */
  stored: StoredFacts;
  /** The application the API said DISCORD_BOT_TOKEN is for, once the run connected with it. */
  tokensApplication?: string;
}

/** Why a variable is used, or why it is set aside. */
export type UseReason = 'its-application' | 'its-bot' | 'nothing-stored' | 'no-application';
export type SetAsideReason = 'another-application' | 'unreadable';

export type VariableVerdict = { use: true; because: UseReason } | { use: false; because: SetAsideReason; names?: string };

export interface EnvironmentChoice {
  /** DISCORD_BOT_TOKEN; absent when it is not set. */
  botToken?: VariableVerdict;
  /** DISCORD_CLIENT_ID, with DISCORD_CLIENT_SECRET when that is set too; absent when it is not set. */
  clientId?: VariableVerdict;
}

/**
 * The id a Discord-shaped bot token names: its first part is the bot user's id in base64 (Discord's and
 * the emulator's tokens alike). Undefined for anything else.
 */
export function botIdOfToken(token: string): string | undefined {
  const first = token.replace(/^(bot|bearer)\s+/i, '').split('.')[0] ?? '';
  if (!/^[A-Za-z0-9+/_-]{20,30}$/.test(first)) return undefined;
  const id = Buffer.from(first, 'base64').toString('latin1');
  return /^[1-9]\d{16,19}$/.test(id) ? id : undefined;
}

function storesAnything(stored: StoredFacts): boolean {
  return Boolean(stored.botToken || stored.clientCredentials || stored.user);
}

export function chooseEnvironmentCredentials(overrides: CredentialOverrides, target: ChoiceTarget): EnvironmentChoice {
  const choice: EnvironmentChoice = {};
  const pinned = target.applicationId;
  const nothingStored = !storesAnything(target.stored);
  if (overrides.botToken !== undefined) {
    const names = botIdOfToken(overrides.botToken);
    const storedBot = target.stored.botToken === undefined ? undefined : botIdOfToken(target.stored.botToken);
    if (pinned === undefined) choice.botToken = { use: true, because: 'no-application' };
    else if (names === pinned || target.tokensApplication === pinned) choice.botToken = { use: true, because: 'its-application' };
    else if (names !== undefined && names === storedBot) choice.botToken = { use: true, because: 'its-bot' };
    else if (nothingStored) choice.botToken = { use: true, because: 'nothing-stored' };
    else choice.botToken = names === undefined ? { use: false, because: 'unreadable' } : { use: false, because: 'another-application', names };
  }
  if (overrides.clientId !== undefined) {
    if (pinned === undefined) choice.clientId = { use: true, because: 'no-application' };
    else if (overrides.clientId === pinned) choice.clientId = { use: true, because: 'its-application' };
    else choice.clientId = { use: false, because: 'another-application', names: overrides.clientId };
  }
  return choice;
}

/** Where the run points, for the sentences: the API, and the profile when one is in use. */
export interface TargetWords {
  api: string;
  profile?: string;
}

/**
 * One sentence per variable set aside: which, why, and how to use it instead — never its value (a bot
 * token's bot id and a client id are not secret).
 */
export function setAsideNotices(overrides: CredentialOverrides, target: ChoiceTarget, choice: EnvironmentChoice, words: TargetWords): string[] {
  const application = `application ${target.applicationId}${words.profile === undefined ? '' : ` (profile ${words.profile})`} at ${words.api}`;
  const whose = storesAnything(target.stored) ? `the credentials stored for ${application} are used instead` : `the run is for ${application}, for which nothing is stored`;
  const told: string[] = [];
  const bot = choice.botToken;
  if (bot && !bot.use) {
    const what = bot.because === 'unreadable' ? 'it is not shaped as a Discord bot token, so it names no application' : `it is the token of bot ${bot.names}`;
    told.push(`DISCORD_BOT_TOKEN is not used: ${what}, and ${whose}. An exported token is sent only for its own application: --app with that application's id uses it.`);
  }
  const client = choice.clientId;
  if (client && !client.use) {
    const variables = overrides.clientSecret === undefined ? 'DISCORD_CLIENT_ID is' : 'DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are';
    told.push(`${variables} not used: they are application ${client.names}'s, and ${whose}. --app ${client.names} uses them.`);
  }
  return told;
}

/** Why the rule used a variable, beside the credential it gave (`auth status`, `profile show`): `as it names this application`. */
export function usedBecause(verdict: VariableVerdict | undefined): string | undefined {
  if (verdict === undefined || !verdict.use) return undefined;
  return { 'its-application': 'as it names this application', 'its-bot': 'as it names the bot of the token stored here', 'nothing-stored': 'as nothing is stored for this application', 'no-application': 'as nothing here names an application' }[verdict.because];
}

/**
 * DISCORD_CLIENT_SECRET for a browser sign-in to `applicationId`: only with DISCORD_CLIENT_ID naming that
 * very application (the secret is sent to the API's token endpoint, and is another app's otherwise).
 */
export function environmentSecretFor(overrides: CredentialOverrides, applicationId: string): string | undefined {
  return overrides.clientId === applicationId ? overrides.clientSecret : undefined;
}

/** The TUI header's word on the environment, beside how the session is signed in: `from DISCORD_BOT_TOKEN`, or `DISCORD_BOT_TOKEN not used: not this app's`. */
export function environmentNote(choice: EnvironmentChoice): string | undefined {
  const named = [
    ['DISCORD_BOT_TOKEN', choice.botToken],
    ['DISCORD_CLIENT_ID', choice.clientId],
  ] as const;
  const used = named.filter(([, verdict]) => verdict?.use === true).map(([variable]) => variable);
  const aside = named.filter(([, verdict]) => verdict?.use === false).map(([variable]) => variable);
  const notes = [used.length > 0 ? `from ${used.join(' + ')}` : '', aside.length > 0 ? `${aside.join(' + ')} not used: not this app's` : ''].filter(Boolean);
  return notes.length > 0 ? notes.join('; ') : undefined;
}
