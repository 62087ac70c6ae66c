/**
 * When a failed attempt may be sent again, and how long to wait first. Only idempotent methods are
 * retried blindly; a POST or PATCH that failed in flight may or may not have happened on Discord's
 * side, so the write reads state back instead (operations/write-truth.ts). 4xx is never retried.
 */
export const MAX_RETRIES = 3;
const BASE_DELAY_MS = 500;
const JITTER = 0.2;

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** Transport failures worth another try: the connection dropped or the server was too slow. */
const TRANSIENT_NETWORK_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

export type AttemptFailure = { kind: 'status'; status: number } | { kind: 'network'; code: string };

/** Whether this failure could go away on its own (a 5xx or a dropped/slow connection). */
export function isTransient(failure: AttemptFailure): boolean {
  return failure.kind === 'status' ? failure.status >= 500 && failure.status <= 599 : TRANSIENT_NETWORK_CODES.has(failure.code);
}

export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** `retriesSoFar` counts retries already made (0 after the first attempt). */
export function shouldRetry(method: string, failure: AttemptFailure, retriesSoFar: number): boolean {
  return retriesSoFar < MAX_RETRIES && isIdempotent(method) && isTransient(failure);
}

/** 0.5 s, 1 s, 2 s … each ±20 %, so many clients that failed together do not retry together. */
export function backoffDelayMs(retriesSoFar: number, random: () => number = Math.random): number {
  const base = BASE_DELAY_MS * 2 ** retriesSoFar;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}
