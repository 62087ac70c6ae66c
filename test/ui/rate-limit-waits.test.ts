import { describe, expect, it } from 'vitest';
import { RateLimitWaits, waitNote } from '../../source/ui/session/rate-limit-waits.js';

describe('rate-limit waits named while the app waits', () => {
  it('says how many seconds are left and why, and nothing once the wait is over', () => {
    expect(waitNote({ until: 10_000, reason: '429' }, 2_500)).toBe('rate-limited, retrying in 8 s: Discord answered 429 Too Many Requests');
    expect(waitNote({ until: 10_000, reason: 'global-429' }, 9_500)).toBe("rate-limited, retrying in 1 s: Discord's global rate limit (429)");
    expect(waitNote({ until: 10_000, reason: 'bucket' }, 10_000)).toBeUndefined();
    expect(waitNote(undefined, 0)).toBeUndefined();
  });

  it('tells a listener each wait worth naming, and the one under way when it starts listening (Connecting… before the app is drawn)', () => {
    const waits = new RateLimitWaits();
    waits.report({ route: 'GET /applications/@me', ms: 100, reason: 'bucket' });
    waits.report({ route: 'GET /applications/@me', ms: 60_000, reason: '429' });
    const heard: string[] = [];
    const stop = waits.listen((wait) => heard.push(wait.reason));
    waits.report({ route: 'GET /applications/1/commands', ms: 2_000, reason: 'global-429' });
    stop();
    waits.report({ route: 'GET /applications/1/commands', ms: 2_000, reason: '429' });
    expect(heard).toEqual(['429', 'global-429']);
  });
});
