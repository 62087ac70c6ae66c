import { describe, expect, it } from 'vitest';
import type { Session } from '../../../source/ui/session/session.js';
import { firstFrame, sessionWithin } from '../../../source/ui/start.js';

const session = { target: { label: 'test' } } as Session;
const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('how long the first frame waits for the connection', () => {
  it('gives the session when it comes in time', async () => {
    await expect(sessionWithin(later(5, session), 500)).resolves.toBe(session);
  });

  it('gives nothing once the time is up, and nothing for "no credentials" or a failure', async () => {
    await expect(sessionWithin(later(500, session), 10)).resolves.toBeUndefined();
    await expect(sessionWithin(Promise.resolve(null), 500)).resolves.toBeUndefined();
    await expect(sessionWithin(Promise.reject(new Error('401')), 500)).resolves.toBeUndefined();
  });

  it('does not wait at all when the time is already past', async () => {
    await expect(sessionWithin(new Promise<Session>(() => undefined), -50)).resolves.toBeUndefined();
  });
});

describe('what the first frame is drawn with', () => {
  /**
   * The UI loaded `atMs` after the start, and says it did: when it loaded is stated, not measured, so a
   * loaded machine running the tests cannot turn "in time" into "late".
   */
  const loaded = (atMs: number) => {
    const start = performance.now();
    const ui = later(atMs, null).then(() => ({ module: 'ui', loadedAt: start + atMs }));
    return () => ui;
  };

  it('the session when it is ready by the deadline', async () => {
    await expect(firstFrame(later(5, session), loaded(1), performance.now() + 100)).resolves.toMatchObject({ session, ui: { module: 'ui' } });
  });

  it('"Connecting…" when the UI was ready in time and the session was not: a slow network', async () => {
    const result = await firstFrame(later(300, session), loaded(1), performance.now() + 40, 1000);
    expect(result.session).toBeUndefined();
  });

  it('a short grace for the session when the UI itself loaded after the deadline: a slow machine', async () => {
    const result = await firstFrame(later(120, session), loaded(80), performance.now() + 40, 200);
    expect(result.session).toBe(session);
  });

  it('"Connecting…" after that grace when the session is still not there', async () => {
    const result = await firstFrame(later(1000, session), loaded(80), performance.now() + 40, 20);
    expect(result.session).toBeUndefined();
  });
});
