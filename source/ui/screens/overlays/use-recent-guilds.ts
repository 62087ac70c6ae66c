/**
 * The recently picked guilds of this API and application (the session's guild memory, which reads them
 * from the settings when a picker subscribes), and how to add one after a pick (typed ids included). A
 * settings file that cannot be read or written costs only the suggestions: picking still works.
 */
import { useCallback } from 'react';
import type { RecentGuild } from '../../../config/settings.js';
import { useAppContext } from '../../state/app-context.js';
import { useLoaded } from '../../state/use-loaded.js';

const NONE: RecentGuild[] = [];

export function useRecentGuilds(): { recent: RecentGuild[]; remember: (guildId: string) => void } {
  const { state } = useAppContext();
  const memory = state.session?.guildMemory;
  const recent = useLoaded(memory?.recent).value ?? NONE;
  const { guilds } = state.identity;
  /** A picked guild, under its listed name when the credentials list it. */
  const remember = useCallback(
    (guildId: string) => {
      const name = guilds.find((g) => g.id === guildId)?.name;
      void memory?.remember({ id: guildId, ...(name ? { name } : {}) }).catch(() => undefined);
    },
    [memory, guilds],
  );
  return { recent, remember };
}
