/**
 * Names for the detail view's overwrites: the guild's roles, channels and the members its user
 * overwrites name, read with the permissions screen's reader (loadGuildDirectory) when the detail
 * opens. Until then, or if it cannot be read, targets are shown by id and say so. What was read is kept
 * per session until the scope is read again (ctrl+r): the detail is drawn anew after every overlay over it.
 */
import { useEffect, useState } from 'react';
import { loadGuildDirectory } from '../../../api/guild-overwrites.js';
import type { DiscordApi } from '../../../api/contract.js';
import type { GuildDirectory } from '../../../discord/overwrite-targets.js';
import { useAppContext } from '../../state/app-context.js';

/** The last directory read per session, with what it was read for; a reload or another guild replaces it. */
const lastRead = new WeakMap<DiscordApi, { key: string; directory: GuildDirectory }>();

export function useGuildDirectory(guildId: string | undefined, userIds: readonly string[]): GuildDirectory | undefined {
  const { state } = useAppContext();
  const api = state.session?.api;
  const users = userIds.join(',');
  const key = `${guildId}|${users}|${state.reload}`;
  const last = api ? lastRead.get(api) : undefined;
  const cached = last?.key === key ? last.directory : undefined;
  const [directory, setDirectory] = useState<GuildDirectory | undefined>(cached);
  useEffect(() => {
    if (!api || !guildId || cached) return;
    let live = true;
    loadGuildDirectory(api, guildId, users === '' ? [] : users.split(',')).then(
      (loaded) => {
        lastRead.set(api, { key, directory: loaded });
        if (live) setDirectory(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, guildId, users, key, cached]);
  const shown = cached ?? directory;
  return shown?.guildId === guildId ? shown : undefined;
}
