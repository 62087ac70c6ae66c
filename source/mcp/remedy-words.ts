/**
 * The remedies the engine and the rules name (discord/remedy.ts), in the agents' words: the tools and
 * their inputs. The one place this door says them.
 */
import type { Refusal } from '../discord/plan.js';
import type { Remedy } from '../discord/remedy.js';

export function mcpRemedy(remedy: Remedy): string {
  switch (remedy.kind) {
    case 'fewer-commands':
      return `Leave some out of \`commands\`${remedy.prune ? ', or plan again with `prune: true` to delete the ones not in it (only when the user wants them deleted)' : ''}.`;
    case 'plan-again':
      return 'A plan shown for confirming is never swapped for another: call plan_changes again for one made from the scope as it is now, and show it to the user before apply_plan.';
    case 'list-commands':
      return `Use a command that list_commands shows for this guild or the global scope${remedy.app ? ' (its id or name), or `app` for the app-level defaults' : ''}.`;
  }
}

/** A refusal's words (the engine's, a rule's) followed by its remedy in the agents' words. */
export function withMcpRemedy({ message, remedy }: { message: string; remedy?: Remedy }): string {
  return remedy ? `${message} ${mcpRemedy(remedy)}` : message;
}

/** A plan's refusal as the agent reads it: the engine's words and its remedy in this door's, and the override that lifts it. */
export function mcpRefusal(refusal: Refusal): { rule: string; message: string; override?: string } {
  return { rule: refusal.rule, message: withMcpRemedy(refusal), ...(refusal.override ? { override: refusal.override } : {}) };
}
