/**
 * The recently picked guilds of this API and application, read once per picker from the settings,
 * and how to add one after a pick (typed ids included). A settings file that cannot be read or written costs only the
 * suggestions: picking still works.
 */
import { useCallback, useEffect, useState } from 'react';
import type { RecentGuild } from '../../../config/settings.js';
import { useAppContext } from '../../state/app-context.js';

export function useRecentGuilds(): { recent: RecentGuild[]; remember: (guildId: string) => void } {
  const { state } = useAppContext();
  const store = state.session?.recentGuilds;
  const [recent, setRecent] = useState<RecentGuild[]>([]);
  useEffect(() => {
    if (!store) return;
    let live = true;
    store.list().then(
      (list) => live && setRecent(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [store]);
  const { guilds } = state;
  /** A picked guild, under its listed name when the credentials list it. */
  const remember = useCallback(
    (guildId: string) => {
      const name = guilds.find((g) => g.id === guildId)?.name;
      void store?.remember({ id: guildId, ...(name ? { name } : {}) }).catch(() => undefined);
    },
    [store, guilds],
  );
  return { recent, remember };
}
