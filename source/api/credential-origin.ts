/**
 * Where each credential the client holds came from (the environment, a store, typed in the TUI), and
 * the advice that can fix one Discord refused: a token from DISCORD_BOT_TOKEN is used over what is
 * stored for its application, so storing it again would change nothing; a stored one is replaced with its auth command.
 */
import { AuthRequiredError } from './errors.js';
import type { AuthKind } from './contract.js';

export type CredentialOrigin =
  | { from: 'environment' }
  /** `where`: the OS keyring or the file's path (secret-store.ts describe); `profile`: the profile it is filed under. */
  | { from: 'stored'; where: string; profile?: string }
  | { from: 'typed' };

export type CredentialOrigins = Partial<Record<AuthKind, CredentialOrigin>>;

const ENVIRONMENT: Record<AuthKind, string> = {
  bot: 'DISCORD_BOT_TOKEN from the environment was refused: fix or unset it (it is used over a token `cmd-tui auth set-bot-token` stored for the same application, or where none is stored).',
  'client-credentials':
    'DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET from the environment were refused: fix or unset them (they are used over what `cmd-tui auth set-client-credentials` stored for their application).',
  user: 'Sign in again with `cmd-tui auth login`.',
};

const STORED: Record<AuthKind, { what: string; fix: string }> = {
  bot: { what: 'The bot token stored in $ was refused', fix: 'set a new one with `cmd-tui auth set-bot-token' },
  'client-credentials': { what: 'The client credentials stored in $ were refused', fix: 'set them again with `cmd-tui auth set-client-credentials' },
  user: { what: 'The sign-in stored in $ was refused', fix: 'sign in again with `cmd-tui auth login' },
};

const TYPED: Record<AuthKind, string> = {
  bot: 'Check the bot token: copy it again from the Developer Portal (your app › Bot › Reset Token) and paste it whole.',
  'client-credentials': 'Check the client id and secret: copy them again from the Developer Portal (your app › OAuth2), the secret from Reset Secret.',
  user: 'Sign in again.',
};

/** What fixes a credential of `kind` that Discord refused, from where it came; undefined when that is not known. */
export function refusedCredentialHint(kind: AuthKind, origin: CredentialOrigin | undefined): string | undefined {
  if (origin === undefined) return undefined;
  if (origin.from === 'environment') return ENVIRONMENT[kind];
  if (origin.from === 'typed') return TYPED[kind];
  const { what, fix } = STORED[kind];
  const profile = origin.profile === undefined ? '' : ` --profile ${origin.profile}`;
  const where = `${origin.where}${origin.profile === undefined ? '' : ` (profile ${origin.profile})`}`;
  return `${what.replace('$', where)}: ${fix}${profile}\`.`;
}

/**
 * A bot token given with its header scheme (`Bot abc…`, as copied from an Authorization header) is
 * refused here, before it is sent: Discord would answer 401, and no sign-in stands in for a bot token.
 */
export function refuseSchemedBotToken(token: string | undefined, origin: CredentialOrigin | undefined): void {
  const scheme = /^(bot|bearer)\s+/i.exec(token ?? '')?.[0]?.trim();
  if (scheme === undefined) return;
  const named = origin?.from === 'environment' ? 'DISCORD_BOT_TOKEN' : origin?.from === 'stored' ? `The bot token stored in ${origin.where}` : 'The bot token';
  const fix = origin?.from === 'environment' ? 'set DISCORD_BOT_TOKEN to the token alone' : origin?.from === 'stored' ? 'store the token alone with `cmd-tui auth set-bot-token`' : 'paste the token alone';
  throw new AuthRequiredError(['bot'], `${named} starts with "${scheme} ", which is not part of the token (cmd-tui adds the "Bot " scheme itself); nothing was sent.`, `Drop the "${scheme} " prefix: ${fix}.`);
}

/** Credentials typed in this run (the TUI's onboarding) come from the person at the keyboard. */
export function typedOrigins(typed: { botToken?: string; clientCredentials?: unknown } | undefined): CredentialOrigins {
  const origins: CredentialOrigins = {};
  if (typed?.botToken !== undefined) origins.bot = { from: 'typed' };
  if (typed?.clientCredentials !== undefined) origins['client-credentials'] = { from: 'typed' };
  return origins;
}
