/**
 * The client's pace when another process uses the same bot token: a global 429 slows it for the rest of
 * the run (once per crossing, however many requests were in flight), a `shared` 429 does not, sends are
 * spaced evenly, and the tally reports what happened. Fake clock: no real waiting.
 */
import { describe, expect, it } from 'vitest';
import { RateLimiter, type LimitedResponse } from '../../source/api/rate-limit-queue.js';
import { fakeClock } from './fake-clock.js';

const ok: LimitedResponse = { status: 200, headers: {}, text: '[]' };
const globalLimited: LimitedResponse = {
  status: 429,
  headers: { 'retry-after': '1', 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' },
  text: JSON.stringify({ message: 'You are being rate limited.', retry_after: 0.25, global: true }),
};
const sharedLimited: LimitedResponse = {
  status: 429,
  headers: { 'retry-after': '1', 'x-ratelimit-scope': 'shared' },
  text: JSON.stringify({ message: 'The resource is being rate limited.', retry_after: 0.25, global: false }),
};
const route = (guild: number) => ({ routeKey: 'GET /guilds/:id/roles', major: String(guild) });

/** A sender that answers from a script of responses, then 200s. */
function scripted(...answers: LimitedResponse[]) {
  let sent = 0;
  return {
    send: async () => answers[sent++] ?? ok,
    sent: () => sent,
  };
}

describe('pacing on a shared token', () => {
  it('a global 429 slows the pace by a quarter for the rest of the run and is counted', async () => {
    const limiter = new RateLimiter({ clock: fakeClock() });
    const server = scripted(globalLimited);
    await limiter.run(route(1), server.send);
    expect(limiter.tally()).toEqual({ requests: 2, rateLimited: 1, globalRateLimited: 1, pacePerSecond: 37, configuredPerSecond: 50 });
    // Later requests that pass do not raise it again.
    for (let guild = 2; guild < 10; guild += 1) await limiter.run(route(guild), server.send);
    expect(limiter.tally().pacePerSecond).toBe(37);
  });

  it('requests in flight when the limit was crossed slow the pace once; one sent after the slowdown slows it again', async () => {
    const limiter = new RateLimiter({ clock: fakeClock() });
    let release!: () => void;
    const crossed = new Promise<void>((resolve) => (release = resolve));
    // Three requests are sent before any answer arrives; all three meet the global limit.
    let waiting = 0;
    const inFlight = async () => {
      waiting += 1;
      if (waiting === 3) release();
      await crossed;
      return globalLimited;
    };
    let calls = 0;
    const firstThenOk = () => (calls++ < 3 ? inFlight() : Promise.resolve(ok));
    await Promise.all([1, 2, 3].map((guild) => limiter.run(route(guild), firstThenOk)));
    expect(limiter.tally()).toMatchObject({ rateLimited: 3, globalRateLimited: 3, pacePerSecond: 37 });

    await limiter.run(route(4), scripted(globalLimited).send);
    expect(limiter.tally().pacePerSecond).toBe(27);
  });

  it('a shared-scope 429 is about one resource: waited out and counted, the global pace kept', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ clock });
    await limiter.run(route(1), scripted(sharedLimited).send);
    expect(limiter.tally()).toEqual({ requests: 2, rateLimited: 1, globalRateLimited: 0, pacePerSecond: 50, configuredPerSecond: 50 });
    // retry_after (0.25 s, the body's decimals) plus the 50 ms offset.
    expect(clock.sleeps).toContain(300);
  });

  it('never slows below one request a second', async () => {
    const limiter = new RateLimiter({ clock: fakeClock(), globalPerSecond: 2, maxConsecutive429: 100 });
    for (let guild = 0; guild < 5; guild += 1) await limiter.run(route(guild), scripted(globalLimited).send);
    expect(limiter.tally().pacePerSecond).toBe(1);
  });

  it('spaces sends evenly at the pace instead of sending a burst: one reservation and one sleep each', async () => {
    // Time stands still: each send's sleep shows how far after the first it was due.
    const sleeps: number[] = [];
    const limiter = new RateLimiter({ clock: { now: () => 1_000_000, sleep: async (ms) => void sleeps.push(ms) } });
    await Promise.all(Array.from({ length: 10 }, (_, guild) => limiter.run(route(guild), async () => ok)));
    // 50/s is one send per 20 ms, each allowed to go 10 ms early (timers are ms-grained).
    expect(sleeps).toEqual([10, 30, 50, 70, 90, 110, 130, 150, 170]);
  });

  it('with other cmd-tui processes on the token, spaces its sends at its share of the pace, rounded down', async () => {
    const sleeps: number[] = [];
    let members = 4;
    let joined = 0;
    const sharedBudget = { members: () => members, sending: () => (joined++ === 0 ? Promise.resolve() : undefined) };
    const limiter = new RateLimiter({ clock: { now: () => 1_000_000, sleep: async (ms) => void sleeps.push(ms) }, sharedBudget });
    await Promise.all(Array.from({ length: 4 }, (_, guild) => limiter.run(route(guild), async () => ok)));
    // 50/s shared by 4 is 12/s: one send per 83.3 ms (10 ms early), and the sliding second holds 12.
    expect(sleeps.map(Math.round)).toEqual([73, 157, 240]);
    expect(joined).toBe(4);
    // Alone again: the whole pace.
    members = 1;
    sleeps.length = 0;
    const alone = new RateLimiter({ clock: { now: () => 1_000_000, sleep: async (ms) => void sleeps.push(ms) }, sharedBudget });
    await Promise.all(Array.from({ length: 3 }, (_, guild) => alone.run(route(guild), async () => ok)));
    expect(sleeps).toEqual([10, 30]);
  });
});

/** A clock whose sleeps wait for `run()` to move time to them, one timer at a time, in order. */
function virtualClock() {
  let now = 1_000_000;
  const timers: { at: number; wake: () => void }[] = [];
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((wake) => void timers.push({ at: now + Math.max(0, ms), wake })),
    settle,
    /** A blocked event loop: `ms` pass, then every sleeper wakes at that same late instant. */
    stall(ms: number) {
      now += ms;
      for (const timer of timers.splice(0)) timer.wake();
    },
    /** Moves time from timer to timer until `done` settles. */
    async run<T>(done: Promise<T>): Promise<T> {
      let finished = false;
      void done.finally(() => (finished = true));
      for (await settle(); !finished; await settle()) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift();
        if (!next) throw new Error('nothing left to wait for, and not done');
        now = Math.max(now, next.at);
        next.wake();
      }
      return done;
    },
  };
}

describe('a global pause and the spacing', () => {
  it('a request that slept for its turn while a global 429 arrived waits out the pause before sending', async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ clock });
    const start = clock.now();
    const sentAt: number[] = [];
    let first = true;
    const send = async () => {
      sentAt.push(clock.now());
      if (!first) return ok;
      first = false;
      // Global limit crossed by another user of the token: 500 ms to wait, for every queue.
      return { ...globalLimited, text: JSON.stringify({ message: 'You are being rate limited.', retry_after: 0.5, global: true }) };
    };
    await clock.run(Promise.all([1, 2, 3].map((guild) => limiter.run(route(guild), send))));
    // The first send met the 429; the two that were spaced behind it went only after the pause (+ 50 ms offset).
    expect(sentAt[0]).toBe(start);
    expect(sentAt.slice(1)).toHaveLength(3);
    expect(sentAt.slice(1).every((at) => at >= start + 550 - 10)).toBe(true);
  });
});

describe('a stalled event loop', () => {
  it('sends the turns that fell due during a stall spaced at the pace, not as one burst', async () => {
    const clock = virtualClock();
    const limiter = new RateLimiter({ clock });
    const sentAt: number[] = [];
    const done = Promise.all(Array.from({ length: 10 }, (_, guild) => limiter.run(route(guild), async () => (sentAt.push(clock.now()), ok))));
    await clock.settle();
    // The first send went at once; nine sleep for their turns (20 ms apart at 50/s). The loop stalls for 500 ms.
    expect(sentAt).toHaveLength(1);
    clock.stall(500);
    // From here, time moves from timer to timer.
    await clock.run(done);
    const gaps = sentAt.slice(1).map((at, index) => at - sentAt[index]!);
    // Each send at least a turn (20 ms, less the 10 ms timers may go early) after the one before it.
    expect(Math.min(...gaps.slice(1))).toBeGreaterThanOrEqual(10);
    expect(sentAt).toHaveLength(10);
  });
});
