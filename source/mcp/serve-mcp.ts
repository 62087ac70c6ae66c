/**
 * Runs the agents' door until it is told to stop: over stdio (what an agent starts locally: the protocol
 * on stdin/stdout, until the agent closes stdin) or, with a port, over Streamable HTTP on 127.0.0.1.
 * Everything said beside the protocol goes to `say` (stderr): stdout carries nothing else.
 */
import type { PreparedPlan } from '../operations/prepare-plan.js';
import type { McpDoor } from './door.js';
import { listenHttp } from './http-door.js';
import { planStore } from './plan-store.js';
import { createMcpServer } from './server.js';
import { StdioDoor } from './stdio-door.js';

export interface McpRun {
  door: McpDoor;
  /** Streamable HTTP on 127.0.0.1 at this port (0: a free one); absent: stdio. */
  port?: number;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  /** A line for the person running it (stderr). */
  say(line: string): void;
  /** Told the address once the HTTP server listens (`--port`). */
  listening?(url: string): void;
  /** Settles when the process is told to stop (SIGINT, SIGTERM). */
  stop: Promise<void>;
}

export async function serveMcp(run: McpRun): Promise<number> {
  const plans = planStore<PreparedPlan>(run.door.now);
  const unexpected = (error: unknown) => run.say(`a tool failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  const serverFor = () => createMcpServer(run.door, plans, unexpected);
  if (run.port !== undefined) {
    let http;
    try {
      http = await listenHttp(run.port, serverFor, (error) => run.say(`a request failed: ${error.message}`));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      run.say(`cannot listen on 127.0.0.1:${run.port}${code === 'EADDRINUSE' ? ': the port is in use; choose another --port, or 0 for a free one' : ` (${(error as Error).message})`}`);
      return 2;
    }
    run.listening?.(http.url);
    await run.stop;
    await http.close();
    return 0;
  }
  const server = serverFor();
  const transport = new StdioDoor(run.stdin as NodeJS.ReadStream, run.stdout as NodeJS.WriteStream);
  const ended = new Promise<void>((resolve) => {
    // The agent closing stdin ends the session, once what it asked is answered.
    run.stdin.once('end', () => void transport.answered().then(resolve));
  });
  await server.connect(transport);
  await Promise.race([ended, run.stop]);
  await server.close();
  return 0;
}
