/**
 * `--state FILE`: loads the world from disk and saves it after changes, atomically (temp file in the
 * same directory, then rename), so a crash never leaves a half-written file. Writes are coalesced:
 * at most one in flight, and one more queued if the state changed meanwhile. The file is held for the
 * emulator's life (config/life-lock.ts): a second serve on it is refused, as it would overwrite the
 * first one's changes with its own and lose them.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../config/atomic-write.js';
import { holdForLife } from '../config/life-lock.js';
import type { EmulatorState } from './state.js';

export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

/** The saved state, or undefined when the file does not exist yet. */
async function loadState(path: string): Promise<EmulatorState | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new StateFileError(`${path} is not valid JSON: fix it, or delete it to start from the seed`);
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { schema?: unknown }).schema !== 1) {
    throw new StateFileError(`${path} is not an emulator state file (schema 1): point --state at another file, or delete it`);
  }
  return parsed as EmulatorState;
}

/**
 * Holds the state file (refused with FileInUseError while another live emulator holds it) and reads it:
 * the saved state (undefined when the file does not exist yet) and the release, for StateSaver.close.
 */
export async function openStateFile(path: string): Promise<{ loaded: EmulatorState | undefined; release: () => Promise<void> }> {
  const release = await holdForLife(path, 'cmd-tui serve');
  try {
    return { loaded: await loadState(path), release };
  } catch (error) {
    await release();
    throw error;
  }
}

export class StateSaver {
  private writing: Promise<void> | undefined;
  private dirty = false;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => EmulatorState,
    /** Lets the state file go (openStateFile's). */
    private readonly release: () => Promise<void>,
  ) {}

  /** Schedules a save; returns at once. */
  markChanged(): void {
    this.dirty = true;
    this.writing ??= this.drain();
  }

  /** Resolves once everything marked so far is on disk. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Writes what is left, then lets the file go: another emulator may open it now. */
  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.release();
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.dirty) {
        this.dirty = false;
        await this.writeNow();
      }
    } finally {
      this.writing = undefined;
    }
  }

  async writeNow(): Promise<void> {
    await writeFileAtomic(this.path, JSON.stringify(this.snapshot()), { mode: 0o600 });
  }
}
