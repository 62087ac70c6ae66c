/**
 * A real pseudo-terminal for timing first frames: one private tmux server (its own socket) driven
 * through a single control-mode client (`tmux -C`), so launching a program and capturing its screen
 * cost one line on a pipe each instead of a tmux process. The client is switched to each launched
 * session, so tmux reports that pane's output (`%output`) as it reads it from the pty; the screen is
 * captured only after new output has arrived (a capture costs tmux CPU that the timed program, on a
 * 2-core machine, would otherwise lose), and a frame is dated by the last output that arrived before
 * the capture that first shows it.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { untilExited } from '../test/e2e/helpers/tmux.js';
import { interactiveEnv } from './child-process.js';

export interface FirstFrame {
  /** From launch to the pty output that completed the awaited screen, in ms. */
  drawnMs: number;
  /** From launch to the capture that saw it (drawnMs + the time to notice the output and capture). */
  seenMs: number;
  /** From launch to the output that put anything at all on the screen, in ms. */
  anythingMs: number;
  /** From launch to the output that first satisfied `earlier` (when given), in ms. */
  earlierMs: number;
  screen: string;
}

interface Reply {
  lines: string[];
  /** When the last `%output` before this reply arrived. */
  lastOutputAt: number;
}

export class TmuxControl {
  private readonly client: ChildProcessWithoutNullStreams;
  private readonly pending: ((reply: Reply) => void)[] = [];
  private block: string[] | undefined;
  private partial = '';
  private lastOutputAt = 0;
  /** `%output` notifications so far, and who waits for the next one. */
  private outputs = 0;
  private outputWaiters: (() => void)[] = [];
  private sessions = 0;

  private constructor(socket: string) {
    // Programs in its sessions inherit the server's environment, which starts as this one.
    this.client = spawn('tmux', ['-L', socket, '-f', '/dev/null', '-C', 'new-session', '-s', 'idle', '-x', '80', '-y', '24', 'sleep 86400'], { env: interactiveEnv() });
    this.client.stdout.on('data', (chunk: Buffer) => this.receive(chunk.toString(), performance.now()));
  }

  static async start(): Promise<TmuxControl> {
    const control = new TmuxControl(`cmd-tui-bench-${process.pid}`);
    const started = new Promise<Reply>((resolve) => control.pending.push(resolve));
    await started;
    // When a timed session ends, the client falls back to the idle session instead of exiting.
    await control.command('set-option -g detach-on-destroy off');
    return control;
  }

  private receive(text: string, at: number): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (this.block) {
        if (line.startsWith('%end ') || line.startsWith('%error ')) {
          const lines = this.block;
          this.block = undefined;
          this.pending.shift()?.({ lines, lastOutputAt: this.lastOutputAt });
        } else {
          this.block.push(line);
        }
      } else if (line.startsWith('%begin ')) {
        this.block = [];
      } else if (line.startsWith('%output ')) {
        this.lastOutputAt = at;
        this.outputs += 1;
        for (const wake of this.outputWaiters.splice(0)) wake();
      }
    }
  }

  private send(line: string): Promise<Reply> {
    return new Promise((resolve) => {
      this.pending.push(resolve);
      this.client.stdin.write(`${line}\n`);
    });
  }

  async command(line: string): Promise<string[]> {
    return (await this.send(line)).lines;
  }

  /** Resolves once more than `seen` outputs have arrived, or false after `ms`. */
  private outputAfter(seen: number, ms: number): Promise<boolean> {
    if (this.outputs > seen) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.outputWaiters = this.outputWaiters.filter((waiter) => waiter !== wake);
        resolve(false);
      }, Math.max(0, ms));
      this.outputWaiters.push(wake);
    });
  }

  /**
   * Launches `argv` in a new columns × rows terminal and captures its screen after each new output
   * until `check` holds; then ends the session. `earlier`: a screen on the way there, dated too.
   */
  async timeFirstFrame(
    argv: string[],
    env: Record<string, string>,
    check: (screen: string) => boolean,
    size = { columns: 120, rows: 40 },
    timeoutMs = 15_000,
    earlier: (screen: string) => boolean = check,
  ): Promise<FirstFrame> {
    const session = `run${(this.sessions += 1)}`;
    const exports = Object.entries(env).map(([key, value]) => `-e ${quote(`${key}=${value}`)}`).join(' ');
    const launch = `new-session -d -s ${session} -x ${size.columns} -y ${size.rows} ${exports} ${quote(`exec ${argv.map(shellQuote).join(' ')}`)} ; switch-client -t ${session}`;
    // Output from an earlier session is not this one's.
    let captured = this.outputs;
    const launchedAt = performance.now();
    await this.send(launch);
    let anythingMs: number | undefined;
    let earlierMs: number | undefined;
    let screen = '';
    try {
      for (;;) {
        if (!(await this.outputAfter(captured, launchedAt + timeoutMs - performance.now()))) {
          throw new Error(`no awaited frame within ${timeoutMs} ms from ${argv.join(' ')}; screen:\n${screen}`);
        }
        captured = this.outputs;
        const reply = await this.send(`capture-pane -p -t ${session}`);
        screen = reply.lines.join('\n');
        if (anythingMs === undefined && screen.trim() !== '') anythingMs = reply.lastOutputAt - launchedAt;
        if (earlierMs === undefined && earlier(screen)) earlierMs = reply.lastOutputAt - launchedAt;
        if (check(screen)) {
          const drawnMs = reply.lastOutputAt - launchedAt;
          return { drawnMs, seenMs: performance.now() - launchedAt, anythingMs: anythingMs ?? 0, earlierMs: earlierMs ?? drawnMs, screen };
        }
      }
    } finally {
      const pid = Number((await this.send(`display-message -p -t ${session} ${quote('#{pane_pid}')}`)).lines[0]) || undefined;
      await this.send(`kill-session -t ${session}`);
      // After the frame is timed: the caller removes the program's home next, which a program still exiting would write back.
      if (pid !== undefined) untilExited(pid);
    }
  }

  async close(): Promise<void> {
    this.client.stdin.write('kill-server\n');
    await new Promise((resolve) => this.client.once('close', resolve));
  }
}

/** Quoting for one argument of a tmux command line. */
function quote(value: string): string {
  return `"${value.replace(/(["\\$])/g, '\\$1')}"`;
}

/** Quoting for one word of the shell command tmux runs. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
