/**
 * The UI's side effects: loading a scope and the identity shown in the header, and the mutations
 * (delete, save, export). Each goes through the request runner (spinner, ctrl+c) and reports in the
 * status line what happened and where a backup or export was written.
 */
import { useEffect, type Dispatch } from 'react';
import { DiscordApiError, type FieldError } from '../../api/errors.js';
import { WriteUnsettledError } from '../../operations/write-truth.js';
import { canReadCommands } from '../../api/contract.js';
import { commandsFileText } from '../../operations/export.js';
import type { Command, CommandDraft } from '../../discord/model.js';
import { describeError, errorLine, failedWriteLine } from '../format/describe-error.js';
import { userLabel } from '../format/user-label.js';
import type { AppAction, AppState } from './app-state.js';
import { scopeLabel, withNotices } from './app-state.js';
import type { RequestRunner } from './request-runner.js';

export type SaveOutcome =
  | { ok: true; command: Command }
  | { ok: false; message: string; fieldErrors: FieldError[]; unknown?: true };

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
    const { api, workspace, opening } = session;
    // What was read while connecting is on screen already (initialAppState).
    const first = reload === 0 && scope.kind === 'global';
    if (!(first && opening.globalCreatesUsed !== undefined)) {
      workspace.createBudget(scope).then(
        ({ used }) => dispatch({ type: 'creates-used', used }),
        () => undefined,
      );
    }
    workspace.interruptedWrite?.(scope).then(
      (notice) => dispatch({ type: 'journal', text: notice }),
      () => undefined,
    );
    // A browser sign-in alone reads no commands (screens/sign-in-only shows its overwrites instead).
    if ((first && opening.globalCommands) || !canReadCommands(api)) return;
    void runner
      .run('Loading commands', (signal) =>
        Promise.all([
          api.withSignal(signal).listCommands(scope, { withLocalizations: true }),
          scope.kind === 'guild'
            ? api.withSignal(signal).listGuildPermissions(scope.guildId).then(
                (permissions) => ({ permissions, note: undefined }),
                (error: unknown) => ({ permissions: null, note: `Overwrites unavailable: ${describeError(error).message}` }),
              )
            : Promise.resolve({ permissions: null, note: undefined }),
        ]),
        { scope },
      )
      .then((result) => {
        if (result.ok) {
          const [commands, perms] = result.value;
          dispatch({ type: 'data', data: { status: 'ready', commands, permissions: perms.permissions, permissionsNote: perms.note } });
        } else if (result.cancelled) {
          // Replaced by a newer load: that one reports.
          if (!result.superseded) dispatch({ type: 'load-failed', message: 'Loading was cancelled.', hint: 'Press ctrl+r to load again.' });
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
    const { api, opening } = session;
    (opening.application ? Promise.resolve(opening.application) : api.getApplication()).then(
      (application) => dispatch({ type: 'identity', application }),
      () => undefined,
    );
    if (opening.who === undefined) {
      api.getCurrentUser().then(
        (user) => dispatch({ type: 'identity', who: userLabel(user) }),
        () => undefined,
      );
    }
    api.listCurrentUserGuilds().then(
      (guilds) => {
        dispatch({ type: 'identity', guilds });
        void session.guildMemory?.keepForCompletion(guilds).catch(() => undefined);
      },
      () => undefined,
    );
  }, [session, dispatch]);
}

export function createAppFlows(state: AppState, dispatch: Dispatch<AppAction>, runner: RequestRunner): AppFlows {
  const session = state.session;
  const workspace = session?.workspace;
  const scope = state.scope;
  const flash = (text: string, tone: 'info' | 'success' | 'warning' | 'error', notices?: readonly string[]) => dispatch({ type: 'flash', text, tone, notices });
  // The operations load on the first write, not with the first frame.
  const operations = () => Promise.all([import('../../operations/delete-command.js'), import('../../operations/save-command.js')]);
  /** After a write: an interrupted one's journal is still there unless this write finished it. */
  const recheckJournal = () => void workspace?.interruptedWrite?.(scope).then((text) => dispatch({ type: 'journal', text }), () => undefined);
  /** After a create, made or refused: the header shows the day's creates as the ledger has them (a 30034 marks them used up). */
  const recountCreates = () => void workspace?.createBudget(scope).then(({ used }) => dispatch({ type: 'creates-used', used }), () => undefined);

  return {
    runner,
    async deleteCommand(command) {
      if (!workspace) return;
      const result = await runner.run(
        `Deleting ${command.name}`,
        async (signal, sent, notice) => (await operations())[0].deleteCommand(workspace, { scope, command, reason: `delete ${command.name}` }, { signal, sent, notice }),
        { kind: 'write', scope },
      );
      if (result.ok) {
        dispatch({ type: 'command-deleted', commandId: command.id });
        flash(`Deleted ${command.name} and its overwrites; backup: ${result.value.backup}`, 'success', result.notices);
        recheckJournal();
      } else if (result.cancelled) {
        flash(`Cancelled before it was sent: ${command.name} was not deleted.`, 'warning', result.notices);
      } else {
        flash(failedWriteLine('Not deleted', result.error), 'error', result.notices);
      }
    },

    async saveCommand(draft, original) {
      if (!workspace) return { ok: false, message: 'Not signed in.', fieldErrors: [] };
      const result = await runner.run(
        original ? `Saving ${draft.name}` : `Creating ${draft.name}`,
        async (signal, sent, notice) => (await operations())[1].saveCommand(workspace, { scope, draft, ...(original ? { original } : {}) }, { signal, sent, notice }),
        { kind: 'write', scope },
      );
      if (!original) recountCreates();
      if (result.ok) {
        const { command, overwroteExisting, backup } = result.value;
        dispatch({ type: 'command-saved', command, replaceId: original?.id });
        const done = original ? `saved; backup: ${backup} in ${scopeLabel(state)}` : `${overwroteExisting ? 'overwrote the existing command of that name' : 'created'} in ${scopeLabel(state)}; backup of the scope before: ${backup}`;
        flash(`${command.name}: ${done}`, 'success', result.notices);
        recheckJournal();
        return { ok: true, command };
      }
      // The editor shows how the save ended itself: what the lock said goes with it there.
      const message = (text: string) => withNotices(text, result.notices);
      if (result.cancelled) return { ok: false, message: message('Cancelled before it was sent: nothing was sent to Discord; your edits are still here.'), fieldErrors: [] };
      const fieldErrors = result.error instanceof DiscordApiError ? result.error.fieldErrors : [];
      if (result.error instanceof WriteUnsettledError) return { ok: false, message: message(errorLine(describeError(result.error))), fieldErrors, unknown: true };
      return { ok: false, message: message(`Not saved: ${errorLine(describeError(result.error))}`), fieldErrors };
    },

    async exportScope() {
      if (!session || state.data.status !== 'ready') return;
      const count = state.data.commands.length;
      const name = state.scope.kind === 'global' ? 'commands-global.json' : `commands-guild-${state.scope.guildId}.json`;
      try {
        const path = await session.files.writeExport(name, commandsFileText(state.data.commands, state.scope));
        flash(`Exported ${count} command${count === 1 ? '' : 's'} to ${path}`, 'success');
      } catch (error) {
        flash(`Export failed: ${describeError(error).message}`, 'error');
      }
    },
  };
}
