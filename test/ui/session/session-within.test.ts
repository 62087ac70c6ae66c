import { describe, expect, it } from 'vitest';
import type { Session } from '../../../source/ui/session/session.js';
import { sessionWithin } from '../../../source/ui/start.js';

const session = { targetLabel: 'test' } as Session;
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
