/**
 * Discord's rate limits, obeyed before Discord has to enforce them (reliability-anchors §1–2):
 * - one serial queue per route and top-level resource, so an unknown bucket is probed by one request;
 * - buckets learned from `X-RateLimit-Bucket`; `Remaining` and `Reset-After` (relative, immune to
 *   clock skew) decide whether to wait before sending;
 * - a sliding-window cap of 50 requests per second across all queues, the sends spaced evenly within
 *   it (a burst would put many requests in flight at once, and all of them meet a limit crossed by another
 *   user of the token);
 * - a global 429 pauses every queue; any 429 waits `retry_after` (body, with decimals) or `Retry-After`,
 *   except the IP ban's, which says neither and is returned at once;
 * - a global 429 to a request sent at the current pace means something else spends the same token's
 *   limit (the bot itself, a deploy script): the pace drops by a quarter for the rest of the run. A
 *   `shared` 429 is about one resource and leaves the global pace alone;
 * - other cmd-tui processes on the same token (a shared budget, config/pace-share.ts) each take an
 *   equal share of the configured pace, so four audits at once stay within the token's one limit;
 * - bounded, unlike discord.js: 5 consecutive 429s or 60 s of Discord-imposed waiting end the call.
 */
import type { Clock } from './clock.js';
import type { RateLimitTally } from './contract.js';
import { RateLimitError, RequestCancelledError } from './errors.js';
import type { RateLimitIdentity } from './routes.js';

export interface LimitedResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** The processes spending the same token's global limit (config/pace-share.ts). */
export interface SharedBudget {
  /** Processes sending now, this one included. */
  members(): number;
  /** Before each send: resolves once this process is counted (undefined while it is). */
  sending(): Promise<void> | undefined;
}

/** One wait before a request may go: its route, how long, and why (a bucket spent, a 429 on the route or global). */
export interface RateLimitWait {
  route: string;
  ms: number;
  reason: 'bucket' | '429' | 'global-429';
}

export interface RateLimiterOptions {
  clock: Clock;
  globalPerSecond?: number;
  sharedBudget?: SharedBudget;
  maxConsecutive429?: number;
  maxWaitMs?: number;
  /** Added to every wait: Discord's clock and ours are a few ms apart (discord.js uses the same 50 ms). */
  offsetMs?: number;
  /** Told about each wait so `--debug` (and the TUI) can explain a pause. */
  onWait?: (event: RateLimitWait) => void;
}

interface BucketState {
  limit: number;
  remaining: number;
  resetAt: number;
  /** Longest window seen, used to guess the next reset until a response says. */
  windowMs: number;
  inFlight: number;
}

const GLOBAL_WINDOW_MS = 1000;
/** Each global 429 at the current pace keeps this share of it. */
const SLOWDOWN_FACTOR = 0.75;
/** However crowded the token, one request a second still gets through to finish the run. */
const SLOWEST_PACE = 1;
/**
 * How early a send may go before its even spacing: timers are ms-grained, so at a raised limit (2,000/s,
 * 0.5 ms apart) sends go a few at a time; at Discord's 50/s (20 ms apart) one at a time.
 */
const SPACING_TOLERANCE_MS = 10;
/** Below this many learned buckets, none is ever forgotten. */
const BUCKETS_KEPT_AT_LEAST = 1024;

export class RateLimiter {
  private readonly clock: Clock;
  private readonly configuredPerSecond: number;
  /** The global pace now: the configured one until a global 429 says the token is shared. */
  private pacePerSecond: number;
  /** When the next send is due at the even spacing of the pace (the "theoretical arrival time" of GCRA). */
  private nextSendDue = 0;
  /** After a late wake-up, the first turn not yet taken: the late sends that follow queue behind it. */
  private lateTurnsFrom = Number.NEGATIVE_INFINITY;
  private slowedAt = Number.NEGATIVE_INFINITY;
  private readonly counts = { requests: 0, rateLimited: 0, globalRateLimited: 0 };
  private readonly maxConsecutive429: number;
  private readonly maxWaitMs: number;
  private readonly offsetMs: number;
  private readonly onWait: RateLimiterOptions['onWait'];
  private readonly sharedBudget: SharedBudget | undefined;
  private readonly bucketByRoute = new Map<string, string>();
  private readonly buckets = new Map<string, BucketState>();
  private readonly queueTails = new Map<string, Promise<unknown>>();
  /** Requests sent and not answered yet. */
  private inFlight = 0;
  /** When the requests of the last second were answered, oldest first from `doneHead`. */
  private doneAt: number[] = [];
  private doneHead = 0;
  /** Requests waiting for room in the second, in order, from `waitingHead`. */
  private waiting: (() => void)[] = [];
  private waitingHead = 0;
  private windowTimer = false;
  private bucketsAfterLastPrune = BUCKETS_KEPT_AT_LEAST;
  private globalResumeAt = 0;

  constructor(options: RateLimiterOptions) {
    this.clock = options.clock;
    this.configuredPerSecond = options.globalPerSecond ?? 50;
    this.pacePerSecond = this.configuredPerSecond;
    this.maxConsecutive429 = options.maxConsecutive429 ?? 5;
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
    this.offsetMs = options.offsetMs ?? 50;
    this.onWait = options.onWait;
    this.sharedBudget = options.sharedBudget;
  }

  /** What the run met so far, for the report at its end. */
  tally(): RateLimitTally {
    return { ...this.counts, pacePerSecond: this.pacePerSecond, configuredPerSecond: this.configuredPerSecond };
  }

  /**
   * Sends through the route's queue; resolves with the first non-429 response. An aborted `signal`
   * stops the wait at once (RequestCancelledError, nothing sent) as long as the request has not left;
   * once it has, the caller waits for its answer (the transport decides whether to abort that).
   */
  run(identity: RateLimitIdentity, send: () => Promise<LimitedResponse>, signal?: AbortSignal): Promise<LimitedResponse> {
    if (!signal) return this.enqueue(identity, send);
    if (signal.aborted) return Promise.reject(new RequestCancelledError(false));
    let left = false;
    const turn = this.enqueue(identity, () => {
      // Cancelled while waiting in the queue or on a 429: the turn passes without sending.
      if (signal.aborted) throw new RequestCancelledError(left);
      left = true;
      return send();
    });
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (!left) reject(new RequestCancelledError(false));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      turn.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private enqueue(identity: RateLimitIdentity, send: () => Promise<LimitedResponse>): Promise<LimitedResponse> {
    const queueKey = `${identity.routeKey}:${identity.major}`;
    const previous = this.queueTails.get(queueKey);
    // An idle queue (most of an audit's: one per guild and route) starts at once, without a turn of its own.
    const turn = previous === undefined ? this.sendObeyingLimits(identity, send) : previous.then(() => this.sendObeyingLimits(identity, send));
    const tail = turn.catch(() => undefined);
    this.queueTails.set(queueKey, tail);
    void tail.then(() => {
      if (this.queueTails.get(queueKey) === tail) this.queueTails.delete(queueKey);
    });
    return turn;
  }

  private async sendObeyingLimits(identity: RateLimitIdentity, send: () => Promise<LimitedResponse>): Promise<LimitedResponse> {
    let waitedMs = 0;
    let consecutive429 = 0;
    const wait = async (ms: number, reason: 'bucket' | '429' | 'global-429', global: boolean) => {
      if (waitedMs + ms > this.maxWaitMs) {
        throw new RateLimitError(
          `Discord asked cmd-tui to wait ${(ms / 1000).toFixed(1)} s more on ${identity.routeKey}; giving up after ${(waitedMs / 1000).toFixed(1)} s of waiting.`,
          identity.routeKey,
          ms,
          global,
        );
      }
      waitedMs += ms;
      this.onWait?.({ route: identity.routeKey, ms, reason });
      await this.clock.sleep(ms);
    };

    for (;;) {
      const joining = this.sharedBudget?.sending();
      if (joining) await joining;
      const bucket = await this.reserveBucketSlot(identity, wait);
      // Spaced first: a request waiting for its turn holds no place in the sliding second.
      await this.waitForSpacing();
      const releaseGlobalSlot = await this.takeGlobalSlot();
      if (bucket) bucket.inFlight += 1;
      const sentAt = this.clock.now();
      let response: LimitedResponse;
      try {
        response = await send();
      } finally {
        if (bucket) bucket.inFlight -= 1;
        releaseGlobalSlot();
      }
      this.learnFromHeaders(identity, response.headers);
      this.counts.requests += 1;
      // An IP ban is final: retrying only extends it. The caller reports it as Discord's answer.
      if (response.status !== 429 || isIpBan(response)) return response;

      consecutive429 += 1;
      const retryAfterMs = retryAfterOf(response) + this.offsetMs;
      const global = isGlobal429(response);
      this.counts.rateLimited += 1;
      if (global) {
        this.counts.globalRateLimited += 1;
        this.slowDownAfter(sentAt);
      }
      if (consecutive429 >= this.maxConsecutive429) {
        throw new RateLimitError(
          `Discord rate-limited ${identity.routeKey} ${consecutive429} times in a row; stopped instead of retrying forever.`,
          identity.routeKey,
          retryAfterMs,
          global,
        );
      }
      if (global) {
        // One shared pause: every queue checks globalResumeAt before its next send.
        this.globalResumeAt = Math.max(this.globalResumeAt, this.clock.now() + retryAfterMs);
        await wait(retryAfterMs, 'global-429', true);
      } else {
        const state = this.bucketFor(identity);
        if (state) {
          state.remaining = 0;
          state.resetAt = Math.max(state.resetAt, this.clock.now() + retryAfterMs - this.offsetMs);
        }
        await wait(retryAfterMs, '429', false);
      }
    }
  }

  /** Waits while the learned bucket is empty and counts the request against it. */
  private async reserveBucketSlot(
    identity: RateLimitIdentity,
    wait: (ms: number, reason: 'bucket' | 'global-429', global: boolean) => Promise<void>,
  ): Promise<BucketState | undefined> {
    for (;;) {
      const pausedFor = this.globalResumeAt - this.clock.now();
      if (pausedFor > 0) {
        await wait(pausedFor, 'global-429', true);
        continue;
      }
      const state = this.bucketFor(identity);
      if (!state) return undefined;
      const now = this.clock.now();
      if (now >= state.resetAt) {
        // The window rolled over: refill, and guess the next reset until a response says otherwise.
        state.remaining = state.limit;
        state.resetAt = now + state.windowMs;
      }
      if (state.remaining > 0) {
        state.remaining -= 1;
        return state;
      }
      await wait(state.resetAt - now + this.offsetMs, 'bucket', false);
    }
  }

  /**
   * Sliding 1-second window over every send of this client. The server counts a request when it
   * arrives, somewhere between our send and its answer, so a request holds its slot from the send
   * until one second after its answer: then no 1-second window on the server can see more than 50.
   */
  /**
   * Counts the request against the sliding second: requests in flight plus those done less than a
   * second ago. Waiting requests queue in order and are let through one per freed slot, with one timer
   * for the oldest completion to leave the window: constant work per request, so a raised limit
   * (thousands a second) costs no more per request than Discord's 50.
   */
  private async takeGlobalSlot(): Promise<() => void> {
    this.forgetOldSlots(this.clock.now());
    if (this.waiting.length === this.waitingHead && this.hasGlobalRoom()) {
      this.inFlight += 1;
    } else {
      // The slot is counted for us when we are let through.
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        this.letWaitersThrough();
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      // Completions are appended in time order, so the oldest is always at the head.
      this.doneAt.push(Math.max(this.clock.now(), this.doneAt.at(-1) ?? 0));
      this.letWaitersThrough();
    };
  }

  private hasGlobalRoom(): boolean {
    return this.inFlight + (this.doneAt.length - this.doneHead) < this.pace();
  }

  /**
   * The pace now: this process's share of the configured one when other cmd-tui processes spend the
   * same token (rounded down, so the shares add up to no more than the limit), and never above the
   * pace that global 429s left.
   */
  private pace(): number {
    const members = this.sharedBudget?.members() ?? 1;
    if (members <= 1) return this.pacePerSecond;
    return Math.max(SLOWEST_PACE, Math.min(this.pacePerSecond, Math.floor(this.configuredPerSecond / members)));
  }

  /**
   * A global 429 to a request sent before the last slowdown was already answered by it (every request
   * in flight when the limit was hit meets it): only one sent since then slows the pace again.
   */
  private slowDownAfter(sentAt: number): void {
    if (sentAt <= this.slowedAt) return;
    this.slowedAt = this.clock.now();
    this.pacePerSecond = Math.max(SLOWEST_PACE, Math.floor(this.pacePerSecond * SLOWDOWN_FACTOR));
  }

  /**
   * Sends go one per 1/pace s in the order they ask: a reservation and a sleep each. A global 429 met
   * while this one slept voids its turn: it takes the first one after the pause.
   */
  private async waitForSpacing(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const spacing = GLOBAL_WINDOW_MS / this.pace();
      const due = Math.max(now, this.globalResumeAt, this.nextSendDue);
      this.nextSendDue = due + spacing;
      const early = due - SPACING_TOLERANCE_MS - now;
      if (early > 0) await this.clock.sleep(early);
      const woke = this.clock.now();
      if (this.globalResumeAt > woke) continue;
      if (woke - due <= spacing) return;
      // Woken over a turn late (a stalled event loop under load, a suspended laptop): every turn reserved meanwhile is
      // due at once. The first late one goes now and the turns start again after it; the others take new turns, so
      // they leave spaced at the pace instead of as one burst over the token's limit.
      if (woke >= this.lateTurnsFrom) {
        this.lateTurnsFrom = woke + spacing;
        this.nextSendDue = Math.max(this.nextSendDue, woke + spacing);
        return;
      }
    }
  }

  private letWaitersThrough(): void {
    const now = this.clock.now();
    this.forgetOldSlots(now);
    while (this.waitingHead < this.waiting.length && this.hasGlobalRoom()) {
      this.inFlight += 1;
      this.waiting[this.waitingHead++]!();
    }
    if (this.waitingHead > 1024 && this.waitingHead * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.waitingHead);
      this.waitingHead = 0;
    }
    // Still waiting with the second full of completed requests: wake when the oldest leaves it.
    const oldest = this.doneAt[this.doneHead];
    if (this.waitingHead < this.waiting.length && oldest !== undefined && !this.windowTimer) {
      this.windowTimer = true;
      void this.clock.sleep(Math.max(0, oldest + GLOBAL_WINDOW_MS - now)).then(() => {
        this.windowTimer = false;
        this.letWaitersThrough();
      });
    }
  }

  /** Drops the completions that left the window; compacts the array now and then. */
  private forgetOldSlots(now: number): void {
    while (this.doneHead < this.doneAt.length && this.doneAt[this.doneHead]! <= now - GLOBAL_WINDOW_MS) this.doneHead += 1;
    if (this.doneHead > 1024 && this.doneHead * 2 > this.doneAt.length) {
      this.doneAt = this.doneAt.slice(this.doneHead);
      this.doneHead = 0;
    }
  }

  private bucketFor(identity: RateLimitIdentity): BucketState | undefined {
    const bucket = this.bucketByRoute.get(identity.routeKey);
    return bucket === undefined ? undefined : this.buckets.get(`${bucket}:${identity.major}`);
  }

  /**
   * A bucket whose window has reset and that has nothing in flight says nothing the next answer would
   * not say again: an audit of 100,000 guilds would otherwise keep one per guild and route.
   */
  private forgetResetBuckets(): void {
    const now = this.clock.now();
    for (const [key, state] of this.buckets) if (state.inFlight === 0 && state.resetAt <= now) this.buckets.delete(key);
    this.bucketsAfterLastPrune = Math.max(BUCKETS_KEPT_AT_LEAST, this.buckets.size);
  }

  private learnFromHeaders(identity: RateLimitIdentity, headers: Record<string, string>): void {
    const bucket = headers['x-ratelimit-bucket'];
    const limit = Number(headers['x-ratelimit-limit']);
    const remaining = Number(headers['x-ratelimit-remaining']);
    const resetAfter = Number(headers['x-ratelimit-reset-after']);
    if (!bucket || !Number.isFinite(limit) || !Number.isFinite(remaining) || !Number.isFinite(resetAfter)) return;
    this.bucketByRoute.set(identity.routeKey, bucket);
    const key = `${bucket}:${identity.major}`;
    const resetAt = this.clock.now() + resetAfter * 1000;
    const state = this.buckets.get(key);
    if (!state) {
      this.buckets.set(key, { limit, remaining, resetAt, windowMs: resetAfter * 1000, inFlight: 0 });
      if (this.buckets.size > this.bucketsAfterLastPrune * 2) this.forgetResetBuckets();
      return;
    }
    state.limit = limit;
    // Requests still in flight may not be counted in this answer yet: assume they will be.
    state.remaining = Math.max(0, remaining - state.inFlight);
    state.resetAt = resetAt;
    state.windowMs = Math.max(state.windowMs, resetAfter * 1000);
  }
}

/** Seconds → ms from the body's `retry_after` (keeps decimals), else `Retry-After`, else `Reset-After`, else 1 s. */
export function retryAfterOf(response: LimitedResponse): number {
  const body = safeJson(response.text) as { retry_after?: unknown } | undefined;
  const candidates = [body?.retry_after, response.headers['retry-after'], response.headers['x-ratelimit-reset-after']];
  for (const candidate of candidates) {
    const seconds = Number(candidate);
    if (candidate !== undefined && candidate !== '' && Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  }
  return 1000;
}

/**
 * A 429 that says how long to wait is a rate limit; one that says nothing (no `retry_after`, no
 * Retry-After) is the invalid-request ban, a static answer from Discord's proxy
 * (test/fixtures/discord/ip-banned.json, https://github.com/discord/discord-api-docs/issues/5810).
 */
function isIpBan(response: LimitedResponse): boolean {
  const body = safeJson(response.text) as { retry_after?: unknown } | undefined;
  return response.status === 429 && typeof body?.retry_after !== 'number' && response.headers['retry-after'] === undefined;
}

export function isGlobal429(response: LimitedResponse): boolean {
  if (response.headers['x-ratelimit-global'] === 'true' || response.headers['x-ratelimit-scope'] === 'global') return true;
  const body = safeJson(response.text) as { global?: unknown } | undefined;
  return body?.global === true;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
