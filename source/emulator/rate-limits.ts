/**
 * Discord-style rate limits (facts §6.1, reliability-anchors §1): a per-token global limit and
 * per-route buckets keyed by route and top-level resource (the guild), each a fixed window.
 * Pure bookkeeping against a clock; the server turns a verdict into headers or a 429.
 */
import { createHash } from 'node:crypto';

export interface BucketSize {
  limit: number;
  windowMs: number;
}

export interface RateLimitSettings {
  /** Requests per token (or per IP without one) per window, across all routes. */
  global: BucketSize;
  /** Default bucket of GET routes. */
  read: BucketSize;
  /** Default bucket of POST/PUT/PATCH/DELETE routes. */
  write: BucketSize;
  /** Overrides by route, keyed `METHOD /pattern` (e.g. `POST /applications/:application_id/commands`). */
  routes?: Record<string, BucketSize>;
  /** The invalid-request limit per IP (401, 403 and non-`shared` 429 answers), then a ban; none when absent. */
  invalidRequests?: BucketSize & { banMs: number };
}

export const DISCORD_RATE_LIMITS: RateLimitSettings = {
  global: { limit: 50, windowMs: 1000 },
  read: { limit: 50, windowMs: 1000 },
  write: { limit: 5, windowMs: 5000 },
  // DOCS/RL "Invalid Request Limit": 10,000 per 10 minutes. How long the ban lasts is not documented
  // ("temporarily restricted"): an hour here.
  invalidRequests: { limit: 10_000, windowMs: 10 * 60_000, banMs: 60 * 60_000 },
};

/**
 * What a banned IP gets, from Cloudflare rather than Discord's servers: 429 with this body and none of the
 * rate-limit headers, no Retry-After and no Via (recorded: https://github.com/discord/discord-api-docs/issues/5810).
 */
export const BANNED_BODY = {
  code: 0,
  message:
    'You are being blocked from accessing our API temporarily due to exceeding our rate limits frequently. Please read our docs at https://discord.com/developers/docs/topics/rate-limits to prevent this moving forward.',
};

/** Counts each IP's invalid answers in a sliding window and bans it for a while once it reaches the limit. */
export class InvalidRequestLimit {
  private readonly answers = new Map<string, number[]>();
  private readonly bans = new Map<string, number>();

  constructor(
    private readonly settings: BucketSize & { banMs: number },
    private readonly now: () => number,
  ) {}

  reset(): void {
    this.answers.clear();
    this.bans.clear();
  }

  banned(ip: string): boolean {
    const until = this.bans.get(ip);
    if (until === undefined) return false;
    if (this.now() < until) return true;
    this.bans.delete(ip);
    return false;
  }

  /** Counts an answer sent to `ip`; 429s with `X-RateLimit-Scope: shared` do not count (DOCS/RL). */
  record(ip: string, status: number, headers: Record<string, string>): void {
    if (status !== 401 && status !== 403 && status !== 429) return;
    if (status === 429 && Object.entries(headers).some(([name, value]) => name.toLowerCase() === 'x-ratelimit-scope' && value === 'shared')) return;
    const at = this.now();
    // Oldest first: the answers that left the window are dropped from the front.
    const recent = this.answers.get(ip) ?? [];
    const expired = recent.findIndex((time) => time > at - this.settings.windowMs);
    recent.splice(0, expired === -1 ? recent.length : expired);
    recent.push(at);
    if (recent.length >= this.settings.limit) {
      this.bans.set(ip, at + this.settings.banMs);
      this.answers.delete(ip);
      return;
    }
    this.answers.set(ip, recent);
  }
}

interface Window {
  startedAt: number;
  used: number;
}

/**
 * Every 429 from Discord's own servers comes through its proxy with this header; libraries (discord.js's
 * REST among them) read a 429 without it as a Cloudflare ban and stop instead of waiting
 * (https://github.com/discord/discord-api-docs/issues/1463; test/fixtures/discord/rate-limited.json).
 */
export const DISCORD_PROXY_HEADERS = { Via: '1.1 google' } as const;

export type RateVerdict =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; status: 429; headers: Record<string, string>; body: { message: string; retry_after: number; global: boolean } };

const seconds = (ms: number) => Number((ms / 1000).toFixed(3));

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly now: () => number,
  ) {}

  reset(): void {
    this.windows.clear();
  }

  private window(key: string, size: BucketSize, at: number): Window {
    let window = this.windows.get(key);
    if (!window || at >= window.startedAt + size.windowMs) {
      window = { startedAt: at, used: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  /** Counts one request of `identity` (a hash of its token) against the global limit. */
  checkGlobal(identity: string): RateVerdict {
    const at = this.now();
    const size = this.settings.global;
    const window = this.window(`global:${identity}`, size, at);
    if (window.used >= size.limit) {
      const retryAfterMs = window.startedAt + size.windowMs - at;
      return {
        allowed: false,
        status: 429,
        headers: {
          ...DISCORD_PROXY_HEADERS,
          'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
          'X-RateLimit-Global': 'true',
          'X-RateLimit-Scope': 'global',
        },
        body: { message: 'You are being rate limited.', retry_after: seconds(retryAfterMs), global: true },
      };
    }
    window.used += 1;
    return { allowed: true, headers: {} };
  }

  /** Counts one request against its route bucket; the bucket id leaves out the top-level resource, as Discord's does. */
  checkRoute(identity: string, method: string, pattern: string, majorId: string | undefined): RateVerdict {
    const at = this.now();
    const routeKey = `${method} ${pattern}`;
    const size = this.settings.routes?.[routeKey] ?? (method === 'GET' ? this.settings.read : this.settings.write);
    const bucket = createHash('sha256').update(routeKey).digest('hex').slice(0, 32);
    const window = this.window(`route:${identity}:${bucket}:${majorId ?? ''}`, size, at);
    const limited = window.used >= size.limit;
    if (!limited) window.used += 1;
    const resetAtMs = window.startedAt + size.windowMs;
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(size.limit),
      'X-RateLimit-Remaining': String(size.limit - window.used),
      'X-RateLimit-Reset': (resetAtMs / 1000).toFixed(3),
      'X-RateLimit-Reset-After': seconds(resetAtMs - at).toFixed(3),
      'X-RateLimit-Bucket': bucket,
    };
    if (!limited) return { allowed: true, headers };
    return {
      allowed: false,
      status: 429,
      headers: { ...headers, ...DISCORD_PROXY_HEADERS, 'Retry-After': String(Math.max(1, Math.ceil((resetAtMs - at) / 1000))), 'X-RateLimit-Scope': 'user' },
      body: { message: 'You are being rate limited.', retry_after: seconds(resetAtMs - at), global: false },
    };
  }
}
