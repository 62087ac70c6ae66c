/**
 * `cmd-tui mcp [--port N]`: the agents' door (source/mcp), started with the user's own credentials, read
 * here as every command reads them (--profile, --api, --app, the keyring, DISCORD_BOT_TOKEN…): the door
 * reads no settings, and nothing of a credential ever passes through the protocol. Over stdio by default
 * (stdout is the protocol's); with --port, Streamable HTTP on 127.0.0.1. Runs until stdin closes or ctrl+c.
 */
import { emulatorControlFor } from '../config/emulator-secrets.js';
import { resolveTarget } from '../connect/resolve-target.js';
import { isLoopbackHost } from '../api/target.js';
import { openWorkspace, type Workspace } from '../operations/workspace.js';
import { serveMcp } from '../mcp/serve-mcp.js';
import { connect, rateFlag, scopeOf } from './connect.js';
import { reportFailure } from './failure.js';
import { idFlag, parseFlags, timeoutFlag } from './flags.js';
import { SPECS } from './specs.js';
import { UsageError, type CommandRun } from './types.js';

function portFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!/^\d{1,5}$/.test(value) || port > 65535) throw new UsageError(`--port must be a port number from 0 to 65535 (0: a free one), not "${value}"`);
  return port;
}

/** Settles at the first SIGINT or SIGTERM. */
function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export const run: CommandRun = async (args, io) => {
  const { values } = parseFlags(args, SPECS.mcp.flags, { min: 0, max: 0, names: '' });
  const port = portFlag(values.port);
  if (values.json && port === undefined) throw new UsageError('--json goes with --port (it prints the address as JSON): over stdio, stdout carries the protocol itself');
  // Checked now rather than at the first tool call, which would only tell the agent.
  idFlag('--app', values.app, 'application');
  timeoutFlag(values.timeout);
  if (values['max-rps'] !== undefined) rateFlag('--max-rps', values['max-rps']);
  let resolved;
  try {
    resolved = await resolveTarget(values, io.environment);
  } catch (error) {
    return reportFailure(error, io, 'mcp');
  }
  const { target, profile } = resolved;
  if (target.baseUrl === undefined) {
    throw new UsageError('--api local starts a throw-away emulator; the agents\' door needs one that keeps its state: run `cmd-tui serve` and pass its URL');
  }
  const api = new URL(target.baseUrl);
  if (port !== undefined && port !== 0 && isLoopbackHost(api.hostname) && Number(api.port || 80) === port) {
    throw new UsageError(`--api ${target.baseUrl} is the address this server would listen on: the API is another server (\`cmd-tui serve\` prints its URL)`);
  }
  let opening: Promise<Workspace> | undefined;
  const workspace = () =>
    (opening ??= connect(values, io).then(
      (connected) => openWorkspace(connected, io.environment.paths()),
      (error: unknown) => {
        // Tried again at the next call: the user may store a token meanwhile.
        opening = undefined;
        throw error;
      },
    ));
  if (port === undefined && io.stdin.isTTY) {
    io.stderr.write('cmd-tui mcp: speaking the Model Context Protocol on stdin and stdout, for a coding agent to start (`cmd-tui help mcp` shows how to add it to one); ctrl+c stops.\n');
  }
  return serveMcp({
    door: { workspace, defaultScope: scopeOf(profile?.guildId), ...(target.kind === 'discord' ? {} : { emulator: () => emulatorControlFor(api.origin, io.environment, 'mcp') }), now: Date.now },
    ...(port !== undefined ? { port } : {}),
    stdin: io.stdin,
    stdout: io.stdout,
    say: (line) => io.stderr.write(`cmd-tui mcp: ${line}\n`),
    listening: (url) =>
      values.json ? io.stdout.write(`${JSON.stringify({ url })}\n`) : io.stderr.write(`cmd-tui mcp: serving MCP over Streamable HTTP at ${url} (ctrl+c stops)\n`),
    stop: stopSignal(),
  });
};
