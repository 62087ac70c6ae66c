/**
 * The guilds last listed for each API and application, kept for shell completion of `--guild` so that
 * completing never makes a network call, and for naming a guild beside its id (commands/guild-names.ts).
 * Written whenever the app's guilds are read anyway (the TUI's picker, `audit --all-guilds`, a command run
 * in one guild), under the file's lock; a failure to write only costs completion its suggestions.
 */
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { withFileLock } from './file-lock.js';
import type { AppPaths } from './paths.js';
import { parseStrictObject } from '../discord/strict-json.js';
import { readOwnTextFile } from './read-text-file.js';

export interface CachedGuild {
  id: string;
  name: string;
}

type GuildCache = Record<string, CachedGuild[]>;

const cachePath = (paths: Pick<AppPaths, 'data'>) => join(paths.data, 'completion-guilds.json');
const keyOf = (baseUrl: string, applicationId: string) => `${baseUrl} ${applicationId}`;
/** Enough for any picker; a bot in 100,000 guilds does not need them all offered to a shell. */
const MAX_GUILDS = 500;

async function readCache(paths: Pick<AppPaths, 'data'>): Promise<GuildCache> {
  try {
    return (parseStrictObject((await readOwnTextFile(cachePath(paths))) ?? '{}') as GuildCache | undefined) ?? {};
  } catch {
    return {};
  }
}

export async function rememberGuilds(paths: Pick<AppPaths, 'data'>, baseUrl: string, applicationId: string, guilds: readonly CachedGuild[]): Promise<void> {
  // Under the cache's lock: the TUI and an `audit --all-guilds` of another application both write it.
  await withFileLock(cachePath(paths), async () => {
    const cache = await readCache(paths);
    const next = { ...cache, [keyOf(baseUrl, applicationId)]: guilds.slice(0, MAX_GUILDS).map(({ id, name }) => ({ id, name })) };
    await writeFileAtomic(cachePath(paths), `${JSON.stringify(next)}\n`, { mode: 0o600, folderMode: 0o700 });
  }).catch(() => undefined);
}

/** One guild learned by itself (a command run in it): first in its application's list, an older entry for it dropped. */
export async function rememberGuild(paths: Pick<AppPaths, 'data'>, baseUrl: string, applicationId: string, guild: CachedGuild): Promise<void> {
  await withFileLock(cachePath(paths), async () => {
    const cache = await readCache(paths);
    const before = Array.isArray(cache[keyOf(baseUrl, applicationId)]) ? cache[keyOf(baseUrl, applicationId)]! : [];
    const next = { ...cache, [keyOf(baseUrl, applicationId)]: [{ id: guild.id, name: guild.name }, ...before.filter((g) => g.id !== guild.id)].slice(0, MAX_GUILDS) };
    await writeFileAtomic(cachePath(paths), `${JSON.stringify(next)}\n`, { mode: 0o600, folderMode: 0o700 });
  }).catch(() => undefined);
}

/** The cached guilds for one API and application, or for all when either is unknown. */
export async function cachedGuilds(paths: Pick<AppPaths, 'data'>, baseUrl?: string, applicationId?: string): Promise<CachedGuild[]> {
  const cache = await readCache(paths);
  if (baseUrl && applicationId) return Array.isArray(cache[keyOf(baseUrl, applicationId)]) ? cache[keyOf(baseUrl, applicationId)]! : [];
  return Object.entries(cache)
    .filter(([key, guilds]) => (!baseUrl || key.startsWith(`${baseUrl} `)) && Array.isArray(guilds))
    .flatMap(([, guilds]) => guilds);
}
