/**
 * Which Discord API a run talks to, and the transport rule for tokens: tokens travel only over
 * https, or over plain http to a loopback address (the embedded emulator, a local proxy).
 */
import { isLoopbackName } from '../discord/host-header.js';
export const DISCORD_API_BASE = 'https://discord.com/api/v10';

export type ApiTargetKind = 'discord' | 'custom' | 'local';

export interface ApiTarget {
  kind: ApiTargetKind;
  /** Absent for `local`: the embedded emulator picks its port when it starts. */
  baseUrl?: string;
}

/** Thrown when a base URL would send tokens in clear text to another machine. */
export class InsecureApiTargetError extends Error {
  override readonly name = 'InsecureApiTargetError';
  readonly hint = 'Use an https:// URL, or http:// only with 127.0.0.1, ::1 or localhost.';
  constructor(readonly url: string) {
    super(`Refusing to send Discord tokens to ${describeUrl(url)}: plain http is only allowed to this machine.`);
  }
}

export function isLoopbackHost(hostname: string): boolean {
  return isLoopbackName(hostname.replace(/^\[|\]$/g, '').toLowerCase());
}

/** Throws InsecureApiTargetError unless the URL may carry a token. */
export function assertTokenSafeUrl(url: string): void {
  tokenSafeUrl(url);
}

/** The URL parsed, once it is known that it may carry a token (else InsecureApiTargetError). */
export function tokenSafeUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InsecureApiTargetError(url);
  }
  if (parsed.protocol === 'https:') return parsed;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return parsed;
  throw new InsecureApiTargetError(url);
}

/** Whether `url` is Discord itself: discord.com or any host under it (canary., ptb.), and the old discordapp.com, whatever the API version or path. */
export function isLiveDiscord(url: string): boolean {
  const host = URL.parse(url)?.hostname.toLowerCase().replace(/\.$/, '');
  return host !== undefined && /(?:^|\.)discord(?:app)?\.com$/.test(host);
}

/**
 * `--api` flag → target. No flag: live Discord. `local`: the embedded emulator.
 * Anything else must be an absolute http(s) URL that passes the token transport rule.
 */
export function resolveApiBase(flag: string | undefined): ApiTarget {
  if (flag === undefined || flag === '' || flag === 'discord') return { kind: 'discord', baseUrl: DISCORD_API_BASE };
  if (flag === 'local') return { kind: 'local' };
  assertTokenSafeUrl(flag);
  const baseUrl = flag.replace(/\/+$/, '');
  return { kind: isLiveDiscord(baseUrl) ? 'discord' : 'custom', baseUrl };
}

/**
 * What answers at an API base, as an error names it: `Discord` for discord.com, else `the API at URL` (an
 * emulator, a proxy): a refusal from `cmd-tui serve` or a custom `--api` is never put in Discord's mouth.
 */
export function answererOf(baseUrl: string): string {
  return isLiveDiscord(baseUrl) ? 'Discord' : `the API at ${describeUrl(baseUrl)}`;
}

/** The site root that serves `/oauth2/authorize` for an API base (`https://discord.com/api/v10` → `https://discord.com`). */
export function authorizeOrigin(baseUrl: string): string {
  return new URL(baseUrl).origin;
}

/** Scheme, host and path only: a URL is shown to users without its query string or credentials. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'an invalid URL';
  }
}
