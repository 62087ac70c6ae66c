/**
 * `cmd-tui auth …`: sign in with the browser (login), show what is stored (status), sign out and
 * revoke (logout), and store a bot token or client credentials read from stdin or a hidden prompt —
 * never from argv. No subcommand ever prints a token, secret, code or verifier.
 */
import { createDiscordApi } from '../api/client.js';
import { describeError } from '../api/errors.js';
import { resolveTarget, type ProfileInUse } from '../api/resolve-target.js';
import { looksHeadless } from '../auth/browser.js';
import { defaultStores, loadCredentials, readStoredCredentials, storeAppCredentials, updateStoredCredentials, type CredentialStores } from '../auth/credentials.js';
import { lineReader, readSecret } from '../auth/secret-input.js';
import type { KeyringStatus } from '../auth/secret-store.js';
import { SCOPE_PRESETS, scopeList, type ScopePreset } from '../auth/scopes.js';
import { AuthSession } from '../auth/session.js';
import { signIn } from '../auth/sign-in.js';
import { rememberSignIn } from '../auth/remember-sign-in.js';
import { CLIENT_CREDENTIALS_SCOPE } from '../api/auth-headers.js';
import { requestClientCredentialsToken } from '../auth/token-exchange.js';
import { createTransport } from '../api/http-transport.js';
import { debugLog } from './connect.js';
import { reportFailure } from './failure.js';
import { idFlag, parseFlags, timeoutFlag } from './flags.js';
import { SPECS } from './specs.js';
import { ExitCode, UsageError, type CliIo, type CommandRun } from './types.js';

const SUBCOMMANDS = ['login', 'status', 'logout', 'set-bot-token', 'set-client-credentials'] as const;
type Subcommand = (typeof SUBCOMMANDS)[number];


export const run: CommandRun = async (args, io) => {
  const [sub, ...rest] = args;
  if (!SUBCOMMANDS.includes(sub as Subcommand)) throw new UsageError(sub === undefined ? 'missing subcommand' : `unknown subcommand "${sub}"`);
  const notices: string[] = [];
  const notice = (message: string) => notices.push(message);
  try {
    switch (sub as Subcommand) {
      case 'login':
        return await login(rest, io, notice);
      case 'status':
        return await status(rest, io);
      case 'logout':
        return await logout(rest, io, notice);
      case 'set-bot-token':
        return await setBotToken(rest, io, notice);
      case 'set-client-credentials':
        return await setClientCredentials(rest, io, notice);
    }
  } catch (error) {
    return reportFailure(error, io, `auth ${sub}`);
  } finally {
    for (const message of notices) io.stderr.write(`cmd-tui: ${message}\n`);
  }
};

interface AuthTarget {
  baseUrl: string;
  profile?: ProfileInUse;
  /** The application the profile (or, without one, the settings for this API) remembers. */
  rememberedApp?: string;
  stores: CredentialStores;
}

/** `--api`, else the profile's, else the `apiUrl` of the settings file, else live Discord; and the stores filed under the profile. */
async function authTarget(values: { api?: string; profile?: string }, env: NodeJS.ProcessEnv, notice?: (message: string) => void): Promise<AuthTarget> {
  const { target, profile } = await resolveTarget(values, env);
  if (target.baseUrl === undefined) {
    throw new UsageError('--api local starts a throw-away emulator; sign in to one that keeps running: start `cmd-tui serve` and pass its URL');
  }
  const stores = defaultStores(env, notice, profile?.name);
  const rememberedApp = profile ? profile.applicationId : stores.settings.target(target.baseUrl).applicationId;
  return { baseUrl: target.baseUrl, stores, ...(profile ? { profile } : {}), ...(rememberedApp ? { rememberedApp } : {}) };
}

function appIdFlag(value: string | undefined, flag: string): string | undefined {
  return idFlag(flag, value, 'application');
}

function scopesFrom(scopes: string | undefined, preset: string | undefined): string {
  if (scopes !== undefined && preset !== undefined) throw new UsageError('use either --scopes or --preset, not both');
  if (scopes !== undefined) {
    if (scopeList(scopes).length === 0) throw new UsageError('--scopes needs at least one scope');
    return scopeList(scopes).join(' ');
  }
  const name = preset ?? 'permissions';
  if (!(name in SCOPE_PRESETS)) throw new UsageError(`--preset must be one of ${Object.keys(SCOPE_PRESETS).join(', ')}, not "${name}"`);
  return SCOPE_PRESETS[name as ScopePreset]();
}

async function login(args: string[], io: CliIo, notice: (message: string) => void): Promise<number> {
  const { values } = parseFlags(args, SPECS['auth login'].flags, { min: 0, max: 0, names: '' });
  const scopes = scopesFrom(values.scopes, values.preset);
  const timeoutMs = timeoutFlag(values.timeout);
  const { baseUrl, stores, rememberedApp } = await authTarget(values, io.env, notice);
  const clientId = appIdFlag(values['client-id'], '--client-id') ?? nonEmpty(io.env.DISCORD_CLIENT_ID) ?? rememberedApp;
  if (!clientId) throw new UsageError('pass --client-id (your application id) for the first sign-in');
  const clientSecret = await confidentialSecret(stores, io.env, baseUrl, clientId);

  const headless = values['no-browser'] === true || looksHeadless(io.env);
  if (headless && values['no-browser'] !== true && values['custom-scheme'] === undefined) notice('No display found: not opening a browser (as with --no-browser).');
  const pasting = headless || values['custom-scheme'] !== undefined;
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  const pastes = pasting ? lineReader(io.stdin) : undefined;
  try {
    const user = await signIn({
      baseUrl,
      clientId,
      clientSecret,
      scopes,
      customScheme: values['custom-scheme'],
      noBrowser: headless,
      env: io.env,
      signal: controller.signal,
      onUrl: (url) => {
        io.stderr.write(`Open this address in a browser to sign in:\n\n  ${url}\n\n`);
        if (pasting) io.stderr.write('Then paste the address the browser was sent to (or just the code) here and press Enter:\n');
        else io.stderr.write('Waiting for the browser… (Ctrl-C to stop)\n');
      },
      readPastedRedirect: pastes?.next,
      onPasteRefused: (message) => io.stderr.write(`${message}\n`),
      onNotice: notice,
    });
    const { stored, where } = await rememberSignIn({ stores, baseUrl, clientId, user: user!, timeoutMs });
    const who = stored.signedInAs ? ` as ${stored.signedInAs.username}` : '';
    io.stdout.write(`Signed in${who} for application ${clientId} with ${user!.scopes.join(' ') || 'no scopes'}${expiryText(user!.expiresAt)}.\n`);
    io.stdout.write(`Stored in ${where}.\n`);
    return ExitCode.Ok;
  } finally {
    pastes?.close();
    process.removeListener('SIGINT', onInterrupt);
  }
}

/** A stored or environment secret for this very client makes the exchange confidential (Basic auth). */
async function confidentialSecret(stores: CredentialStores, env: NodeJS.ProcessEnv, baseUrl: string, clientId: string): Promise<string | undefined> {
  if (nonEmpty(env.DISCORD_CLIENT_ID) === clientId && nonEmpty(env.DISCORD_CLIENT_SECRET)) return nonEmpty(env.DISCORD_CLIENT_SECRET);
  const stored = await readStoredCredentials(stores.secrets, baseUrl, clientId);
  return stored.clientCredentials?.clientId === clientId ? stored.clientCredentials.clientSecret : undefined;
}

async function status(args: string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(args, SPECS['auth status'].flags, { min: 0, max: 0, names: '' });
  const { baseUrl, stores, profile, rememberedApp } = await authTarget(values, io.env);
  const inProfile = profile ? { profile } : {};
  const named = await loadCredentials({ baseUrl, env: io.env, applicationId: appIdFlag(values.app, '--app'), stores, ...inProfile });
  // A bot token from the environment names its application only to the API (credentials.ts): what is
  // stored is shown for the application the profile (or settings) remember, with which it is used if it is the token's.
  const storedFor = named.applicationId === undefined && named.credentials.botToken ? rememberedApp : undefined;
  const loaded = storedFor ? await loadCredentials({ baseUrl, env: io.env, applicationId: storedFor, stores, ...inProfile }) : named;
  const stored = loaded.applicationId ? await readStoredCredentials(stores.secrets, baseUrl, loaded.applicationId) : {};
  const { botToken, clientCredentials, user } = loaded.credentials;
  const source = (kind: string) => loaded.sources.find((line) => line.startsWith(kind))?.replace(`${kind} from `, '');
  const report = {
    profile: profile?.name ?? null,
    api: baseUrl,
    applicationId: named.applicationId ?? null,
    /** Set when the application is the bot token's own: the one the stored credentials below are for. */
    storedFor: storedFor ?? null,
    botToken: botToken ? { source: source('bot token') } : null,
    clientCredentials: clientCredentials ? { clientId: clientCredentials.clientId, source: source('client credentials') } : null,
    user: user
      ? {
          id: stored.signedInAs?.id ?? null,
          username: stored.signedInAs?.username ?? null,
          scopes: user.scopes,
          expiresAt: user.expiresAt === undefined ? null : new Date(user.expiresAt).toISOString(),
          expired: user.expiresAt !== undefined && user.expiresAt <= Date.now(),
          refreshable: Boolean(user.refreshToken),
          source: source('sign-in'),
        }
      : null,
    secretStore: { file: stores.secrets.filePath, keyring: stores.secrets.keyringStatus() },
  };
  const anything = Boolean(botToken || clientCredentials || user);
  if (values.json) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return anything ? ExitCode.Ok : ExitCode.Credentials;
  }
  const botsOwn = "the bot token's own (cmd-tui asks Discord when it connects; --app names one)";
  const unknownApplication = botToken ? botsOwn : 'not set (pass --app, or set credentials)';
  const lines = [...(profile ? [`Profile: ${profile.name}`] : []), `API: ${baseUrl}`, `Application: ${report.applicationId ?? unknownApplication}`];
  if (storedFor) lines.push(`Stored credentials are for application ${storedFor}: used with the bot token if it is that application's.`);
  lines.push(`Bot token: ${report.botToken ? `set (${report.botToken.source})` : 'not set'}`);
  lines.push(`Client credentials: ${report.clientCredentials ? `client ${report.clientCredentials.clientId} (${report.clientCredentials.source})` : 'not set'}`);
  if (report.user) {
    const who = report.user.username ? `${report.user.username} (${report.user.id})` : 'signed in';
    const expiry = report.user.expiresAt ? `; ${report.user.expired ? 'expired' : 'expires'} ${report.user.expiresAt}` : '';
    lines.push(`Sign-in: ${who}; scopes ${report.user.scopes.join(' ') || '(none)'}${expiry}${report.user.refreshable ? '; refreshable' : ''}`);
  } else {
    lines.push('Sign-in: none (`cmd-tui auth login` to edit permission overwrites)');
  }
  lines.push(keyringLine(report.secretStore.keyring, report.secretStore.file));
  io.stdout.write(`${lines.join('\n')}\n`);
  if (!anything) io.stderr.write('No credentials: run `cmd-tui auth set-bot-token`, `cmd-tui auth set-client-credentials` or `cmd-tui auth login`.\n');
  return anything ? ExitCode.Ok : ExitCode.Credentials;
}

async function logout(args: string[], io: CliIo, notice: (message: string) => void): Promise<number> {
  const { values } = parseFlags(args, SPECS['auth logout'].flags, { min: 0, max: 0, names: '' });
  const { baseUrl, stores, rememberedApp } = await authTarget(values, io.env, notice);
  const applicationId = appIdFlag(values.app, '--app') ?? rememberedApp;
  if (!applicationId) {
    io.stdout.write('Nothing stored for this API.\n');
    return ExitCode.Ok;
  }
  const stored = await readStoredCredentials(stores.secrets, baseUrl, applicationId);
  if (stored.user) {
    const clientId = stored.user.clientId ?? applicationId;
    const secret = stored.clientCredentials?.clientId === clientId ? stored.clientCredentials.clientSecret : undefined;
    const session = new AuthSession(baseUrl, clientId, secret);
    const timeoutMs = timeoutFlag(values.timeout);
    if (timeoutMs) session.setHttpRequestTimeout(timeoutMs);
    try {
      // Revoking the refresh token ends the whole authorization (access token included).
      const token = stored.user.refreshToken ?? stored.user.accessToken;
      await session.revokeToken(token, stored.user.refreshToken ? 'refresh_token' : 'access_token');
      io.stdout.write('Revoked the sign-in at Discord.\n');
    } catch (error) {
      notice(`Could not revoke the sign-in at Discord (${describeError(error).message}); it was removed here anyway. You can also remove the app under Discord → User Settings → Authorized Apps.`);
    } finally {
      await session.close();
    }
  }
  if (!stored.user && !values.all) {
    io.stdout.write('Not signed in. (`--all` also forgets the bot token and client credentials.)\n');
    return ExitCode.Ok;
  }
  await updateStoredCredentials(stores, baseUrl, applicationId, (current) => {
    const { user: _user, signedInAs: _who, ...rest } = current;
    return values.all ? {} : rest;
  });
  io.stdout.write(values.all ? `Forgot every credential of application ${applicationId} for ${baseUrl}.\n` : `Signed out of application ${applicationId}.\n`);
  return ExitCode.Ok;
}

async function setBotToken(args: string[], io: CliIo, notice: (message: string) => void): Promise<number> {
  const { values } = parseFlags(args, SPECS['auth set-bot-token'].flags, { min: 0, max: 0, names: '' });
  const { baseUrl, stores } = await authTarget(values, io.env, notice);
  const expectedApp = appIdFlag(values.app, '--app');
  const botToken = await readSecret(io.stdin, io.stderr, 'Bot token (input hidden): ');
  // Checked before storing: the token must work and must belong to the application it is filed under.
  const api = await createDiscordApi({ baseUrl, credentials: { botToken }, timeoutMs: timeoutFlag(values.timeout), ...(values.debug ? { debug: debugLog(io) } : {}) });
  const application = await api.getApplication();
  if (expectedApp && application.id !== expectedApp) {
    throw new UsageError(`that bot token belongs to application ${application.id}, not ${expectedApp}`);
  }
  const { where } = await storeAppCredentials(stores, baseUrl, application.id, { botToken }, application.name);
  io.stdout.write(`Stored the bot token of ${application.name} (${application.id}) in ${where}.\n`);
  return ExitCode.Ok;
}

async function setClientCredentials(args: string[], io: CliIo, notice: (message: string) => void): Promise<number> {
  const { values } = parseFlags(args, SPECS['auth set-client-credentials'].flags, { min: 0, max: 0, names: '' });
  const { baseUrl, stores } = await authTarget(values, io.env, notice);
  const clientId = appIdFlag(values['client-id'], '--client-id');
  if (!clientId) throw new UsageError('pass --client-id (your application id); the secret is read from stdin or a hidden prompt');
  const clientSecret = await readSecret(io.stdin, io.stderr, 'Client secret (input hidden): ');
  const transport = createTransport({ timeoutMs: timeoutFlag(values.timeout), ...(values.debug ? { debug: debugLog(io) } : {}) });
  try {
    // A token request proves the pair works before it is stored.
    await requestClientCredentialsToken({ baseUrl, transport }, { clientId, clientSecret }, CLIENT_CREDENTIALS_SCOPE);
  } finally {
    await transport.close();
  }
  const { where } = await storeAppCredentials(stores, baseUrl, clientId, { clientCredentials: { clientId, clientSecret } });
  io.stdout.write(`Stored the client credentials of application ${clientId} in ${where}.\n`);
  return ExitCode.Ok;
}

/** One line: whether the OS keyring is used, and why not. */
function keyringLine(keyring: KeyringStatus, file: string): string {
  const checked = keyring.checkedAt ? ` (checked ${keyring.checkedAt.slice(0, 10)})` : '';
  if (keyring.state === 'in use') return `OS keyring: in use${checked}`;
  if (keyring.state === 'not checked yet') return `OS keyring: not checked yet (checked when a secret is first stored; otherwise ${file})`;
  return `OS keyring: not used${checked}: ${keyring.reason}; secrets go to ${file} (readable only by you)`;
}

function expiryText(expiresAt: number | undefined): string {
  return expiresAt === undefined ? '' : `, valid until ${new Date(expiresAt).toISOString()}`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
