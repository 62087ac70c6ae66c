/**
 * Discord bans an IP for a while after 10,000 invalid requests (401, 403, 429) in 10 minutes.
 * This counter is process-wide (the limit is per IP), ignores `shared`-scope 429s (Discord does not
 * count them), warns once at 1,000 and refuses to send anything more at 5,000 — half of Discord's limit.
 */
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';

const WINDOW_MS = 10 * 60 * 1000;
export const INVALID_REQUEST_WARN_AT = 1_000;
export const INVALID_REQUEST_STOP_AT = 5_000;

export class InvalidRequestLimitError extends Error {
  override readonly name = 'InvalidRequestLimitError';
  readonly hint =
    'Discord temporarily bans clients that keep sending rejected requests. Wait ten minutes, then check the token and permissions (`cmd-tui auth status`).';
  constructor(count: number) {
    super(`Stopped: ${count} requests were rejected (401/403/429) in the last 10 minutes.`);
  }
}

export class InvalidRequestGuard {
  private readonly times: number[] = [];
  private warned = false;

  constructor(
    private readonly clock: Clock = systemClock,
    private readonly warnAt = INVALID_REQUEST_WARN_AT,
    private readonly stopAt = INVALID_REQUEST_STOP_AT,
  ) {}

  /** Throws before a request once the stop threshold is reached. */
  check(): void {
    const count = this.count();
    if (count >= this.stopAt) throw new InvalidRequestLimitError(count);
  }

  /** Records a response; returns a warning text the first time the warning threshold is crossed. */
  record(status: number, headers: Record<string, string>): string | undefined {
    const invalid = status === 401 || status === 403 || (status === 429 && headers['x-ratelimit-scope'] !== 'shared');
    if (!invalid) return undefined;
    this.times.push(this.clock.now());
    const count = this.count();
    if (count >= this.warnAt && !this.warned) {
      this.warned = true;
      return `Warning: ${count} requests were rejected (401/403/429) in the last 10 minutes; cmd-tui stops at ${this.stopAt} to keep Discord from banning this IP.`;
    }
    return undefined;
  }

  count(): number {
    const cutoff = this.clock.now() - WINDOW_MS;
    while (this.times.length > 0 && this.times[0]! <= cutoff) this.times.shift();
    return this.times.length;
  }
}

/** The one guard every client in this process shares. */
export const processInvalidRequestGuard = new InvalidRequestGuard();
