/**
 * `cmd-tui serve`: runs the embedded Discord API emulator until SIGINT/SIGTERM. With --json it prints
 * exactly one line of connection details once ready (for scripts); otherwise a banner. The credentials
 * it prints are the emulator's own fakes, so printing them is intended.
 */
import { parseArgs } from 'node:util';
import type { RunningEmulator } from '../emulator/server.js';
import { SPECS } from './specs.js';
import { describeCopy, readAppCopy, type ReadCopy } from '../operations/copy-to-emulator.js';
import { UsageError, type CliIo, type CommandRun } from './types.js';
import { terminationSignals } from '../terminal/exit-signals.js';
import { CONTROL_SECRET_ENV, CONTROL_SECRET_HEADER } from '../discord/emulator-control.js';
import { parseHostHeader } from '../discord/host-header.js';
import { LocalWriteError } from '../config/local-failure.js';

function integer(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  return parsed;
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) throw new UsageError(`--${name} must be ${allowed.join(' or ')}, not "${value}"`);
  return value as T;
}

function banner(emulator: RunningEmulator): string {
  const rows: [string, string][] = [
    ['Base URL', emulator.baseUrl],
    ['Application', emulator.applicationId],
    ['Bot token', emulator.botToken],
    ['Client id', emulator.clientId],
    ['Client secret', emulator.clientSecret],
    ['Public client', `${emulator.publicClientId} (PKCE, no secret)`],
    ['User token', `${emulator.userToken} (admin: applications.commands.permissions.update identify guilds)`],
    ['Guilds', emulator.guildIds.length > 5 ? `${emulator.guildIds.slice(0, 5).join(', ')} … (${emulator.guildIds.length})` : emulator.guildIds.join(', ')],
    ['Redirect URIs', emulator.redirectUris.join(', ')],
    ['Public key', `${emulator.verifyKey} (verifies the interactions it signs)`],
    ['Gateway', `${emulator.gatewayUrl} (what GET /gateway/bot gives a bot library; interactions go there when the app has no endpoint URL)`],
    ['Consent page', `${emulator.origin}/oauth2/authorize`],
    ['Control secret', `${emulator.controlSecret} (the ${CONTROL_SECRET_HEADER} header of the test routes /__emulator/*; cmd-tui try finds it by itself here)`],
  ];
  return [
    `cmd-tui Discord emulator listening on ${emulator.origin} — fake credentials, nothing reaches Discord.`,
    ...rows.map(([label, value]) => `  ${label.padEnd(14)} ${value}`),
    '',
    `Point cmd-tui at it: cmd-tui --api ${emulator.baseUrl} (with DISCORD_BOT_TOKEN set to the bot token)`,
    'Stop with Ctrl-C.',
    '',
  ].join('\n');
}

/** `--copy-commands`: the app's commands (and the guild's people) read where the profile points, or the exit code of why not. */
async function readCommandsToCopy(flags: { profile?: string; guild?: string; api?: string }, io: CliIo): Promise<ReadCopy | number> {
  const [{ connectToScope }, { reportFailure }] = await Promise.all([import('./connect.js'), import('./failure.js')]);
  try {
    const { api, scope } = await connectToScope(flags, io);
    return await readAppCopy(api, scope.kind === 'guild' ? scope.guildId : undefined);
  } catch (error) {
    return reportFailure(error, io, 'serve --copy-commands');
  }
}

/**
 * Leaves the control secret where `cmd-tui try` and the TUI of this user find it (config/emulator-secrets.ts);
 * resolves to its removal. A folder that cannot take it costs only that: serve runs, and says so.
 */
async function publishSecret(emulator: RunningEmulator, io: CliIo): Promise<() => Promise<void>> {
  const { publishControlSecret } = await import('../config/emulator-secrets.js');
  try {
    return await publishControlSecret(io.environment.paths().data, emulator.origin, emulator.controlSecret);
  } catch (error) {
    io.stderr.write(`cmd-tui serve: the control secret could not be left for cmd-tui try (${(error as Error).message}); give it to try in ${CONTROL_SECRET_ENV}: it is the control secret printed here\n`);
    return async () => undefined;
  }
}

export const run: CommandRun = async (args, io) => {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: SPECS.serve.flags,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const seed = oneOf('seed', parsed.seed, ['demo', 'empty'] as const);
  const rateLimits = oneOf('rate-limits', parsed['rate-limits'], ['discord', 'off'] as const);
  const port = integer('port', parsed.port, 0, 65535);
  const extraGuilds = integer('guilds', parsed.guilds, 0, 100_000);
  const choiceStringMaxLength = integer('choice-max', parsed['choice-max'], 100, 6000);
  const locales = oneOf('locales', parsed.locales, ['spec', 'docs'] as const);
  const globalRps = integer('global-rps', parsed['global-rps'], 1, 100_000);

  if (parsed.state === '-') throw new UsageError('--state names the file the world is read from at start and saved to on every change; stdin and stdout (-) cannot be both: name a file');
  const allowHosts = (parsed['allow-host'] ?? []).map((name) => {
    const host = parseHostHeader(name);
    if (!host || host.port !== undefined) throw new UsageError(`--allow-host takes a host name such as host.docker.internal, without a scheme or port, not "${name}"`);
    return host.name;
  });
  const interactionsUrl = parsed['interactions-url'];
  if (interactionsUrl !== undefined && !/^https?:\/\/[^/]/.test(interactionsUrl)) {
    throw new UsageError(`--interactions-url must be an http:// or https:// URL, like http://127.0.0.1:3000/interactions, not "${interactionsUrl}"`);
  }
  const copyFlags = { profile: parsed.profile, guild: parsed.guild, api: parsed.api };
  if (!parsed['copy-commands'] && Object.values(copyFlags).some((value) => value !== undefined)) {
    throw new UsageError('--profile, --guild and --api say where --copy-commands reads the commands: add --copy-commands, or leave them out');
  }
  // Read before the emulator starts: credentials that cannot read the commands stop serve before it prints any.
  const copying = parsed['copy-commands'] ? await readCommandsToCopy(copyFlags, io) : undefined;
  if (typeof copying === 'number') return copying;

  let lastEndpointProblem: string | undefined = '';
  const [{ isLoopbackHost, startEmulator }, { DISCORD_RATE_LIMITS }] = await Promise.all([import('../emulator/server.js'), import('../emulator/rate-limits.js')]);
  let emulator: RunningEmulator;
  try {
    emulator = await startEmulator({
      ...(parsed.host !== undefined ? { host: parsed.host, allowRemoteHost: true } : {}),
      ...(allowHosts.length > 0 ? { allowHosts } : {}),
      ...(port !== undefined ? { port } : {}),
      ...(seed ? { seed } : copying ? { seed: 'empty' as const } : {}),
      ...(extraGuilds !== undefined ? { extraGuilds } : {}),
      ...(parsed.state ? { statePath: parsed.state } : {}),
      ...(rateLimits === 'off' ? { rateLimits } : globalRps !== undefined ? { rateLimits: { ...DISCORD_RATE_LIMITS, global: { limit: globalRps, windowMs: 1000 } } } : rateLimits ? { rateLimits } : {}),
      ...(parsed.faults ? { faults: parsed.faults } : {}),
      ...(choiceStringMaxLength !== undefined ? { choiceStringMaxLength } : {}),
      ...(locales ? { locales } : {}),
      ...(parsed['interactions-url'] !== undefined
        ? {
            interactionsUrl: parsed['interactions-url'],
            onEndpointCheck: (url, problem) => {
              // Once per new answer: the check repeats every second until the bot is up.
              if (problem === lastEndpointProblem) return;
              lastEndpointProblem = problem;
              io.stderr.write(problem === undefined ? `cmd-tui serve: interactions endpoint ${url} accepted (it answered Discord's PING checks)\n` : `cmd-tui serve: waiting for ${url}: ${problem}\n`);
            },
          }
        : {}),
      ...(parsed.log
        ? { onRequest: (entry) => io.stderr.write(`${entry.time} ${entry.method} ${entry.path} → ${entry.status || 'reset'} (${entry.auth}${entry.fault ? `, fault ${entry.fault}` : ''})\n`) }
        : {}),
    });
  } catch (error) {
    // The --state file held by another serve, or a folder that refuses it: said with what to do, exit 6.
    if (error instanceof LocalWriteError) return (await import('./failure.js')).reportFailure(error, io, 'serve');
    io.stderr.write(`cmd-tui serve: ${(error as Error).message}\n`);
    return 2;
  }
  if (copying) io.stderr.write(`cmd-tui serve: ${describeCopy(emulator.copyIn(copying.copy), copying)} Nothing was changed where they were read.\n`);
  if (parsed.host !== undefined && !isLoopbackHost(parsed.host)) {
    io.stderr.write(`cmd-tui serve: warning: listening on ${parsed.host}; anyone who can reach it can read the fake credentials.\n`);
  }
  // Listened for before serve says it is ready: a script that stops it as soon as it reads the line still
  // gets its state saved and its lock let go, rather than a process killed mid-way.
  const stopped = new Promise<void>((resolve) => {
    const signals: NodeJS.Signals[] = ['SIGINT', ...terminationSignals()];
    const stop = () => {
      for (const signal of signals) process.off(signal, stop);
      resolve();
    };
    for (const signal of signals) process.on(signal, stop);
  });
  const unpublish = await publishSecret(emulator, io);
  const { baseUrl, applicationId, botToken, clientId, clientSecret, publicClientId, userToken, guildIds, redirectUris, verifyKey, controlSecret } = emulator;
  io.stdout.write(
    parsed.json
      ? `${JSON.stringify({ baseUrl, applicationId, botToken, clientId, clientSecret, publicClientId, userToken, guildIds, redirectUris, verifyKey, controlSecret })}\n`
      : banner(emulator),
  );
  await stopped;
  await unpublish();
  await emulator.close();
  return 0;
};
