/**
 * Names for the detail view's overwrites: the guild's roles, channels and the members its user
 * overwrites name, read with the permissions screen's reader (loadGuildDirectory) when the detail
 * opens. Until then, or if it cannot be read, targets are shown by id and say so.
 */
import { useEffect, useState } from 'react';
import { loadGuildDirectory } from '../../../api/guild-overwrites.js';
import type { GuildDirectory } from '../../../discord/overwrite-targets.js';
import { useAppContext } from '../../state/app-context.js';

export function useGuildDirectory(guildId: string | undefined, userIds: readonly string[]): GuildDirectory | undefined {
  const { state } = useAppContext();
  const api = state.session?.api;
  const [directory, setDirectory] = useState<GuildDirectory | undefined>(undefined);
  const users = userIds.join(',');
  useEffect(() => {
    if (!api || !guildId) return;
    let live = true;
    loadGuildDirectory(api, guildId, users === '' ? [] : users.split(',')).then(
      (loaded) => live && setDirectory(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, guildId, users]);
  return directory?.guildId === guildId ? directory : undefined;
}
