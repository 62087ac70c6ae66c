/**
 * User settings kept with `conf` in appPaths().config: the default API (`--api`), request timeout,
 * and per API base the application id and last guild, so emulator and live settings never mix.
 * Parsed with zod on every read; a damaged file is reported with its path and never overwritten.
 */
import Conf from 'conf';
import { z } from 'zod';
import { appPaths } from './paths.js';

const targetSchema = z.object({
  applicationId: z.string().regex(/^\d{1,20}$/).optional(),
  lastGuildId: z.string().regex(/^\d{1,20}$/).optional(),
});

export const settingsSchema = z.object({
  apiUrl: z.string().optional(),
  timeoutMs: z.number().int().positive().optional(),
  /** Keyed by API base URL (`https://discord.com/api/v10`). */
  targets: z.record(z.string(), targetSchema).optional(),
});
export type Settings = z.infer<typeof settingsSchema>;
export type TargetSettings = z.infer<typeof targetSchema>;

export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  readonly hint: string;
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(`The settings file ${path} is damaged (${detail}).`);
    this.hint = `Fix it by hand or move it aside (mv "${path}" "${path}.bak"); cmd-tui will not overwrite it.`;
  }
}

export interface SettingsStore {
  readonly path: string;
  read(): Settings;
  target(baseUrl: string): TargetSettings;
  updateTarget(baseUrl: string, patch: Partial<TargetSettings>): void;
  update(patch: Partial<Omit<Settings, 'targets'>>): void;
}

export function openSettings(env: NodeJS.ProcessEnv = process.env): SettingsStore {
  const cwd = appPaths(env).config;
  let conf: Conf<Settings>;
  try {
    // clearInvalidConfig false: a damaged file is an error to report, never something to wipe.
    conf = new Conf<Settings>({ cwd, configName: 'settings', clearInvalidConfig: false });
  } catch (error) {
    throw new SettingsError(`${cwd}/settings.json`, error instanceof Error ? error.message.split('\n')[0]! : 'unreadable');
  }
  const read = (): Settings => {
    const parsed = settingsSchema.safeParse(conf.store);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new SettingsError(conf.path, `${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'}`);
    }
    return parsed.data;
  };
  return {
    path: conf.path,
    read,
    target: (baseUrl) => read().targets?.[baseUrl] ?? {},
    updateTarget(baseUrl, patch) {
      const current = read();
      // The whole store is written at once: URL keys contain dots, which conf's key paths would split.
      conf.store = { ...current, targets: { ...current.targets, [baseUrl]: { ...current.targets?.[baseUrl], ...patch } } };
    },
    update(patch) {
      conf.store = { ...read(), ...patch };
    },
  };
}
