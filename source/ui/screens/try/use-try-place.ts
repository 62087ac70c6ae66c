/**
 * What the Try screen's pickers and who-can-use need from one guild, read through the request runner
 * (ctrl+c cancels it, a newer read supersedes it): the overwrites and the directory the permissions
 * screen reads (roles, the channels the bot can view, the owner), the first members, and this
 * command's overwrites and the app-level ones as who-can-use's input.
 */
import { useEffect, useState } from 'react';
import { loadGuildOverwrites } from '../../../api/guild-overwrites.js';
import type { Command } from '../../../discord/model.js';
import { withMembers } from '../../../discord/overwrite-targets.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { useAppContext } from '../../state/app-context.js';
import type { TryPlace } from './try-form.js';

/** Enough members to pick from in a test guild; one page of Discord's member list. */
const MEMBER_PAGE = 100;

export type PlaceLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; place: TryPlace };

export function useTryPlace(guildId: string | undefined, command: Command): PlaceLoad {
  const { state, flows } = useAppContext();
  const api = state.session?.api;
  const appOwnerId = state.identity.application?.owner?.id;
  const [load, setLoad] = useState<{ guildId: string; load: PlaceLoad }>();
  useEffect(() => {
    if (!api || !guildId) return;
    let live = true;
    void flows.runner
      .run(`Reading the members, roles and channels of guild ${guildId}`, async (signal) => {
        const scoped = api.withSignal(signal);
        const [overwrites, members] = await Promise.all([loadGuildOverwrites(scoped, guildId), scoped.listGuildMembers(guildId, { limit: MEMBER_PAGE })]);
        return { overwrites, members };
      })
      .then((result) => {
        if (!live || (!result.ok && result.cancelled && result.superseded)) return;
        if (!result.ok) {
          setLoad({ guildId, load: { status: 'error', message: result.cancelled ? 'Cancelled: the guild was not read.' : errorLine(describeError(result.error)) } });
          return;
        }
        const { overwrites, members } = result.value;
        const directory = withMembers(overwrites.directory, members);
        const entry = overwrites.entries.find((candidate) => candidate.kind === 'command' && candidate.id === command.id);
        const appEntry = overwrites.entries.find((candidate) => candidate.kind === 'app');
        const access =
          entry?.kind === 'command'
            ? { applicationId: api.applicationId, command: entry.command, commandOverwrites: entry.overwrites, appOverwrites: appEntry?.overwrites ?? [], directory }
            : undefined;
        setLoad({ guildId, load: { status: 'ready', place: { directory, ...(access ? { access } : {}), ...(appOwnerId ? { appOwnerId } : {}) } } });
      });
    return () => {
      live = false;
    };
  }, [api, guildId, command.id, flows.runner, state.reload, appOwnerId]);
  return load && load.guildId === guildId ? load.load : { status: 'loading' };
}
