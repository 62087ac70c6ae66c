/**
 * The test-only request log behind GET /__emulator/requests: method, path (no query string),
 * status, auth kind, User-Agent and time — never a token, secret, code or verifier. Bounded, oldest dropped first.
 */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  auth: string;
  /** So client tests can check every request identifies itself as Discord asks (`DiscordBot (url, version)`). */
  userAgent: string;
  time: string;
  fault?: string;
}

const MAX_ENTRIES = 10_000;

/**
 * The interaction routes carry their credential in the path (DOCS/RR "Interaction Response Endpoints"):
 * `/interactions/:id/:token/callback` and `/webhooks/:application/:token[/…]`. Their token segment is
 * logged as `****`, so neither `serve --log` nor GET /__emulator/requests shows it.
 */
const TOKEN_IN_PATH = [/^((?:\/api(?:\/v\d+)?)?\/interactions\/[^/]+\/)[^/]+/, /^((?:\/api(?:\/v\d+)?)?\/webhooks\/[^/]+\/)[^/]+/];

/** The path as it may be logged: any token segment replaced by `****`. */
export function loggablePath(pathname: string): string {
  for (const pattern of TOKEN_IN_PATH) {
    if (pattern.test(pathname)) return pathname.replace(pattern, '$1****');
  }
  return pathname;
}

export class RequestLog {
  private entries: LoggedRequest[] = [];
  /** Every request since the start or the last clear, also those no longer kept. */
  total = 0;

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    this.total += 1;
    // Trimmed in batches: one splice per half a log, not a copy of the whole log per request.
    if (this.entries.length > MAX_ENTRIES * 1.5) this.entries = this.entries.slice(-MAX_ENTRIES);
  }

  list(): readonly LoggedRequest[] {
    return this.entries.length > MAX_ENTRIES ? this.entries.slice(-MAX_ENTRIES) : this.entries;
  }

  clear(): void {
    this.entries = [];
    this.total = 0;
  }
}
