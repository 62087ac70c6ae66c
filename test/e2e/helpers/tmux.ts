/**
 * Drives the built binary in a real terminal: a private tmux server (its own socket, so nothing
 * else is touched), keys sent by name, the screen read back with capture-pane.
 */
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** tmux's names for the chords of the key table. */
const TMUX_KEYS: Record<string, string> = {
  enter: 'Enter',
  esc: 'Escape',
  tab: 'Tab',
  'shift+tab': 'BTab',
  up: 'Up',
  down: 'Down',
  backspace: 'BSpace',
  'ctrl+up': 'C-Up',
  'ctrl+down': 'C-Down',
  space: 'Space',
};

export function tmuxKey(chord: string): string {
  const named = TMUX_KEYS[chord];
  if (named) return named;
  const ctrl = /^ctrl\+([a-z])$/.exec(chord);
  return ctrl ? `C-${ctrl[1]}` : chord;
}

export class TmuxSession {
  private readonly socket = `cmd-tui-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly name = 'tui';

  constructor(command: string[], options: { columns: number; rows: number; env: Record<string, string>; cwd: string }) {
    const exports = Object.entries(options.env).map(([key, value]) => `${key}=${shellQuote(value)}`);
    const line = `cd ${shellQuote(options.cwd)} && env ${exports.join(' ')} ${command.map(shellQuote).join(' ')}`;
    this.tmux('new-session', '-d', '-s', this.name, '-x', String(options.columns), '-y', String(options.rows), line);
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  }

  /**
   * The visible screen; with `colours`, keeping the SGR sequences (for media/ screenshots); with
   * `joined`, a line the terminal wrapped is one line again (as selecting it copies it).
   */
  screen(options: { colours?: boolean; joined?: boolean } = {}): string {
    return this.tmux('capture-pane', '-p', ...(options.colours ? ['-e'] : []), ...(options.joined ? ['-J'] : []), '-t', this.name);
  }

  /** Presses one chord (`ctrl+s`, `enter`, `n`). */
  async key(chord: string): Promise<void> {
    this.tmux('send-keys', '-t', this.name, tmuxKey(chord));
    // A lone ESC is held briefly by Ink before it counts as the esc key.
    await sleep(chord === 'esc' ? 150 : 40);
  }

  async type(text: string): Promise<void> {
    for (const char of text) {
      this.tmux('send-keys', '-t', this.name, '-l', char);
      await sleep(15);
    }
  }

  /** Pastes `text` as a terminal does: bracketed when the app asked for it. */
  async paste(text: string): Promise<void> {
    this.tmux('set-buffer', '-b', 'e2e-paste', text);
    this.tmux('paste-buffer', '-p', '-d', '-b', 'e2e-paste', '-t', this.name);
    await sleep(40);
  }

  async waitFor(check: (screen: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
    const started = Date.now();
    for (;;) {
      const screen = this.screen();
      if (check(screen)) return screen;
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
      await sleep(50);
    }
  }

  waitForText(text: string, timeoutMs?: number): Promise<string> {
    return this.waitFor((screen) => screen.includes(text), `"${text}"`, timeoutMs);
  }

  /** The command is still running (its pane, and so the session, closes when it exits). */
  running(): boolean {
    try {
      this.tmux('has-session', '-t', this.name);
      return true;
    } catch {
      return false;
    }
  }

  kill(): void {
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
  }
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
