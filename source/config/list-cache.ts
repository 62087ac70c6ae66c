/**
 * The global command list as last seen, per API and credentials, so that the TUI can draw it at once
 * on its next start, marked as cached, while the fresh list loads. Only ever drawn: nothing is decided
 * or sent from it. The file is named by a hash of the API and the credential (never the token itself)
 * and holds what the first frame shows: the app's name, whose token it is, where it points, the caps
 * and the list's rows as texts — not the commands, which the first frame would have to check against
 * the schema (~10 ms for 130) and measure. A missing, damaged or tampered file is no cache; failing
 * to write one costs only speed.
 */
import { createHash } from 'node:crypto';
import { stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from '../discord/zod.js';
import { writeFileAtomic } from './atomic-write.js';
import type { AppPaths } from './paths.js';
import { readOwnTextFile } from './read-text-file.js';

export interface LastSeenList {
  /** When the list was last read from the API (ms since the epoch): the file's modification time. */
  savedAt: number;
  applicationName: string;
  /** Whose token it is, as the header shows it; null when there was none to read. */
  who: string | null;
  /** Where it was read: `Discord`, `local http://127.0.0.1:…` (the header's words). */
  targetLabel: string;
  /** How full the scope is, as the header says it (`slash 12/100 · user 2/15 · …`). */
  caps: string;
  /** The list's rows in its order. */
  rows: KeptRow[];
}

/** A command's row: its id and what each column shows (ui/format/command-row.ts). */
export interface KeptRow {
  id: string;
  cells: string[];
}

const lastSeenSchema = z.object({
  applicationName: z.string(),
  who: z.nullable(z.string()),
  targetLabel: z.string(),
  caps: z.string(),
  rows: z.array(z.object({ id: z.string(), cells: z.array(z.string()) })),
});

/** The credentials that read a list: a bot token or client credentials (a browser sign-in alone reads none). */
export interface ListCredentials {
  botToken?: string;
  clientCredentials?: { clientId: string; clientSecret: string };
}

/**
 * What stands for the credentials in the file's name: the bot token, else the client id and secret.
 * None for a browser sign-in alone, which lists no commands.
 */
function credentialKey(credentials: ListCredentials): string | undefined {
  if (credentials.botToken) return `bot ${credentials.botToken}`;
  const client = credentials.clientCredentials;
  return client ? `client ${client.clientId} ${client.clientSecret}` : undefined;
}

/** The file for these credentials at this API, or undefined when they read no list. */
export function lastSeenPath(paths: Pick<AppPaths, 'data'>, baseUrl: string, credentials: ListCredentials): string | undefined {
  const key = credentialKey(credentials);
  if (key === undefined) return undefined;
  const digest = createHash('sha256').update(`${baseUrl}\n${key}`).digest('hex').slice(0, 32);
  return join(paths.data, 'last-seen', `${digest}.json`);
}

/**
 * The list kept at `path`, or undefined when there is none that can be trusted to draw: JSON.parse,
 * then the schema, which also leaves out any key it does not name (`__proto__` too). The strict parser
 * of files people edit costs the first frame several times as much, and this file is only ever drawn
 * (each text made safe where it is drawn, as every text is).
 */
export async function readLastSeen(path: string): Promise<LastSeenList | undefined> {
  try {
    const [text, info] = await Promise.all([readOwnTextFile(path), stat(path)]);
    const parsed = text === undefined ? undefined : lastSeenSchema.safeParse(JSON.parse(text));
    return parsed?.success ? { savedAt: info.mtimeMs, ...parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

const contentOf = ({ applicationName, who, targetLabel, caps, rows }: LastSeenList) => JSON.stringify({ applicationName, who, targetLabel, caps, rows });

/**
 * Keeps `list` for the next start; never fails (a read-only or full disk only means no cached first
 * frame). A list the same as `previous` (the one read at this start, as most are) is not written
 * again: only the file's time moves, which is when it was last seen.
 */
export async function rememberLastSeen(path: string, list: LastSeenList, previous?: LastSeenList): Promise<void> {
  const seenAt = new Date(list.savedAt);
  if (previous && contentOf(previous) === contentOf(list) && (await utimes(path, seenAt, seenAt).then(() => true, () => false))) return;
  await writeFileAtomic(path, `${contentOf(list)}\n`, { mode: 0o600, folderMode: 0o700 })
    .then(() => utimes(path, seenAt, seenAt))
    .catch(() => undefined);
}
