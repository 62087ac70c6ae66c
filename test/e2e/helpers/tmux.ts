/**
 * Drives the built binary in a real terminal: a private tmux server (its own socket, so nothing
 * else is touched), keys sent by name, the screen read back with capture-pane.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { bindingOf, type Action, type KeyScope } from '../../../source/ui/input/key-bindings.js';

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
  pgup: 'PPage',
  pgdn: 'NPage',
};

/** How long after the app read an esc the next key waits: Ink waits 20 ms for the rest of a sequence, by a timer a loaded machine runs late. */
const ESC_SETTLED_MS = 150;

/** Prints how many bytes wait in the input queue of the terminal named by its argument (FIONREAD, 0x541B on Linux). */
const FIONREAD_SCRIPT =
  'sysopen(my $tty, $ARGV[0], O_RDONLY | O_NOCTTY | O_NONBLOCK) or die "$ARGV[0]: $!"; my $count = pack("L", 0); ioctl($tty, 0x541B, $count) or die "FIONREAD: $!"; print unpack("L", $count)';

export function tmuxKey(chord: string): string {
  const named = TMUX_KEYS[chord];
  if (named) return named;
  const ctrl = /^ctrl\+([a-z])$/.exec(chord);
  return ctrl ? `C-${ctrl[1]}` : chord;
}

export class TmuxSession {
  private readonly socket = `cmd-tui-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly name = 'tui';
  private tty: string | undefined;
  /** When the app read the last esc, while a key sent now could still join it. */
  private escReadAt: number | undefined;

  constructor(command: string[], options: { columns: number; rows: number; env: Record<string, string>; cwd: string }) {
    const exports = Object.entries(options.env).map(([key, value]) => `${key}=${shellQuote(value)}`);
    // As in a person's terminal: without the CI runner's CI variable unless a test gives it
    // (tui-attributes.test.ts runs the TUI with it).
    // exec: the pane's process is the program itself, whose exit kill() waits for.
    const line = `cd ${shellQuote(options.cwd)} && exec env -u CI ${exports.join(' ')} ${command.map(shellQuote).join(' ')}`;
    this.tmux('new-session', '-d', '-s', this.name, '-x', String(options.columns), '-y', String(options.rows), line);
  }

  private tmux(...args: string[]): string {
    // stderr kept (not the test runner's): a `has-session` on a closed server says so, and that is an answer.
    return execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /**
   * The visible screen; with `colours`, keeping the SGR sequences (for media/ screenshots); with
   * `joined`, a line the terminal wrapped is one line again (as selecting it copies it).
   */
  screen(options: { colours?: boolean; joined?: boolean } = {}): string {
    return this.tmux('capture-pane', '-p', ...(options.colours ? ['-e'] : []), ...(options.joined ? ['-J'] : []), '-t', this.name);
  }

  /** Presses the first key bound to `action` (in `scope`, where the key differs there) by the key table. */
  press(action: Action, scope?: KeyScope): Promise<void> {
    return this.key(bindingOf(action, scope).keys[0] ?? '');
  }

  /** Presses the key of `action`, then waits until the screen shows `text`. */
  async pressAndWait(action: Action, text: string, timeoutMs?: number): Promise<string> {
    await this.press(action);
    return this.waitForText(text, timeoutMs);
  }

  /** Narrows the command list to `name` as a user does: the filter key, the name, then done. */
  async filterTo(name: string): Promise<void> {
    await this.press('filter');
    await this.type(name);
    await this.press('filterDone');
  }

  /** Presses one chord (`ctrl+s`, `enter`, `n`); returns once the app has read it. */
  async key(chord: string): Promise<void> {
    await this.afterEsc();
    this.tmux('send-keys', '-t', this.name, tmuxKey(chord));
    await this.untilInputRead(chord);
    if (chord === 'esc') this.escReadAt = Date.now();
  }

  /**
   * A lone ESC counts as the esc key only once the app's short wait (20 ms) for more of an escape sequence
   * has run out: a key read within it turns into alt+key (ESC / is alt+/, ESC ESC one esc). So the next key
   * after an esc, and only that, goes well past that wait from when the app read the esc.
   */
  private async afterEsc(): Promise<void> {
    if (this.escReadAt === undefined) return;
    const wait = this.escReadAt + ESC_SETTLED_MS - Date.now();
    this.escReadAt = undefined;
    if (wait > 0) await sleep(wait);
  }

  /** Waits until the app has read every byte sent to it (the terminal's input queue is empty). */
  private async untilInputRead(what: string): Promise<void> {
    const givesUp = Date.now() + 20_000;
    while (this.unreadInput() > 0) {
      if (Date.now() > givesUp) throw new Error(`the app did not read ${what} within 20 s; screen:\n${this.screen()}`);
      await sleep(20);
    }
  }

  /**
   * Bytes sent to the app that it has not read yet: FIONREAD on the pane's terminal (Node has no ioctl; perl,
   * part of every Debian and Ubuntu base system, has). 0 once the pane is gone. Only a raw-mode reader, as
   * Ink is, sees bytes before a newline, which is all the keys need.
   */
  private unreadInput(): number {
    try {
      this.tty ??= this.tmux('display-message', '-p', '-t', this.name, '#{pane_tty}').trim();
      return Number(execFileSync('perl', ['-MFcntl', '-e', FIONREAD_SCRIPT, this.tty], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
    } catch (error) {
      // The program has exited (its terminal closed with it): nothing waits to be read.
      if (!this.running() || (this.tty !== undefined && !existsSync(this.tty))) return 0;
      throw error;
    }
  }

  /** Types `text` as fast as a person's keyboard repeats; returns once the app has read it. */
  async type(text: string): Promise<void> {
    await this.afterEsc();
    for (const char of text) this.tmux('send-keys', '-t', this.name, '-l', char);
    await this.untilInputRead(`"${text}"`);
  }

  /** Pastes `text` as a terminal does: bracketed when the app asked for it; returns once the app has read it. */
  async paste(text: string): Promise<void> {
    await this.afterEsc();
    this.tmux('set-buffer', '-b', 'e2e-paste', text);
    this.tmux('paste-buffer', '-p', '-d', '-b', 'e2e-paste', '-t', this.name);
    await this.untilInputRead('the paste');
  }

  /** Polls the screen until `check` holds; the give-up (20 s unless told) is for a broken run, not a slow one. */
  async waitFor(check: (screen: string) => boolean, what: string, timeoutMs = 20_000): Promise<string> {
    const started = Date.now();
    for (;;) {
      const screen = this.screen();
      if (check(screen)) return screen;
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
      await sleep(50);
    }
  }

  /**
   * Presses `chord` until `check` holds, at most `most` times, one step at a time, each drawn before the
   * next: under load a quick second press would overshoot. The screen, whether or not it holds.
   */
  async stepUntil(chord: string, check: (screen: string) => boolean, most: number): Promise<string> {
    for (let step = 0; step < most && !check(this.screen()); step++) {
      const before = this.screen();
      await this.key(chord);
      await this.waitFor((screen) => screen !== before, `the screen to change after ${chord}`);
    }
    return this.screen();
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

  /**
   * Ends the session and returns once the program in it has exited: a test removes its home next, and a
   * program still exiting (leaving its pace file, saving its list) would write it back.
   */
  kill(): void {
    let pid: number | undefined;
    try {
      pid = Number(this.tmux('display-message', '-p', '-t', this.name, '#{pane_pid}').trim()) || undefined;
      this.tmux('kill-server');
    } catch {
      // already gone
    }
    if (pid !== undefined) untilExited(pid);
  }
}

/**
 * Blocks until process `pid` (the pane's program) is gone; `kill()` is called from
 * synchronous cleanups. The give-up is for a program that ignores the hang-up, which is then killed.
 */
export function untilExited(pid: number): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  // Its cleanup may wait up to 5 s for its own emulator's requests in flight; a loaded machine doubles that.
  const givesUp = Date.now() + 30_000;
  while (alive(pid)) {
    if (Date.now() > givesUp) {
      process.kill(pid, 'SIGKILL');
      break;
    }
    Atomics.wait(pause, 0, 0, 10);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie (exited, not yet reaped by the dead tmux server's init) has let go of everything.
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
