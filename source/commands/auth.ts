/**
 * `cmd-tui auth …`: sign in with the browser (login), show what is stored and where (status, with the
 * keyring verdict and when and where it was made), sign out — revoke the sign-in and forget every
 * credential of the application from every store, reporting each (logout) — and store a bot token or
 * client credentials read from stdin or a hidden prompt, never from argv, filed under the profile
 * they belong to. No subcommand ever prints a token, secret, code or verifier.
 */
import { createDiscordApi } from '../api/client.js';
import type { AuthKind } from '../api/contract.js';
import { describeError } from '../api/errors.js';
import { readSettingsWithProfiles, resolveTarget, type ProfileInUse } from '../connect/resolve-target.js';
import { resolveApiBase } from '../api/target.js';
import { checkCredentialFiling, defaultStores, environmentOverrides, loadCredentials, readStoredCredentials, sourceOf, storeAppCredentials, writeStoredCredentials, type CredentialStores, type JustStored, type StoreResult } from '../auth/credentials.js';
import { environmentSecretFor } from '../auth/credential-choice.js';
import { pasteReader, readSecret, readSecrets } from '../auth/secret-input.js';
import type { KeyringStatus, Removal } from '../auth/keyring-access.js';
import { scopeList, scopesOfPreset, SCOPE_PRESET_NAMES } from '../auth/scopes.js';
import type { CredentialOverrides, Environment } from '../config/environment.js';
import { profileNamed } from '../config/profiles.js';
import { AuthSession } from '../auth/session.js';
import { signIn } from '../auth/sign-in.js';
import { rememberSignIn } from '../auth/remember-sign-in.js';
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
  /** The application the profile (or, without one for this API, the settings for this API) remembers. */
  rememberedApp?: string;
  stores: CredentialStores;
}

/**
 * `--api`, else the profile's, else the `apiUrl` of the settings file, else live Discord; and the stores,
 * which file what is stored under the profile the command names (`--profile`, CMD_TUI_PROFILE). A
 * command that stores (`creates`) may name a profile that does not exist yet: it is made for them.
 */
async function authTarget(values: { api?: string; profile?: string }, environment: Environment, notice?: (message: string) => void, creates = false): Promise<AuthTarget> {
  const named = values.profile ?? environment.profile;
  const settings = creates && named !== undefined ? await readSettingsWithProfiles(environment.paths()) : undefined;
  const newProfile = settings !== undefined && !profileNamed(settings, named!);
  // A profile still to be made has no API of its own: --api, else the settings', else live Discord.
  const { target, profile } = newProfile ? { target: resolveApiBase(values.api ?? settings.apiUrl), profile: undefined } : await resolveTarget(values, environment);
  if (target.baseUrl === undefined) {
    throw new UsageError('--api local starts a throw-away emulator; sign in to one that keeps running: start `cmd-tui serve` and pass its URL');
  }
  const stores = defaultStores(environment, notice, named);
  const rememberedApp = profile ? profile.applicationId : newProfile ? undefined : stores.settings.target(target.baseUrl).applicationId;
  return { baseUrl: target.baseUrl, stores, ...(profile ? { profile } : {}), ...(rememberedApp ? { rememberedApp } : {}) };
}

/** The profile as loadCredentials takes it: its name (the one a store files under), and the application the command works on. */
function profileFacts(stores: CredentialStores, profile: ProfileInUse | undefined, rememberedApp: string | undefined): { name?: string; applicationId?: string } {
  const name = profile?.name ?? stores.profile;
  return { ...(name === undefined ? {} : { name }), ...(rememberedApp === undefined ? {} : { applicationId: rememberedApp }) };
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
  const scopesOf = scopesOfPreset(name);
  if (scopesOf === undefined) throw new UsageError(`--preset must be one of ${SCOPE_PRESET_NAMES.join(', ')}, not "${name}"`);
  return scopesOf;
}

async function login(args: string[], io: CliIo, notice: (message: string) => void): Promise<number> {
  const { values } = parseFlags(args, SPECS['auth login'].flags, { min: 0, max: 0, names: '' });
  const scopes = scopesFrom(values.scopes, values.preset);
  const timeoutMs = timeoutFlag(values.timeout);
  const debug = values.debug ? debugLog(io) : undefined;
  const { baseUrl, stores, profile, rememberedApp } = await authTarget(values, io.environment, notice, true);
  // --client-id, else DISCORD_CLIENT_ID or DISCORD_BOT_TOKEN where they belong (credential-choice.ts), else the profile's application.
  const loaded = await loadCredentials({ baseUrl, overrides: io.environment.credentials, applicationId: appIdFlag(values['client-id'], '--client-id'), profile: profileFacts(stores, profile, rememberedApp), stores });
  for (const line of loaded.setAside) notice(line);
  const envBot = loaded.origins.bot?.from === 'environment' ? loaded.credentials.botToken : undefined;
  const clientId = loaded.applicationId ?? rememberedApp ?? (envBot === undefined ? undefined : await botTokensApplication(envBot, baseUrl, timeoutMs, debug));
  if (!clientId) {
    throw new UsageError('cmd-tui does not know which application to sign in to: pass --client-id (your application id), set DISCORD_CLIENT_ID, or store the bot token first (`cmd-tui auth set-bot-token`)');
  }
  // Refused before the browser opens: a sign-in for another API or application never lands in another profile.
  checkCredentialFiling(stores, baseUrl, clientId, 'cmd-tui auth login');
  const clientSecret = await confidentialSecret(stores, io.environment.credentials, baseUrl, clientId);

  const headless = values['no-browser'] === true || io.environment.browser.headless;
  if (headless && values['no-browser'] !== true && values['custom-scheme'] === undefined) notice('No display found: not opening a browser (as with --no-browser).');
  const pasting = headless || values['custom-scheme'] !== undefined;
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  const pastes = pasting ? pasteReader(io.stdin, io.stderr) : undefined;
  const pasteHere = `paste the address the browser was sent to${values['custom-scheme'] === undefined ? '' : ' (or just the code)'} here${pastes?.hidden ? ' (it is not shown as you paste: it holds a sign-in code)' : ''} and press Enter:`;
  try {
    const user = await signIn({
      baseUrl,
      clientId,
      clientSecret,
      scopes,
      customScheme: values['custom-scheme'],
      noBrowser: headless,
      browsers: io.environment.browser.commands,
      signal: controller.signal,
      onUrl: (url) => {
        io.stderr.write(`Open this address in a browser to sign in:\n\n  ${url}\n\n`);
        if (pasting) io.stderr.write(`Then ${pasteHere}\n`);
        else io.stderr.write('Waiting for the browser… (Ctrl-C to stop)\n');
      },
      readPastedRedirect: pastes?.next,
      onPasteRefused: (message) => io.stderr.write(`${message}\nTry again: ${pasteHere}\n`),
      onNotice: notice,
      ...(debug ? { debug } : {}),
    });
    const { stored, where, profile } = await rememberSignIn({ stores, baseUrl, clientId, user: user!, timeoutMs, ...(debug ? { debug } : {}) });
    const who = stored.signedInAs ? ` as ${stored.signedInAs.username}` : '';
    io.stdout.write(`Signed in${who} for application ${clientId} with ${user!.scopes.join(' ') || 'no scopes'}${expiryText(user!.expiresAt)}.\n`);
    io.stdout.write(`Stored in ${where}${profileNote(profile)}.\n`);
    warnOfOverrides(io, { applicationId: clientId, signedIn: true, ...(profile ? { profile: profile.name } : {}) });
    return ExitCode.Ok;
  } finally {
    pastes?.close();
    process.removeListener('SIGINT', onInterrupt);
  }
}

/** DISCORD_BOT_TOKEN, where the rule uses it, names its application to the API: the one to sign in to when nothing else does. */
async function botTokensApplication(botToken: string, baseUrl: string, timeoutMs: number | undefined, debug: ((line: string) => void) | undefined): Promise<string> {
  const api = await createDiscordApi({ baseUrl, credentials: { botToken }, timeoutMs, ...(debug ? { debug } : {}) });
  return (await api.getApplication()).id;
}

/** A variable exported in this shell will make the next command use something else than what was just stored: said now, not found out later. */
function warnOfOverrides(io: CliIo, stored: JustStored): void {
  for (const line of environmentOverrides(io.environment, stored)) io.stderr.write(`cmd-tui: warning: ${line}\n`);
}

/** `, under the profile dev (new)`: where a store filed the application. */
function profileNote(profile: StoreResult['profile']): string {
  return profile ? `, under the profile ${profile.name}${profile.created ? ' (new)' : ''}` : '';
}

/** A stored or environment secret for this very client makes the exchange confidential (Basic auth). */
async function confidentialSecret(stores: CredentialStores, overrides: CredentialOverrides, baseUrl: string, clientId: string): Promise<string | undefined> {
  const fromEnvironment = environmentSecretFor(overrides, clientId);
  if (fromEnvironment) return fromEnvironment;
  const stored = await readStoredCredentials(stores.secrets, baseUrl, clientId);
  return stored.clientCredentials?.clientId === clientId ? stored.clientCredentials.clientSecret : undefined;
}

async function status(args: string[], io: CliIo): Promise<number> {
  const { values } = parseFlags(args, SPECS['auth status'].flags, { min: 0, max: 0, names: '' });
  const { baseUrl, stores, profile, rememberedApp } = await authTarget(values, io.environment);
  // Asked first, so what follows reads the keyring with the verdict just made.
  if (values.recheck) await stores.secrets.recheck();
  const loaded = await loadCredentials({ baseUrl, overrides: io.environment.credentials, applicationId: appIdFlag(values.app, '--app'), profile: profileFacts(stores, profile, rememberedApp), stores });
  const stored = loaded.applicationId ? await readStoredCredentials(stores.secrets, baseUrl, loaded.applicationId) : {};
  const { botToken, clientCredentials, user } = loaded.credentials;
  const source = (kind: AuthKind) => sourceOf(loaded, kind)?.source;
  const report = {
    profile: profile?.name ?? null,
    api: baseUrl,
    applicationId: loaded.applicationId ?? null,
    /** Which of DISCORD_BOT_TOKEN and DISCORD_CLIENT_ID the rule used or set aside, and why (auth/credential-choice.ts). */
    environment: { botToken: loaded.environment.botToken ?? null, clientId: loaded.environment.clientId ?? null },
    botToken: botToken ? { source: source('bot') } : null,
    clientCredentials: clientCredentials ? { clientId: clientCredentials.clientId, source: source('client-credentials') } : null,
    user: user
      ? {
          id: stored.signedInAs?.id ?? null,
          username: stored.signedInAs?.username ?? null,
          scopes: user.scopes,
          expiresAt: user.expiresAt === undefined ? null : new Date(user.expiresAt).toISOString(),
          expired: user.expiresAt !== undefined && user.expiresAt <= Date.now(),
          refreshable: Boolean(user.refreshToken),
          source: source('user'),
        }
      : null,
    secretStore: { file: stores.secrets.filePath, keyring: stores.secrets.keyringStatus(), keyringUnreachable: stores.secrets.keyringUnreachable() ?? null },
  };
  const anything = Boolean(botToken || clientCredentials || user);
  if (values.json) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return anything ? ExitCode.Ok : ExitCode.Credentials;
  }
  const botsOwn = "the bot token's own (no application is named here: cmd-tui asks Discord which when it connects; --app names one)";
  const unknownApplication = botToken ? botsOwn : 'not set (pass --app, or set credentials)';
  const lines = [profile ? `Profile: ${profile.name}` : 'Profile: none for this API', `API: ${baseUrl}`, `Application: ${report.applicationId ?? unknownApplication}`];
  const unreachable = report.secretStore.keyringUnreachable === null ? '' : ' here (the OS keyring could not be asked: see below)';
  const why = (kind: AuthKind) => [sourceOf(loaded, kind)?.source, sourceOf(loaded, kind)?.why].filter(Boolean).join(', ');
  lines.push(`Bot token: ${report.botToken ? `set (${why('bot')})` : `not set${unreachable}`}`);
  lines.push(`Client credentials: ${report.clientCredentials ? `client ${report.clientCredentials.clientId} (${why('client-credentials')})` : `not set${unreachable}`}`);
  if (report.user) {
    const who = report.user.username ? `${report.user.username} (${report.user.id})` : 'signed in';
    const expiry = report.user.expiresAt ? `; ${report.user.expired ? 'expired' : 'expires'} ${report.user.expiresAt}` : '';
    lines.push(`Sign-in: ${who}; scopes ${report.user.scopes.join(' ') || '(none)'}${expiry}${report.user.refreshable ? '; refreshable' : ''}`);
  } else {
    // A sign-in is kept with the rest: where the keyring could not be asked, one may be there too.
    lines.push(unreachable ? `Sign-in: not set${unreachable}` : 'Sign-in: none (`cmd-tui auth login` to edit permission overwrites)');
  }
  lines.push(...loaded.setAside);
  lines.push(...keyringLines(report.secretStore.keyring, report.secretStore.file, !anything && report.secretStore.keyringUnreachable !== null));
  io.stdout.write(`${lines.join('\n')}\n`);
  if (!anything) io.stderr.write('No credentials: run `cmd-tui auth set-bot-token`, `cmd-tui auth set-client-credentials` or `cmd-tui auth login`.\n');
  return anything ? ExitCode.Ok : ExitCode.Credentials;
}

/**
 * `auth logout`: the sign-in is revoked at Discord, and every credential of the application (sign-in,
 * bot token, client credentials) is removed from every store that can be reached, each reported.
 * `--sign-in-only` keeps the bot token and client credentials. Exit 0 only when nothing may remain.
 */
async function logout(args: string[], io: CliIo, notice: (message: string) => void): Promise<number> {
  const { values } = parseFlags(args, SPECS['auth logout'].flags, { min: 0, max: 0, names: '' });
  if (values.all && values['sign-in-only']) throw new UsageError('use either --all or --sign-in-only, not both');
  const { baseUrl, stores, rememberedApp } = await authTarget(values, io.environment, notice);
  const applicationId = appIdFlag(values.app, '--app') ?? rememberedApp;
  const signInOnly = values['sign-in-only'] === true;
  const say = (text: string, report: Record<string, unknown>, exitCode: number = ExitCode.Ok) => {
    io.stdout.write(values.json ? `${JSON.stringify({ api: baseUrl, applicationId: applicationId ?? null, ...report }, null, 2)}\n` : text);
    return exitCode;
  };
  if (!applicationId) return say(`No application is remembered for ${baseUrl}: nothing to sign out of (name one with --app).\n`, { revoked: false, removal: null, mayRemain: false });
  const stored = await readStoredCredentials(stores.secrets, baseUrl, applicationId);
  if (signInOnly && !stored.user) return say(`Not signed in to application ${applicationId}: nothing was removed.\n`, { revoked: false, removal: null, mayRemain: false });
  const revoked = stored.user ? await revokeSignIn(stored, applicationId, baseUrl, values, io, notice) : false;
  const { removal } = await writeStoredCredentials(stores.secrets, baseUrl, applicationId, (current) => {
    const { user: _user, signedInAs: _who, ...rest } = current;
    return signInOnly ? rest : {};
  });
  // --sign-in-only with a bot token or client credentials kept: the entry was rewritten without the sign-in.
  if (!removal) return say(`Signed out of application ${applicationId}; its bot token and client credentials stay (\`cmd-tui auth logout\` forgets them too).\n`, { revoked, removal: null, mayRemain: false });
  const mayRemain = removal.keyring.outcome === 'unreachable' && removal.keyring.mayHold;
  const lines = [`${signInOnly ? 'Sign-in' : 'Credentials'} of application ${applicationId} for ${baseUrl}:`, `  ${removalLine('the OS keyring', removal.keyring)}`, `  ${removalLine(stores.secrets.filePath, removal.file)}`];
  const stillValid = [stored.botToken ? 'bot token' : '', stored.clientCredentials ? 'client secret' : ''].filter(Boolean);
  const removedAny = removal.keyring.outcome === 'removed' || removal.file.outcome === 'removed';
  if (removedAny && stillValid.length > 0) {
    const both = stillValid.length > 1;
    lines.push(`The ${stillValid.join(' and ')} still work${both ? '' : 's'} at Discord: reset ${both ? 'them' : 'it'} in the Developer Portal if ${both ? 'they' : 'it'} may have leaked.`);
  }
  if (mayRemain) {
    io.stderr.write(`A secret may remain in the OS keyring, which this session cannot reach (${'reason' in removal.keyring ? removal.keyring.reason : ''}). Run \`cmd-tui auth logout\` at the desktop (where the keyring is unlocked), or remove the entries of service "${io.environment.secretStore.keyringService}" with your keyring's tool (e.g. seahorse, or \`secret-tool search --all service '${io.environment.secretStore.keyringService}'\`).\n`);
  }
  return say(`${lines.join('\n')}\n`, { revoked, removal, mayRemain }, mayRemain ? ExitCode.Problems : ExitCode.Ok);
}

function removalLine(store: string, removal: Removal): string {
  if (!('reason' in removal)) return removal.outcome === 'removed' ? `removed from ${store}` : `nothing was in ${store}`;
  if (removal.outcome === 'not checked') return `${store} not checked (${removal.reason})`;
  return `${store} could not be reached: ${removal.reason}${removal.mayHold ? '' : ' (cmd-tui has never stored anything there on this account)'}`;
}

async function revokeSignIn(stored: Awaited<ReturnType<typeof readStoredCredentials>>, applicationId: string, baseUrl: string, values: { timeout?: string; debug?: boolean; json?: boolean }, io: CliIo, notice: (message: string) => void): Promise<boolean> {
  const user = stored.user!;
  const clientId = user.clientId ?? applicationId;
  const secret = stored.clientCredentials?.clientId === clientId ? stored.clientCredentials.clientSecret : undefined;
  const session = new AuthSession(baseUrl, clientId, secret, values.debug ? debugLog(io) : undefined);
  const timeoutMs = timeoutFlag(values.timeout);
  if (timeoutMs) session.setHttpRequestTimeout(timeoutMs);
  try {
    // Revoking the refresh token ends the whole authorization (access token included).
    const token = user.refreshToken ?? user.accessToken;
    await session.revokeToken(token, user.refreshToken ? 'refresh_token' : 'access_token');
    if (!values.json) io.stdout.write('Revoked the sign-in at Discord.\n');
    return true;
  } catch (error) {
    notice(`Could not revoke the sign-in at Discord (${describeError(error).message}); it is removed here anyway. You can also remove the app under Discord → User Settings → Authorized Apps.`);
    return false;
  } finally {
    await session.close();
  }
}

async function setBotToken(args: string[], io: CliIo, notice: (message: string) => void): Promise<number> {
  const { values } = parseFlags(args, SPECS['auth set-bot-token'].flags, { min: 0, max: 0, names: '' });
  const { baseUrl, stores } = await authTarget(values, io.environment, notice, true);
  const expectedApp = appIdFlag(values.app, '--app');
  // A token no profile could take is refused before it is typed.
  checkCredentialFiling(stores, baseUrl, expectedApp, 'cmd-tui auth set-bot-token');
  const botToken = await readSecret(io.stdin, io.stderr, 'Bot token (input hidden): ');
  // Checked before storing: the token must work and must belong to the application it is filed under.
  const api = await createDiscordApi({ baseUrl, credentials: { botToken }, timeoutMs: timeoutFlag(values.timeout), ...(values.debug ? { debug: debugLog(io) } : {}) });
  const application = await api.getApplication();
  if (expectedApp && application.id !== expectedApp) {
    throw new UsageError(`that bot token belongs to application ${application.id}, not ${expectedApp}`);
  }
  const { where, profile } = await storeAppCredentials(stores, baseUrl, application.id, { botToken }, application.name);
  io.stdout.write(`Stored the bot token of ${application.name} (${application.id}) in ${where}${profileNote(profile)}.\n`);
  warnOfOverrides(io, { applicationId: application.id, botToken, ...(profile ? { profile: profile.name } : {}) });
  return ExitCode.Ok;
}

async function setClientCredentials(args: string[], io: CliIo, notice: (message: string) => void): Promise<number> {
  const { values } = parseFlags(args, SPECS['auth set-client-credentials'].flags, { min: 0, max: 0, names: '' });
  const { baseUrl, stores } = await authTarget(values, io.environment, notice, true);
  const flagged = appIdFlag(values['client-id'], '--client-id');
  if (flagged) checkCredentialFiling(stores, baseUrl, flagged, 'cmd-tui auth set-client-credentials');
  // Without --client-id, the id is read the same way as the secret: the first line, then the secret.
  const [typedId, clientSecret] = flagged
    ? [flagged, await readSecret(io.stdin, io.stderr, 'Client secret (input hidden): ')]
    : await readSecrets(io.stdin, io.stderr, ['Client id (input hidden): ', 'Client secret (input hidden): ']);
  const clientId = flagged ?? idFlag('the client id', typedId, 'application')!;
  if (!flagged) checkCredentialFiling(stores, baseUrl, clientId, 'cmd-tui auth set-client-credentials');
  const clientCredentials = { clientId, clientSecret: clientSecret! };
  // Reading the application proves the pair works (its token request) before it is stored, and names the first profile after the app.
  const api = await createDiscordApi({ baseUrl, applicationId: clientId, credentials: { clientCredentials }, timeoutMs: timeoutFlag(values.timeout), ...(values.debug ? { debug: debugLog(io) } : {}) });
  const application = await api.getApplication();
  const { where, profile } = await storeAppCredentials(stores, baseUrl, clientId, { clientCredentials }, application.name);
  io.stdout.write(`Stored the client credentials of application ${clientId} in ${where}${profileNote(profile)}.\n`);
  warnOfOverrides(io, { applicationId: clientId, clientCredentials, ...(profile ? { profile: profile.name } : {}) });
  return ExitCode.Ok;
}


/**
 * Whether the OS keyring is used: the verdict for this environment with when and where it was made,
 * what this run saw itself, and — when it could not be asked — that a secret may be there.
 */
function keyringLines(keyring: KeyringStatus, file: string, mayHoldWhatIsMissing: boolean): string[] {
  const checked = keyring.checkedAt ? `checked ${keyring.checkedAt.slice(0, 10)} ${keyring.where}` : '';
  const seen = keyring.seenNow === undefined ? '' : keyring.seenNow.reached ? '; reached by this run' : '; not reachable by this run';
  const recheck = '`cmd-tui auth status --recheck` checks again now';
  if (keyring.state === 'in use') return [`OS keyring: in use (${checked}${seen})`];
  if (keyring.state === 'not checked yet') return [`OS keyring: not checked yet ${keyring.here}${seen} (checked when a secret is first stored, or with ${recheck}); otherwise ${file}`];
  if (!checked) return [`OS keyring: not used (${keyring.reason}); secrets go to ${file} (readable only by you)`];
  const lines = [`OS keyring: not used (${checked}${seen}): ${keyring.reason}; secrets go to ${file} (readable only by you); ${recheck}`];
  if (mayHoldWhatIsMissing) lines.push(`A credential may be in the OS keyring, which this session cannot reach: run this at the desktop, or \`cmd-tui auth set-bot-token\` here to keep one in ${file}.`);
  return lines;
}

function expiryText(expiresAt: number | undefined): string {
  return expiresAt === undefined ? '' : `, valid until ${new Date(expiresAt).toISOString()}`;
}
