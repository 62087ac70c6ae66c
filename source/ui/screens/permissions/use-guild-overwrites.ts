/**
 * Loads what the permissions screen shows for one guild — every overwrite list (app-level entry first)
 * and the directory that names their targets — through the request runner (spinner, ctrl+c). It is
 * the reader `cmd-tui perms list` uses, so the TUI and the CLI name targets alike.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadGuildOverwrites, type GuildOverwrites } from '../../../api/guild-overwrites.js';
import { guildScope, type Member, type PermissionOverwrite } from '../../../discord/model.js';
import { withMembers } from '../../../discord/overwrite-targets.js';
import { describeError, type UserError } from '../../format/describe-error.js';
import { useAppContext } from '../../state/app-context.js';

export type GuildOverwritesLoad =
  | { status: 'loading' }
  | ({ status: 'error' } & UserError)
  | { status: 'ready'; data: GuildOverwrites };

export interface GuildOverwritesHandle {
  load: GuildOverwritesLoad;
  reload: () => void;
  /** After a save: the entry's list as Discord now holds it, without reading the guild again. */
  replaceOverwrites: (entryId: string, overwrites: PermissionOverwrite[]) => void;
  /** Members found or looked up since loading: their overwrites are named from now on. */
  addMembers: (members: readonly Member[]) => void;
}

export function useGuildOverwrites(guildId: string | undefined): GuildOverwritesHandle {
  const { state, flows } = useAppContext();
  const [load, setLoad] = useState<GuildOverwritesLoad>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  // Read at load time only: a sign-in that upgrades the session must not reload (and so reset) the screen.
  const api = useRef(state.session?.api);
  api.current = state.session?.api;
  const knownCommands = useRef(state.session?.workspace.knownCommands);
  knownCommands.current = state.session?.workspace.knownCommands;
  const { runner } = flows;
  useEffect(() => {
    const current = api.current;
    if (!guildId || !current) return;
    let live = true;
    setLoad({ status: 'loading' });
    const known = knownCommands.current;
    const options = known ? { signInOnly: { knownCommands: () => known(guildId) } } : {};
    void runner.run('Loading overwrites', (signal) => loadGuildOverwrites(current.withSignal(signal), guildId, options), { scope: guildScope(guildId) }).then((result) => {
      if (!live) return;
      if (result.ok) setLoad({ status: 'ready', data: result.value });
      else if (result.cancelled) {
        // Replaced by a newer load: that one reports.
        if (!result.superseded) setLoad({ status: 'error', message: 'Loading the overwrites was cancelled.', hint: 'Press ctrl+r to load them again.' });
      }
      else setLoad({ status: 'error', ...describeError(result.error) });
    });
    return () => {
      live = false;
    };
  }, [guildId, generation, runner]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  const replaceOverwrites = useCallback((entryId: string, overwrites: PermissionOverwrite[]) => {
    setLoad((previous) =>
      previous.status !== 'ready'
        ? previous
        : {
            ...previous,
            data: {
              ...previous.data,
              entries: previous.data.entries.map((entry) =>
                entry.id !== entryId ? entry : entry.kind === 'command' ? { ...entry, overwrites, hasOwn: overwrites.length > 0 } : { ...entry, overwrites },
              ),
            },
          },
    );
  }, []);
  const addMembers = useCallback((members: readonly Member[]) => {
    setLoad((previous) => (previous.status !== 'ready' ? previous : { ...previous, data: { ...previous.data, directory: withMembers(previous.data.directory, members) } }));
  }, []);
  return { load, reload, replaceOverwrites, addMembers };
}
