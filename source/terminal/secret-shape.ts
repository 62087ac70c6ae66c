/**
 * What a token or secret looks like, for text that was never registered as one (terminal/redact-secrets.ts
 * knows only the secrets this process loaded or was given): an argument that may be a token
 * (commands/flags.ts names it by position instead), and a line cmd-tui keeps on disk — a backup's reason,
 * a lock's journal — which a later process prints (`apply <token>.json`, `cmd-tui backups`).
 */

/**
 * The shape of a bot token (three dot-separated parts, like FAKE.TOKEN.VALUE or a JWT), of an `mfa.`
 * token, or of a long secret (30+ letters, digits, - and _, with both letters and digits; or base64 with
 * + or /, mixing cases and digits), also pasted from an Authorization header (`Bot …`, `Bearer …`).
 * A file name such as `commands.v2.json` or a path such as `./backups/guild-1234` is not one.
 */
export function looksLikeSecret(given: string): boolean {
  const value = withoutScheme(given);
  if (looksLikeToken(value)) return true;
  if (/^[A-Za-z0-9][A-Za-z0-9+/]{29,}={0,2}$/.test(value) && /[+/]/.test(value)) return /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value);
  return /^[\w-]{30,}$/.test(value) && /\d/.test(value) && /[a-z]/i.test(value);
}

/** A token's own shape: three dot-separated parts (a bot token, a JWT), or an `mfa.` token. */
function looksLikeToken(value: string): boolean {
  const parts = value.split('.');
  if (parts.length === 3 && parts.every((part) => /^[\w-]{4,}$/.test(part)) && !/^(json|txt|md|ya?ml|js|ts)$/i.test(parts[2]!)) return true;
  return /^mfa\.[\w-]{20,}$/.test(value);
}

/** A value pasted with the scheme of an Authorization header, without it. */
function withoutScheme(value: string): string {
  return value.replace(/^(bot|bearer)\s+/i, '');
}

/** Where a token may hide inside a word: `user:TOKEN`, `a,TOKEN`, `token=TOKEN`, a pasted header line. */
const WORD_BREAKS = /[\s:,;=@"'<>()[\]{}|&?#]+/;

/** A Discord token's shape anywhere inside a word: `backup-<token>.json`, `./<token>/commands.json`. */
const TOKEN_INSIDE = /[\w-]{18,}\.[\w-]{6,}\.[\w-]{20,}/g;

/**
 * The token-shaped parts of a text: the whole of it (without a `Bot `/`Bearer ` scheme), else each part
 * that is one — a word between separators, a path's folder or file name with or without its extension
 * (`<token>.json`), or a Discord token's shape anywhere.
 */
export function secretsIn(text: string): string[] {
  if (looksLikeSecret(text)) return [withoutScheme(text)];
  const parts = text.split(WORD_BREAKS).flatMap((part) => (looksLikeSecret(part) ? [part] : part.split(/[\\/]/).flatMap(secretInName)));
  return [...new Set([...parts, ...(text.match(TOKEN_INSIDE) ?? [])])];
}

/**
 * A file or folder name that is a token, or whose name without its extension is one. A token's own shape
 * only: a long name of letters and digits (`2026-11-25T10-00-00-000Z_guild-1234_ab12cd.json`, a backup's)
 * is a file name, not a secret.
 */
function secretInName(name: string): string[] {
  if (looksLikeToken(name)) return [name];
  const stem = name.replace(/\.[A-Za-z0-9]{1,8}$/, '');
  return stem !== name && looksLikeToken(stem) ? [stem] : [];
}

/** `text` with every token-shaped part as `****` (`apply ****.json`): for a line kept on disk or read back from one. */
export function redactSecretShapes(text: string): string {
  // Longest first, so a part containing another is replaced whole.
  return secretsIn(text)
    .sort((a, b) => b.length - a.length)
    .reduce((redacted, secret) => redacted.split(secret).join('****'), text);
}
