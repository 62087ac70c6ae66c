/**
 * The one call the TUI and the scriptable commands make to get a DiscordApi: load the credentials
 * for this API base and application (the environment's where they belong, auth/credential-choice.ts;
 * a variable set aside is said with why), take this process's place in
 * the bot token's shared pace, build the client, and save refreshed sign-ins back to the store. Above
 * both api/ (the client) and auth/ (the credentials): neither knows the other's side of it.
 */
import { defaultStores, loadCredentials, persistRefreshedUser, type AppCredentials, type CredentialStores, type LoadedCredentials } from '../auth/credentials.js';
import { createDiscordApi } from '../api/client.js';
import type { ProfileInUse } from './resolve-target.js';
import { typedOrigins } from '../api/credential-origin.js';
import type { EnvironmentChoice } from '../auth/credential-choice.js';
import type { DiscordApi } from '../api/contract.js';
import { describeError } from '../api/errors.js';
import { createTransport, DEFAULT_TIMEOUT_MS, type Transport } from '../api/http-transport.js';
import type { Environment } from '../config/environment.js';
import type { Application } from '../discord/model.js';
import { paceFilePath, processPaceShare } from '../config/pace-share.js';
import type { RateLimitWait, SharedBudget } from '../api/rate-limit-queue.js';

/** What connecting takes from the environment: where the stores and pace files are, which secret store, the credentials it overrides. */
export type ConnectSettings = Pick<Environment, 'paths' | 'secretStore' | 'credentials'>;

export interface ConnectOptions {
  baseUrl: string;
  environment: ConnectSettings;
  applicationId?: string;
  /** `--timeout MS`; else the settings file; else 30000. */
  timeoutMs?: number;
  /** `--max-rps N`; else the profile's; else Discord's 50. */
  maxRequestsPerSecond?: number;
  debug?: (line: string) => void;
  /** Each rate-limit wait (the TUI names it while it waits). */
  onRateLimitWait?: (event: RateLimitWait) => void;
  /** Notices and warnings meant for the user (secret-store location, invalid-request warning, failed saves). */
  notice?: (message: string) => void;
  stores?: CredentialStores;
  /** Typed in this run (the TUI's onboarding) and perhaps not stored: used over the stored ones. */
  typed?: AppCredentials;
  /** Already read from these stores (the TUI checks what there is first): not read again. */
  loaded?: LoadedCredentials;
  /** The profile in use (resolve-target.ts): its application, and where stored credentials are filed. */
  profile?: ProfileInUse;
}

export interface Connection {
  api: DiscordApi;
  /** Where each credential came from, e.g. `bot token from DISCORD_BOT_TOKEN`. */
  sources: string[];
  /** Which exported variables the rule used or set aside (auth/credential-choice.ts). */
  environment: EnvironmentChoice;
}

export async function connectDiscordApi(options: ConnectOptions): Promise<Connection> {
  const { environment } = options;
  const stores = options.stores ?? defaultStores(environment, options.notice, options.profile?.name);
  const profile = options.profile ? { profile: options.profile } : {};
  const overrides = environment.credentials;
  const loaded = options.loaded ?? (await loadCredentials({ baseUrl: options.baseUrl, overrides, applicationId: options.applicationId, stores, ...profile }));
  for (const line of loaded.setAside) options.notice?.(line);
  const timeoutMs = options.timeoutMs ?? stores.settings.read().timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // One connection pool, also for the client that a learned application may need below.
  const transport = createTransport({ timeoutMs, debug: options.debug });
  // One place in the token's shared budget for this process, whichever client below sends.
  const botToken = options.typed?.botToken ?? loaded.credentials.botToken;
  const sharedBudget = botToken === undefined ? undefined : processPaceShare(paceFilePath(environment.paths(), options.baseUrl, botToken));
  const api = await connectWith(options, stores, loaded, { timeoutMs, transport, sharedBudget });
  const chosen = { environment: loaded.environment };
  if (loaded.applicationId !== undefined) return { api, sources: loaded.sources, ...chosen };
  // The application was learned from the bot token: what is stored for it (a sign-in, client
  // credentials) applies as it would have had the id been known.
  const forApplication = await loadCredentials({ baseUrl: options.baseUrl, overrides, applicationId: api.applicationId, tokensApplication: api.applicationId, stores, ...profile });
  const storedMore = forApplication.credentials.user !== undefined || forApplication.credentials.clientCredentials !== undefined;
  if (!storedMore) return { api, sources: loaded.sources, ...chosen };
  // The application read to learn its id is handed over (not read again).
  const application = await api.getApplication();
  return { api: await connectWith(options, stores, forApplication, { timeoutMs, transport, sharedBudget, application }), sources: forApplication.sources, ...chosen };
}

async function connectWith(
  options: ConnectOptions,
  stores: CredentialStores,
  loaded: LoadedCredentials,
  shared: { timeoutMs: number; transport: Transport; sharedBudget?: SharedBudget; application?: Application },
): Promise<DiscordApi> {
  return createDiscordApi({
    ...shared,
    baseUrl: options.baseUrl,
    ...(options.maxRequestsPerSecond ?? options.profile?.maxRps ? { maxRequestsPerSecond: options.maxRequestsPerSecond ?? options.profile?.maxRps } : {}),
    credentials: { ...loaded.credentials, ...options.typed },
    credentialOrigins: { ...loaded.origins, ...typedOrigins(options.typed) },
    applicationId: loaded.applicationId,
    debug: options.debug,
    ...(options.onRateLimitWait ? { onRateLimitWait: options.onRateLimitWait } : {}),
    onWarning: options.notice,
    onUserTokenRefreshed: loaded.applicationId
      ? persistRefreshedUser(stores, options.baseUrl, loaded.applicationId, (error) =>
          options.notice?.(`Could not save the refreshed sign-in: ${describeError(error).message}`),
        )
      : undefined,
  });
}
