/**
 * The remedies the engine and the rules name (discord/remedy.ts), in the CLI's words: its file, its
 * flags, its commands. The one place the scriptable commands say them.
 */
import type { Remedy } from '../discord/remedy.js';

/** A refusal's words (the engine's, a rule's) followed by its remedy in the CLI's. */
export function withCliRemedy({ message, remedy }: { message: string; remedy?: Remedy }): string {
  return remedy ? `${message} ${cliRemedy(remedy)}` : message;
}

export function cliRemedy(remedy: Remedy): string {
  switch (remedy.kind) {
    case 'fewer-commands':
      return `Remove some from the file${remedy.prune ? ' or pass --prune to delete the ones not in it' : ''}.`;
    case 'plan-again':
      return 'A plan shown for confirming is never swapped for another: run it again to see one made afresh from the scope as it is now.';
    case 'list-commands':
      return remedy.app ? 'Use a command id or name from `cmd-tui perms list`, or `app` for the app-level defaults.' : 'Use a command that `cmd-tui list` shows (with --guild for a guild\'s).';
  }
}
