/**
 * Which token a call sends, and keeping each token usable: the bot token as is, a client-credentials
 * token fetched on first use and cached until shortly before it expires, the signed-in user's token
 * refreshed before expiry and once after a 401. A token Discord rejected is never sent again.
 */
import { AuthRequiredError } from './errors.js';
import type { AuthKind } from './contract.js';
import type { Clock } from './clock.js';
import type { Credentials } from './contract.js';
import { registerCredentials, registerSecret } from '../terminal/redact-secrets.js';
import { refusedCredentialHint, refuseSchemedBotToken, type CredentialOrigins } from './credential-origin.js';
import { OAuthError, refreshAccessToken, requestClientCredentialsToken, toUserCredentials, type TokenEndpoint } from './token-exchange.js';

export const CLIENT_CREDENTIALS_SCOPE = 'applications.commands.update';
/** The one scope Discord accepts for editing permission overwrites (with a user token only). */
export const PERMISSIONS_UPDATE_SCOPE = 'applications.commands.permissions.update';
/** Renew this long before expiry so a token never expires between our check and Discord's. */
const EXPIRY_MARGIN_MS = 60_000;

const SET_BOT_TOKEN = 'Run `cmd-tui auth set-bot-token` (or set DISCORD_BOT_TOKEN), or `cmd-tui auth set-client-credentials` (or DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET).';
const SIGN_IN = 'Run `cmd-tui auth login --preset permissions`; the signed-in user needs Manage Guild and Manage Roles in that guild.';

/** What to tell the user when none of the accepted kinds is available (`held`: the kinds there are, which cannot make this call). */
export function authRequired(accepted: AuthKind[], held: AuthKind[] = []): AuthRequiredError {
  // With nothing at all, what a sign-in cannot do is beside the point: there is none.
  if (held.length === 0 && !(accepted.length === 1 && accepted[0] === 'user')) {
    return new AuthRequiredError(accepted, 'No credentials are set for this API and application.', `${SET_BOT_TOKEN}${accepted.includes('user') ? ' Or sign in with `cmd-tui auth login`.' : ''}`);
  }
  if (accepted.length === 1 && accepted[0] === 'user') {
    return new AuthRequiredError(
      accepted,
      'Editing permission overwrites needs a signed-in user: Discord accepts only a user token with the applications.commands.permissions.update scope here, never a bot token or client credentials.',
      SIGN_IN,
    );
  }
  if (!accepted.includes('user')) {
    const what = accepted.includes('client-credentials') ? 'a bot token or the application\'s client credentials' : 'a bot token';
    return new AuthRequiredError(
      accepted,
      `This needs ${what}; a browser sign-in cannot manage commands (Discord grants applications.commands.update only to client credentials).`,
      SET_BOT_TOKEN,
    );
  }
  return new AuthRequiredError(accepted, 'No credentials are set for this API and application.', `${SET_BOT_TOKEN} Or sign in with \`cmd-tui auth login\`.`);
}

export interface AuthHeadersOptions {
  credentials: Credentials;
  tokenEndpoint: TokenEndpoint;
  clock: Clock;
  /** The client id a sign-in without a recorded one was made with. */
  applicationId?: string;
  onUserTokenRefreshed?: (user: Credentials['user']) => void;
  /** Where each credential came from: a refused one is answered with advice that can fix it. */
  origins?: CredentialOrigins;
}

export class AuthHeaders {
  private readonly credentials: Credentials;
  private readonly rejected = new Set<AuthKind>();
  private clientToken: { value: string; expiresAt: number } | undefined;
  private clientTokenPending: Promise<string> | undefined;
  private userRefreshPending: Promise<void> | undefined;

  constructor(private readonly options: AuthHeadersOptions) {
    // A private copy: refreshes replace the user token here, the caller learns through onUserTokenRefreshed.
    this.credentials = { ...options.credentials };
    // Whatever this client sends, a server echoing it back is shown as **** (terminal/redact-secrets.ts).
    registerCredentials(this.credentials);
  }

  available(): AuthKind[] {
    const kinds: AuthKind[] = [];
    if (this.credentials.botToken && !this.rejected.has('bot')) kinds.push('bot');
    if (this.credentials.clientCredentials && !this.rejected.has('client-credentials')) kinds.push('client-credentials');
    if (this.credentials.user && !this.rejected.has('user')) kinds.push('user');
    return kinds;
  }

  /** The scopes the user token was granted, as recorded at sign-in (kept across refreshes); undefined without one. */
  userScopes(): readonly string[] | undefined {
    return this.available().includes('user') ? this.credentials.user?.scopes : undefined;
  }

  /** The first accepted kind we hold, in the caller's order of preference; throws before any request otherwise. */
  choose(accepted: AuthKind[]): AuthKind {
    const held = this.available();
    const kind = accepted.find((candidate) => held.includes(candidate));
    if (kind) return kind;
    const wasRejected = accepted.find((candidate) => this.rejected.has(candidate));
    if (wasRejected) throw this.rejectedError(wasRejected);
    throw authRequired(accepted, held);
  }

  async header(kind: AuthKind): Promise<string> {
    if (kind === 'bot') {
      refuseSchemedBotToken(this.credentials.botToken, this.options.origins?.bot);
      return `Bot ${this.credentials.botToken}`;
    }
    if (kind === 'client-credentials') return `Bearer ${await this.clientCredentialsToken()}`;
    const user = this.credentials.user!;
    if (user.expiresAt !== undefined && user.expiresAt - EXPIRY_MARGIN_MS <= this.options.clock.now()) await this.refreshUser();
    return `Bearer ${this.credentials.user!.accessToken}`;
  }

  /**
   * Discord answered 401 to `kind`. Returns true when a fresh token is worth one more try (a cached
   * client-credentials token, or a user token we can refresh); otherwise the token is dropped for good.
   */
  async unauthorized(kind: AuthKind): Promise<boolean> {
    if (kind === 'client-credentials' && this.clientToken) {
      this.clientToken = undefined;
      return true;
    }
    if (kind === 'user' && this.credentials.user?.refreshToken) {
      await this.refreshUser();
      return true;
    }
    this.rejected.add(kind);
    return false;
  }

  /** Gives up on `kind` after a second 401 with a fresh token. */
  reject(kind: AuthKind): AuthRequiredError {
    this.rejected.add(kind);
    return this.rejectedError(kind);
  }

  /** What fixes a refused credential of `kind`, from where it came (undefined when not known). */
  refusedHint(kind: AuthKind): string | undefined {
    return refusedCredentialHint(kind, this.options.origins?.[kind]);
  }

  private rejectedError(kind: AuthKind): AuthRequiredError {
    const which = { bot: 'bot token', 'client-credentials': 'client credentials', user: 'sign-in' }[kind];
    const hint = this.refusedHint(kind) ?? (kind === 'user' ? 'Sign in again with `cmd-tui auth login`.' : SET_BOT_TOKEN);
    return new AuthRequiredError([kind], `Discord rejected the ${which} (401); cmd-tui will not send it again.`, hint);
  }

  private clientCredentialsToken(): Promise<string> {
    const cached = this.clientToken;
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > this.options.clock.now()) return Promise.resolve(cached.value);
    // Single flight: concurrent calls share one token request.
    this.clientTokenPending ??= (async () => {
      try {
        const { clientId, clientSecret } = this.credentials.clientCredentials!;
        const token = await requestClientCredentialsToken(this.options.tokenEndpoint, { clientId, clientSecret }, CLIENT_CREDENTIALS_SCOPE);
        registerSecret(token.access_token);
        const lifetimeMs = (token.expires_in ?? 604_800) * 1000;
        this.clientToken = { value: token.access_token, expiresAt: this.options.clock.now() + lifetimeMs };
        return token.access_token;
      } catch (error) {
        if (!(error instanceof OAuthError && error.error === 'invalid_client')) throw error;
        this.rejected.add('client-credentials');
        const hint = this.refusedHint('client-credentials');
        throw hint === undefined ? error : new OAuthError(error.error, error.operation, error.message, hint);
      } finally {
        this.clientTokenPending = undefined;
      }
    })();
    return this.clientTokenPending;
  }

  private refreshUser(): Promise<void> {
    // Single flight: ten calls near expiry make one refresh request (check B12).
    this.userRefreshPending ??= (async () => {
      try {
        const current = this.credentials.user!;
        if (!current.refreshToken) throw this.rejectedError('user');
        const clientId = current.clientId ?? this.options.applicationId;
        if (!clientId) throw this.rejectedError('user');
        // A confidential client refreshes with its secret (Basic auth); a public one with its id alone.
        const stored = this.credentials.clientCredentials;
        const client = stored?.clientId === clientId ? stored : { clientId };
        const response = await refreshAccessToken(this.options.tokenEndpoint, client, current.refreshToken);
        this.credentials.user = toUserCredentials(response, this.options.clock.now(), current);
        registerCredentials(this.credentials);
        this.options.onUserTokenRefreshed?.(this.credentials.user);
      } catch (error) {
        if (error instanceof OAuthError && error.revoked) {
          this.rejected.add('user');
          throw new AuthRequiredError(['user'], 'Your authorization was revoked or has expired (Discord answered invalid_grant).', 'Sign in again with `cmd-tui auth login`.');
        }
        throw error;
      } finally {
        this.userRefreshPending = undefined;
      }
    })();
    return this.userRefreshPending;
  }
}
