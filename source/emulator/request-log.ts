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

export class RequestLog {
  private entries: LoggedRequest[] = [];

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  list(): readonly LoggedRequest[] {
    return this.entries;
  }

  clear(): void {
    this.entries = [];
  }
}
