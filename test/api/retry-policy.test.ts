import { describe, expect, it } from 'vitest';
import { backoffDelayMs, shouldRetry, type AttemptFailure } from '../../source/api/retry-policy.js';

const status = (code: number): AttemptFailure => ({ kind: 'status', status: code });
const network = (code: string): AttemptFailure => ({ kind: 'network', code });

describe('retry policy', () => {
  it.each([
    ['GET', status(503), true],
    ['PUT', status(500), true],
    ['DELETE', network('ECONNRESET'), true],
    ['GET', network('UND_ERR_SOCKET'), true],
    ['GET', network('UND_ERR_CONNECT_TIMEOUT'), true],
    ['GET', network('UND_ERR_HEADERS_TIMEOUT'), true],
    ['POST', status(503), false],
    ['PATCH', network('ECONNRESET'), false],
    ['GET', status(400), false],
    ['GET', status(403), false],
    ['GET', status(404), false],
    ['GET', status(405), false],
    ['GET', network('ECONNREFUSED'), false],
  ] as const)('%s after %o → retry: %s', (method, failure, expected) => {
    expect(shouldRetry(method, failure, 0)).toBe(expected);
  });

  it('stops after three retries', () => {
    expect(shouldRetry('GET', status(503), 2)).toBe(true);
    expect(shouldRetry('GET', status(503), 3)).toBe(false);
  });

  it('backs off 0.5 s, 1 s, 2 s within ±20 % jitter', () => {
    for (const [retry, base] of [[0, 500], [1, 1000], [2, 2000]] as const) {
      expect(backoffDelayMs(retry, () => 0)).toBe(base * 0.8);
      expect(backoffDelayMs(retry, () => 0.5)).toBe(base);
      expect(backoffDelayMs(retry, () => 1)).toBe(base * 1.2);
    }
  });
});
