/**
 * The remedies the engine and the rules name (discord/remedy.ts), in the TUI's words: its keys (from the
 * key table), its lists. The one place the TUI says them.
 */
import type { Remedy } from '../../discord/remedy.js';
import { bindingOf, keyLabel } from '../input/key-bindings.js';

export function tuiRemedy(remedy: Remedy): string {
  switch (remedy.kind) {
    case 'fewer-commands':
      return 'Choose fewer commands.';
    case 'plan-again':
      return `A plan shown for confirming is never swapped for another: start it again (${keyLabel(bindingOf('copyScope'))} for a copy, ${keyLabel(bindingOf('restorePlan'))} on a backup for a restore) to see one made afresh from the scope as it is now.`;
    case 'list-commands':
      return `Pick a command from the list${remedy.app ? ', or the app-level defaults' : ''}.`;
  }
}
