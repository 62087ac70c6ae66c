/**
 * User settings in <config folder>/settings.json (config/paths.ts): the default API (`--api`), request timeout,
 * per API base the application id, last guild and recently picked guilds, so emulator and live settings never mix, the
 * profiles (named API + application + guild), and per environment whether the OS keyring keeps secrets.
 * Parsed with zod on every read; a damaged file is reported with its path and never overwritten;
 * every read-modify-write holds the file's lock (file-lock.ts), so parallel processes never lose each
 * other's change; written with the one atomic-write helper (the file format is the one `conf` wrote before).
 */
import { join } from 'node:path';
import { snowflake } from '../discord/model.js';
import { parseStrictJson, strictJsonProblem } from '../discord/strict-json.js';
import * as z from '../discord/zod.js';
import { DamagedFileError, moveAside } from './damaged-file.js';
import { writeFileAtomic } from './atomic-write.js';
import { withFileLock } from './file-lock.js';
import { LocalWriteError } from './local-failure.js';
import type { AppPaths } from './paths.js';
import { InputFileError, readTextFileSync } from './read-text-file.js';

const recentGuildSchema = z.object({ id: snowflake, name: z.optional(z.string()) });

const targetSchema = z.object({
  applicationId: z.optional(snowflake),
  lastGuildId: z.optional(snowflake),
  /** Per application id: guilds picked in the TUI, most recent first (config/recent-guilds.ts). */
  recentGuilds: z.optional(z.record(z.string(), z.array(recentGuildSchema))),
});

/** Whether the OS keyring keeps secrets, in one environment (auth/keyring-verdict.ts). */
const keyringVerdictSchema = z.object({
  usable: z.boolean(),
  reason: z.optional(z.string()),
  checkedAt: z.string(),
  environment: z.string(),
  where: z.string(),
});

/** A named target (kubectl's contexts, gh's hosts): source/config/profiles.ts. */
const profileSchema = z.object({
  apiUrl: z.optional(z.string()),
  applicationId: z.optional(snowflake),
  guildId: z.optional(snowflake),
  /** Requests per second for this bot (Discord raises the global limit of big bots). */
  maxRps: z.optional(z.int().check(z.positive())),
});

export const settingsSchema = z.object({
  apiUrl: z.optional(z.string()),
  profiles: z.optional(z.record(z.string(), profileSchema)),
  currentProfile: z.optional(z.string()),
  /** One verdict per environment, newest first (auth/secret-store.ts keeps a few). */
  keyringVerdicts: z.optional(z.array(keyringVerdictSchema)),
  timeoutMs: z.optional(z.int().check(z.positive())),
  /** Keyed by API base URL (`https://discord.com/api/v10`). */
  targets: z.optional(z.record(z.string(), targetSchema)),
});
export type Settings = z.infer<typeof settingsSchema>;
export type TargetSettings = z.infer<typeof targetSchema>;
export type RecentGuild = z.infer<typeof recentGuildSchema>;
export type Profile = z.infer<typeof profileSchema>;

export class SettingsError extends DamagedFileError {
  override readonly name = 'SettingsError';
  constructor(path: string, detail: string) {
    super(path, 'settings file', detail, `Fix it by hand or move it aside (${moveAside(path)})`);
  }
}

export interface SettingsStore {
  readonly path: string;
  read(): Settings;
  target(baseUrl: string): TargetSettings;
  updateTarget(baseUrl: string, patch: Partial<TargetSettings>): Promise<void>;
  update(patch: Partial<Omit<Settings, 'targets'>>): Promise<void>;
  /** Read-modify-write of the whole file, under its lock. */
  edit(change: (current: Settings) => Settings): Promise<void>;
}


export function openSettings(paths: Pick<AppPaths, 'config'>): SettingsStore {
  const path = join(paths.config, 'settings.json');
  const read = (): Settings => {
    let text: string;
    try {
      text = readTextFileSync(path, path);
    } catch (error) {
      if (error instanceof InputFileError && error.code === 'ENOENT') return {};
      throw (error instanceof InputFileError ? LocalWriteError.unusableFolder(path, error.code) : undefined) ?? new SettingsError(path, error instanceof Error ? error.message : 'unreadable');
    }
    // An empty file is what a crash or a full disk leaves, not a fresh start: it is reported, not read as {}.
    if (text.trim() === '') throw new SettingsError(path, 'empty (a crash or a full disk can leave it so)');
    const read = parseStrictJson(text);
    if (!read.ok) throw new SettingsError(path, `it ${strictJsonProblem(read)}`);
    const json = read.value as Record<string, unknown>;
    // Before verdicts were per environment, one (`keyring`) stood for the whole account: it is not
    // known where it was made, so it is dropped (the next write leaves it out).
    if (json !== null && typeof json === 'object' && Object.hasOwn(json, 'keyring')) delete json.keyring;
    const parsed = settingsSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new SettingsError(path, `${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'}`);
    }
    return parsed.data;
  };
  // Every write starts from a read: a damaged file is reported by read(), never replaced.
  // The whole store is written at once: URL keys contain dots, which conf's key paths would split.
  const edit = (change: (current: Settings) => Settings): Promise<void> =>
    withFileLock(path, () => writeFileAtomic(path, `${JSON.stringify(change(read()), null, '\t')}\n`, { mode: 0o600, folderMode: 0o700 }));
  return {
    path,
    read,
    target: (baseUrl) => read().targets?.[baseUrl] ?? {},
    edit,
    updateTarget: (baseUrl, patch) => edit((current) => withTarget(current, baseUrl, patch)),
    update: (patch) => edit((current) => ({ ...current, ...patch })),
  };
}

export function withTarget(settings: Settings, baseUrl: string, patch: Partial<TargetSettings>): Settings {
  return { ...settings, targets: { ...settings.targets, [baseUrl]: { ...settings.targets?.[baseUrl], ...patch } } };
}
