/**
 * The secrets this process must never print: argument values that look like tokens (main.ts) and the
 * credentials it loaded or obtained (auth/credentials.ts, api/auth-headers.ts). The CLI's output streams
 * (commands/types.ts) replace each with `****` in everything written, `--json` included, so no message —
 * a file error quoting an argument, a server echoing the Authorization header — can show one. Kept in
 * this process's memory only, never written anywhere.
 */
const secrets = new Set<string>();
let pattern: RegExp | undefined;

/** Shorter values would blank ordinary words in the output; no token or secret is this short. */
const MIN_SECRET_LENGTH = 8;

export function registerSecret(value: string | undefined): void {
  if (value === undefined || value.length < MIN_SECRET_LENGTH || secrets.has(value)) return;
  secrets.add(value);
  pattern = undefined;
}

/** `text` with every registered secret as `****`; free when none is registered (it runs on every write). */
export function redactSecrets(text: string): string {
  if (secrets.size === 0) return text;
  // Longest first, so a secret containing another is replaced whole.
  pattern ??= new RegExp([...secrets].sort((a, b) => b.length - a.length).map((secret) => secret.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'), 'g');
  return text.replace(pattern, '****');
}

/** Every secret in a set of credentials (api/contract.ts `Credentials`): its bot token, client secret, user tokens. */
export function registerCredentials(credentials: { botToken?: string; clientCredentials?: { clientSecret: string }; user?: { accessToken: string; refreshToken?: string } }): void {
  registerSecret(credentials.botToken);
  registerSecret(credentials.clientCredentials?.clientSecret);
  registerSecret(credentials.user?.accessToken);
  registerSecret(credentials.user?.refreshToken);
}
