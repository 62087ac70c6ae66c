/**
 * Following a tried interaction as Discord's client does, for `cmd-tui try` and the agents' door alike:
 * read what the user sees of it every POLL_MS, hand on each change, and stop once the bot has said all it
 * will — it failed, or it replied and stayed quiet for SETTLE_MS (follow-ups may come for 15 minutes,
 * so a watcher settles on quiet) — or once the caller's deadline passes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { deferredOwed, replyArrived } from './try-command.js';
import type { InteractionView } from './try-reply.js';

const POLL_MS = 100;
/** After a reply, how long the bot stays quiet before we stop waiting for follow-ups. */
const SETTLE_MS = 1500;
/** An interaction token lives 15 minutes (DOCS/RR "Followup Messages"): no answer can come later. */
export const TOKEN_LIFETIME_MS = 15 * 60 * 1000;

export interface FollowOptions {
  /** When to stop waiting (epoch ms). */
  until: number;
  /** Told each new state (a new revision), the first included. */
  onChange?: (view: InteractionView) => void;
  signal?: AbortSignal;
}

/**
 * `answered`: the bot failed, or replied and went quiet (or replied, and the deadline cut only the wait for
 * follow-ups); `deadline`: it had not replied by `until`. Undefined when an answer is not an interaction's
 * state (the server is not an emulator). A failed read rejects.
 */
export type Followed = { ended: 'answered' | 'deadline'; view: InteractionView };

export async function followInteraction(read: () => Promise<InteractionView | undefined>, options: FollowOptions): Promise<Followed | undefined> {
  let revision = -1;
  let quietSince = Date.now();
  for (;;) {
    const view = await read();
    if (!view) return undefined;
    if (view.revision !== revision) {
      revision = view.revision;
      quietSince = Date.now();
      options.onChange?.(view);
    }
    if (view.failed) return { ended: 'answered', view };
    const arrived = replyArrived(view);
    if (arrived && Date.now() - quietSince >= SETTLE_MS) return { ended: 'answered', view };
    if (Date.now() >= options.until) return { ended: arrived ? 'answered' : 'deadline', view };
    await sleep(POLL_MS, undefined, options.signal ? { signal: options.signal } : {});
  }
}

/** What a bot that has not finished answering is doing, for the message when a wait runs out. */
export function stillOwed(botName: string, view: InteractionView | undefined): string {
  const owed = view ? deferredOwed(view) : undefined;
  if (owed === 'reply') return `${botName} deferred its reply ("thinking…") and has not sent it`;
  if (owed === 'update') return `${botName} deferred its update of the message and has not made it`;
  return `${botName} has not answered`;
}
