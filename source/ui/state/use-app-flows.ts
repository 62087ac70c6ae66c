/**
 * The UI's side effects: loading a scope and the identity shown in the header, and the mutations
 * (delete, save, export). Each goes through the request runner (spinner, ctrl+c) and reports in the
 * status line what happened and where a backup or export was written.
 */
import { useEffect, type Dispatch } from 'react';
import { DiscordApiError, type FieldError } from '../../api/errors.js';
import { formatCommandsFile } from '../../discord/export-format.js';
import { toBodyForm } from '../../discord/normalize.js';
import type { Command, CommandDraft } from '../../discord/model.js';
import { describeError, errorLine } from '../format/describe-error.js';
import { userLabel } from '../format/user-label.js';
import type { AppAction, AppState } from './app-state.js';
import { scopeLabel } from './app-state.js';
import { isRename, patchFor } from './command-patch.js';
import type { RequestRunner } from './request-runner.js';

export type SaveOutcome =
  | { ok: true; command: Command }
  | { ok: false; message: string; fieldErrors: FieldError[] };

export interface AppFlows {
  runner: RequestRunner;
  deleteCommand(command: Command): Promise<void>;
  saveCommand(draft: CommandDraft, original: Command | undefined): Promise<SaveOutcome>;
  exportScope(): Promise<void>;
}

/** Loads the current scope's commands (and, in a guild, its overwrites) whenever scope or reload change. */
export function useScopeLoader(state: AppState, dispatch: Dispatch<AppAction>, runner: RequestRunner): void {
  const { session, scope, reload } = state;
  useEffect(() => {
    if (!session) return;
    const { api } = session;
    // What was read while connecting is on screen already (initialAppState).
    const first = reload === 0 && scope.kind === 'global';
    if (!(first && session.globalCreatesUsed !== undefined)) {
      session.createsUsed(scope).then(
        (used) => dispatch({ type: 'creates-used', used }),
        () => undefined,
      );
    }
    session.interruptedWrite?.(scope).then(
      (notice) => notice && dispatch({ type: 'flash', text: notice, tone: 'warning' }),
      () => undefined,
    );
    if (first && session.globalCommands) return;
    void runner
      .run('Loading commands', () =>
        Promise.all([
          api.listCommands(scope, { withLocalizations: true }),
          scope.kind === 'guild'
            ? api.listGuildPermissions(scope.guildId).then(
                (permissions) => ({ permissions, note: undefined }),
                (error: unknown) => ({ permissions: null, note: `Overwrites unavailable: ${describeError(error).message}` }),
              )
            : Promise.resolve({ permissions: null, note: undefined }),
        ]),
      )
      .then((result) => {
        if (result.ok) {
          const [commands, perms] = result.value;
          dispatch({ type: 'data', data: { status: 'ready', commands, permissions: perms.permissions, permissionsNote: perms.note } });
        } else if (result.cancelled) {
          dispatch({ type: 'load-failed', message: 'Loading was cancelled.', hint: 'Press ctrl+r to load again.' });
        } else {
          dispatch({ type: 'load-failed', ...describeError(result.error) });
        }
      });
  }, [session, scope, reload, runner, dispatch]);
}

/** The header's app name, signed-in account and the guilds for the scope picker; failures are non-fatal. */
export function useIdentityLoader(state: AppState, dispatch: Dispatch<AppAction>): void {
  const { session } = state;
  useEffect(() => {
    if (!session) return;
    const { api } = session;
    (session.application ? Promise.resolve(session.application) : api.getApplication()).then(
      (application) => dispatch({ type: 'identity', application }),
      () => undefined,
    );
    if (session.who === undefined) {
      api.getCurrentUser().then(
        (user) => dispatch({ type: 'identity', who: userLabel(user) }),
        () => undefined,
      );
    }
    api.listCurrentUserGuilds().then(
      (guilds) => {
        dispatch({ type: 'identity', guilds });
        void session.rememberGuilds?.(guilds).catch(() => undefined);
      },
      () => undefined,
    );
  }, [session, dispatch]);
}

export function createAppFlows(state: AppState, dispatch: Dispatch<AppAction>, runner: RequestRunner): AppFlows {
  const session = state.session;
  const flash = (text: string, tone: 'info' | 'success' | 'warning' | 'error') => dispatch({ type: 'flash', text, tone });

  /** Saves the scope before a mutation (a failed backup stops the mutation); returns the status-line note. */
  const backupFirst = async (reason: string): Promise<string> => {
    if (!session) return '';
    const { path } = await session.backup(state.scope, reason);
    return `backup: ${path}`;
  };

  /** The scope's lock around a write, when the session has one. */
  const locked = <T,>(what: string, write: () => Promise<T>): Promise<T> => (session?.writeLocked ? session.writeLocked(state.scope, what, write) : write());

  return {
    runner,
    async deleteCommand(command) {
      if (!session) return;
      const result = await runner.run(`Deleting ${command.name}`, () =>
        locked(`delete ${command.name}`, async () => {
          const note = await backupFirst(`delete ${command.name}`);
          await session.api.deleteCommand(state.scope, command.id);
          return note;
        }),
      );
      if (result.ok) {
        dispatch({ type: 'command-deleted', commandId: command.id });
        flash(`Deleted ${command.name} and its overwrites; ${result.value}`, 'success');
      } else if (result.cancelled) {
        flash(`Stopped waiting for the delete of ${command.name}; press ctrl+r to see whether it happened.`, 'warning');
      } else {
        flash(errorLine(describeError(result.error)), 'error');
      }
    },

    async saveCommand(draft, original) {
      if (!session) return { ok: false, message: 'Not signed in.', fieldErrors: [] };
      const { api } = session;
      const result = await runner.run(original ? `Saving ${draft.name}` : `Creating ${draft.name}`, () => locked(original ? `save ${original.name}` : `create ${draft.name}`, async () => {
        if (!original) {
          const created = await api.createCommand(state.scope, toBodyForm(draft) as CommandDraft);
          if (created.created) {
            await session.recordCreate(state.scope);
            dispatch({ type: 'creates-used', used: (state.createsUsed ?? 0) + 1 });
          }
          return { command: created.command, note: created.created ? 'created' : 'overwrote the existing command of that name' };
        }
        const note = await backupFirst(isRename(original, draft) ? `rename ${original.name} to ${draft.name}` : `edit ${original.name}`);
        const command = await api.editCommand(state.scope, original.id, patchFor(original, draft));
        return { command, note: `saved; ${note}` };
      }));
      if (result.ok) {
        dispatch({ type: 'command-saved', command: result.value.command, replaceId: original?.id });
        flash(`${result.value.command.name}: ${result.value.note} in ${scopeLabel(state)}`, 'success');
        return { ok: true, command: result.value.command };
      }
      if (result.cancelled) return { ok: false, message: 'Cancelled; the server may still have applied it (ctrl+r after leaving to check).', fieldErrors: [] };
      const fieldErrors = result.error instanceof DiscordApiError ? result.error.fieldErrors : [];
      return { ok: false, message: errorLine(describeError(result.error)), fieldErrors };
    },

    async exportScope() {
      if (!session || state.data.status !== 'ready') return;
      const count = state.data.commands.length;
      const name = state.scope.kind === 'global' ? 'commands-global.json' : `commands-guild-${state.scope.guildId}.json`;
      try {
        const path = await session.writeExport(name, formatCommandsFile(state.data.commands, state.scope.kind));
        flash(`Exported ${count} command${count === 1 ? '' : 's'} to ${path}`, 'success');
      } catch (error) {
        flash(`Export failed: ${describeError(error).message}`, 'error');
      }
    },
  };
}
