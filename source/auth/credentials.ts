/**
 * Credentials for one API base and application: what the secret store holds under
 * `<baseUrl> <applicationId>`, and DISCORD_BOT_TOKEN / DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET (read
 * once, config/environment.ts) where they belong (credential-choice.ts). Emulator and live credentials never mix because the base URL is part of the key.
 * Storing files the application under a profile (config/profiles.ts profileForCredentials), never
 * under another API's or application's; a refresh or a logout changes the secret only.
 */
import type { AuthKind, Credentials } from '../api/contract.js';
import type { CredentialOrigin, CredentialOrigins } from '../api/credential-origin.js';
import { resolveApiBase } from '../api/target.js';
import { dirname } from 'node:path';
import { assertWritableFolder } from '../config/atomic-write.js';
import type { CredentialOverrides, Environment } from '../config/environment.js';
import { profileForCredentials, profileNameForApp, profileNames, withStoredApplication } from '../config/profiles.js';
import { openSettings, withTarget, type Profile, type SettingsStore } from '../config/settings.js';
import { openSecretStore, SecretStoreCorruptError, type RemovalReport, type SecretStore } from './secret-store.js';
import { parseStrictObject } from '../discord/strict-json.js';
import { registerCredentials } from '../terminal/redact-secrets.js';
import { chooseEnvironmentCredentials, setAsideNotices, usedBecause, type EnvironmentChoice } from './credential-choice.js';

/** Stored alongside the tokens: who signed in, for `auth status` (not secret, but kept with what it describes). */
export interface StoredCredentials extends Credentials {
  signedInAs?: { id: string; username: string };
}

export interface CredentialStores {
  secrets: SecretStore;
  settings: SettingsStore;
  /** The profile the command named (`--profile`, CMD_TUI_PROFILE, the TUI's): stored credentials are filed under it, made when missing. */
  profile?: string;
}

/** Where the stores are, and which secret store CMD_TUI_SECRET_STORE asks for. */
export type StoreSettings = Pick<Environment, 'paths' | 'secretStore'>;

export function defaultStores(environment: StoreSettings, notice?: (message: string) => void, profile?: string): CredentialStores {
  const stores: CredentialStores = { secrets: openSecretStore({ environment, notice }), settings: openSettings(environment.paths()) };
  if (profile !== undefined) stores.profile = profile;
  return stores;
}

export function secretAccount(baseUrl: string, applicationId: string): string {
  return `${baseUrl} ${applicationId}`;
}

/** What is stored for one application, and where it was found (`the OS keyring` or the file's path). */
export async function findStoredCredentials(secrets: SecretStore, baseUrl: string, applicationId: string): Promise<{ stored: StoredCredentials; where?: string }> {
  const found = await secrets.find(secretAccount(baseUrl, applicationId));
  if (found === undefined) return { stored: {} };
  const where = secrets.describe(found.place);
  const stored = parseStrictObject(found.secret);
  if (stored === undefined) throw new SecretStoreCorruptError(where, `the entry for ${applicationId} is not a valid JSON object`);
  return { stored: stored as StoredCredentials, where };
}

export async function readStoredCredentials(secrets: SecretStore, baseUrl: string, applicationId: string): Promise<StoredCredentials> {
  return (await findStoredCredentials(secrets, baseUrl, applicationId)).stored;
}

/** What a write left stored, and where it went (none when the entry was removed). */
export interface StoreResult {
  stored: StoredCredentials;
  where?: string;
  /** When the entry was removed: what happened in each store. */
  removal?: RemovalReport;
  /** The profile the application was filed under, and whether this store made it. */
  profile?: { name: string; created: boolean };
}

/** Read-modify-write of one application's secret entry, nothing else; an empty result removes it from every store. */
export async function writeStoredCredentials(secrets: SecretStore, baseUrl: string, applicationId: string, change: (current: StoredCredentials) => StoredCredentials): Promise<StoreResult> {
  const next = change(await readStoredCredentials(secrets, baseUrl, applicationId));
  const account = secretAccount(baseUrl, applicationId);
  if (next.botToken || next.clientCredentials || next.user) return { stored: next, where: secrets.describe(await secrets.set(account, JSON.stringify(next))) };
  return { stored: next, removal: await secrets.delete(account) };
}

/** A profile's API base as the client would use it; none for `local` or an address the client refuses. */
function apiOf(profile: Profile): string | undefined {
  try {
    return resolveApiBase(profile.apiUrl).baseUrl;
  } catch {
    return undefined;
  }
}

/**
 * Throws the refusal when credentials for this API (and application, once known) could only be filed
 * by rewriting another profile: called before a secret is read or a browser opened.
 */
export function checkCredentialFiling(stores: CredentialStores, baseUrl: string, applicationId: string | undefined, command: string): void {
  const filing = profileForCredentials(stores.settings.read(), { baseUrl, applicationId, named: stores.profile, command }, apiOf);
  if ('refused' in filing) throw filing.refused;
}

/**
 * The stores a screen about one application files a sign-in in (the TUI's sign-in from any screen): where
 * the profile in use, the current one or one matching this API and application takes it, those; where none
 * may, a new profile named after the app (never another app's profile rewritten). `stores.profile` set: as given.
 */
export function storesForApplication(stores: CredentialStores, baseUrl: string, applicationId: string, appName: string | undefined): CredentialStores {
  if (stores.profile !== undefined) return stores;
  const settings = stores.settings.read();
  const filing = profileForCredentials(settings, { baseUrl, applicationId, command: 'cmd-tui auth login' }, apiOf);
  if (!('refused' in filing)) return stores;
  return { ...stores, profile: profileNameForApp(appName ?? `app-${applicationId}`, profileNames(settings)) };
}

/**
 * Read-modify-write of one application's entry, filed under its profile (refused, before anything is
 * stored, when that would rewrite another profile's); an empty result removes the entry.
 */
export async function updateStoredCredentials(
  stores: CredentialStores,
  baseUrl: string,
  applicationId: string,
  change: (current: StoredCredentials) => StoredCredentials,
  /** Names the profile when this store makes one. */
  appName?: string,
  /** The command a refusal tells the user to run again. */
  command = 'cmd-tui auth set-bot-token',
): Promise<StoreResult> {
  const filing = profileForCredentials(stores.settings.read(), { baseUrl, applicationId, named: stores.profile, command, ...(appName === undefined ? {} : { appName }) }, apiOf);
  if ('refused' in filing) throw filing.refused;
  // The settings name the application a secret belongs to: a folder that cannot take them fails before the secret is stored.
  await assertWritableFolder(dirname(stores.settings.path), 0o700);
  const result = await writeStoredCredentials(stores.secrets, baseUrl, applicationId, change);
  // The application last stored becomes the default for this API base, and for its profile.
  await stores.settings.edit((settings) => withStoredApplication(withTarget(settings, baseUrl, { applicationId }), filing, { baseUrl, applicationId }));
  return { ...result, profile: { name: filing.name, created: filing.create } };
}

/** What onboarding or `auth set-bot-token` / `set-client-credentials` file under an application. */
export type AppCredentials = Pick<Credentials, 'botToken' | 'clientCredentials'>;

/** Stores a bot token or client credentials under their application, keeping whatever else is stored there. */
export function storeAppCredentials(stores: CredentialStores, baseUrl: string, applicationId: string, added: AppCredentials, appName?: string): Promise<StoreResult> {
  return updateStoredCredentials(stores, baseUrl, applicationId, (current) => ({ ...current, ...added }), appName);
}

export interface LoadedCredentials {
  credentials: Credentials;
  applicationId?: string;
  /** Human-readable origin of each credential, e.g. `bot token from DISCORD_BOT_TOKEN`. Never the values. */
  sources: string[];
  /** The same per kind, for advice on a refused one (api/credential-origin.ts). */
  origins: CredentialOrigins;
  /** Which variables the rule used or set aside, and why (credential-choice.ts). */
  environment: EnvironmentChoice;
  /** A sentence for each variable set aside, for the run to say (never a value). */
  setAside: string[];
  /** None found, and the OS keyring, which may hold some, could not be asked (over SSH): what the secret store says of it. */
  keyringMayHold?: string;
}

/**
 * The credentials a run uses at `baseUrl`: what is stored for its application, and the variables of the
 * environment where they belong (credential-choice.ts decides; this applies it). The application is
 * `--app`, else the profile's (or the one remembered for this API); where none is, DISCORD_CLIENT_ID's,
 * else DISCORD_BOT_TOKEN's own, which the client learns from it (undefined here).
 */
export async function loadCredentials(input: {
  baseUrl: string;
  /** What DISCORD_BOT_TOKEN, DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET say. */
  overrides: CredentialOverrides;
  applicationId?: string;
  /** Set when a profile is in use: its application (none yet when undefined) replaces the one remembered per API. */
  profile?: { name?: string; applicationId?: string };
  stores: CredentialStores;
  /** The application the API said DISCORD_BOT_TOKEN is for (connect.ts, after learning it). */
  tokensApplication?: string;
}): Promise<LoadedCredentials> {
  const { baseUrl, stores, overrides } = input;
  const pinned = input.applicationId ?? (input.profile ? input.profile.applicationId : stores.settings.target(baseUrl).applicationId);
  const found = pinned ? await findStoredCredentials(stores.secrets, baseUrl, pinned) : { stored: {} as StoredCredentials, where: undefined };
  const target = { ...(pinned ? { applicationId: pinned } : {}), stored: found.stored, ...(input.tokensApplication ? { tokensApplication: input.tokensApplication } : {}) };
  const environment = chooseEnvironmentCredentials(overrides, target);
  const envBot = environment.botToken?.use ? overrides.botToken : undefined;
  const envClientId = environment.clientId?.use ? overrides.clientId : undefined;
  // Where nothing names an application, a client id is one; a bot token works on its own, which the client learns from it.
  const applicationId = pinned ?? envClientId;
  const { stored, where } = applicationId === pinned ? found : await findStoredCredentials(stores.secrets, baseUrl, applicationId!);

  const credentials: Credentials = {};
  const sources: string[] = [];
  const origins: CredentialOrigins = {};
  const storedOrigin: CredentialOrigin = { from: 'stored', where: where ?? 'the secret store', ...(stores.profile === undefined ? {} : { profile: stores.profile }) };

  if (envBot) {
    credentials.botToken = envBot;
    sources.push('bot token from DISCORD_BOT_TOKEN');
    origins.bot = { from: 'environment' };
  } else if (stored.botToken) {
    credentials.botToken = stored.botToken;
    sources.push(`bot token from ${where}`);
    origins.bot = storedOrigin;
  }
  if (envClientId && overrides.clientSecret) {
    credentials.clientCredentials = { clientId: envClientId, clientSecret: overrides.clientSecret };
    sources.push('client credentials from DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET');
    origins['client-credentials'] = { from: 'environment' };
  } else if (stored.clientCredentials) {
    credentials.clientCredentials = stored.clientCredentials;
    sources.push(`client credentials from ${where}`);
    origins['client-credentials'] = storedOrigin;
  }
  if (stored.user) {
    credentials.user = stored.user;
    sources.push(`sign-in from ${where}`);
    origins.user = storedOrigin;
  }
  const words = { api: baseUrl, ...(input.profile?.name === undefined ? {} : { profile: input.profile.name }) };
  const setAside = setAsideNotices(overrides, target, environment, words);
  const keyringMayHold = sources.length === 0 ? stores.secrets.explainNothingFound() : undefined;
  registerCredentials(credentials);
  return { credentials, sources, origins, environment, setAside, ...(applicationId ? { applicationId } : {}), ...(keyringMayHold === undefined ? {} : { keyringMayHold }) };
}

const VARIABLES: Record<'bot' | 'client-credentials', string> = { bot: 'DISCORD_BOT_TOKEN', 'client-credentials': 'DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET' };

/**
 * Where the credential of `kind` that a run uses comes from — the variable, or the store's place — and,
 * for a variable, why the rule used it (`auth status`, `profile show`). Undefined when there is none.
 */
export function sourceOf(loaded: LoadedCredentials, kind: AuthKind): { source: string; why?: string } | undefined {
  const origin = loaded.origins[kind];
  if (origin === undefined) return undefined;
  if (origin.from !== 'environment' || kind === 'user') return { source: origin.from === 'stored' ? origin.where : 'typed in this run' };
  const why = usedBecause(kind === 'bot' ? loaded.environment.botToken : loaded.environment.clientId);
  return { source: VARIABLES[kind], ...(why === undefined ? {} : { why }) };
}

/** What a setter (`auth set-bot-token`, `set-client-credentials`, `login`) just stored, and under which profile. */
export interface JustStored {
  applicationId: string;
  botToken?: string;
  clientCredentials?: { clientId: string; clientSecret: string };
  /** A browser sign-in was stored (`auth login`). */
  signedIn?: boolean;
  /** The profile it was filed under. */
  profile?: string;
}

/**
 * The exported variables that the rule (credential-choice.ts) will use over credentials just stored for
 * their application (and the profile CMD_TUI_PROFILE picks over the one they were filed under): one
 * sentence each, naming the variable and how to stop it, never a secret. Empty when the next command
 * will use what was stored.
 */
export function environmentOverrides(environment: Pick<Environment, 'credentials' | 'profile' | 'platform'>, stored: JustStored): string[] {
  const unset = (...names: string[]) => (environment.platform === 'win32' ? names.map((name) => `Remove-Item Env:${name}`).join('; ') : `unset ${names.join(' ')}`);
  const overrides = environment.credentials;
  const { botToken: envBot, clientId: envClientId, clientSecret: envSecret } = overrides;
  const facts = { ...(stored.botToken ? { botToken: stored.botToken } : {}), ...(stored.clientCredentials ? { clientCredentials: stored.clientCredentials } : {}), ...(stored.signedIn ? { user: true } : {}) };
  const choice = chooseEnvironmentCredentials(overrides, { applicationId: stored.applicationId, stored: facts });
  const told: string[] = [];
  const botWins = choice.botToken?.use === true;
  if (botWins && stored.botToken !== undefined && envBot !== stored.botToken) {
    told.push(`DISCORD_BOT_TOKEN is set in this shell to a token of the same application, and commands use it instead of the bot token just stored: \`${unset('DISCORD_BOT_TOKEN')}\` to use the stored one.`);
  }
  const pair = stored.clientCredentials;
  const pairWins = choice.clientId?.use === true && envSecret !== undefined;
  if (pairWins && pair !== undefined && (envClientId !== pair.clientId || envSecret !== pair.clientSecret)) {
    told.push(`DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set in this shell for the same application, and commands use them instead of the client credentials just stored: \`${unset('DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET')}\` to use the stored ones.`);
  }
  if (pair !== undefined && botWins) {
    told.push(`DISCORD_BOT_TOKEN is set in this shell to a token of the same application, and commands use that bot token, not the client credentials just stored: \`${unset('DISCORD_BOT_TOKEN')}\` to use them.`);
  }
  const envProfile = environment.profile;
  if (stored.profile !== undefined && envProfile !== undefined && envProfile !== stored.profile) {
    told.push(`CMD_TUI_PROFILE is set in this shell to ${envProfile}, so commands without --profile use that profile, not ${stored.profile}: \`${unset('CMD_TUI_PROFILE')}\`, or add --profile ${stored.profile}.`);
  }
  return told;
}

/**
 * Persists a refreshed user token (pass as DiscordApiOptions.onUserTokenRefreshed). A refresh
 * invalidates the old tokens, so a failed save is reported rather than ignored.
 */
export function persistRefreshedUser(stores: CredentialStores, baseUrl: string, applicationId: string, onError: (error: unknown) => void) {
  return (user: Credentials['user']): void => {
    writeStoredCredentials(stores.secrets, baseUrl, applicationId, (current) => (user ? { ...current, user: { ...current.user, ...user } } : current)).catch(onError);
  };
}
