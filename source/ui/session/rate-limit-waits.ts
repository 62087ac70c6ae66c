/**
 * The rate-limit waits of the session's client (api/rate-limit-queue.ts), handed from where the client is
 * made (session/session-openings.ts, before the app is drawn) to the app, which names them beside its spinner:
 * a 429 storm shows "waiting 7 s: Discord answered 429", not seconds of a bare "Connecting…". The wait under
 * way when the app starts listening is told to it at once.
 */
import type { RateLimitWait } from '../../api/rate-limit-queue.js';

/** A wait the app shows: when it ends, and why. */
export interface ShownWait {
  until: number;
  reason: RateLimitWait['reason'];
}

/** Waits shorter than this pass unnamed (the spinner does not flicker for a bucket's few milliseconds). */
const NAMED_FROM_MS = 500;

export class RateLimitWaits {
  private listener: ((wait: ShownWait) => void) | undefined;
  private last: ShownWait | undefined;

  readonly report = (wait: RateLimitWait): void => {
    if (wait.ms < NAMED_FROM_MS) return;
    this.last = { until: Date.now() + wait.ms, reason: wait.reason };
    this.listener?.(this.last);
  };

  listen(listener: (wait: ShownWait) => void): () => void {
    this.listener = listener;
    if (this.last && this.last.until > Date.now()) listener(this.last);
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }
}

/** What the spinner says of a wait still under way (`now` past its end: nothing). */
export function waitNote(wait: ShownWait | undefined, now: number): string | undefined {
  if (!wait || wait.until <= now) return undefined;
  const seconds = Math.ceil((wait.until - now) / 1000);
  const why = wait.reason === 'global-429' ? "Discord's global rate limit (429)" : wait.reason === '429' ? 'Discord answered 429 Too Many Requests' : "the route's rate limit is spent for now";
  return `rate-limited, retrying in ${seconds} s: ${why}`;
}
