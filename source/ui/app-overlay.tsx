/**
 * The app's one overlay (state.overlay) drawn over the screen: help, a message in full, the scope and
 * profile pickers, the copy dialog, the typed delete, the JSON review, the offer to store typed
 * credentials. null where there is none to draw (or what it is about is gone): the screen shows then.
 */
import type { Dispatch, ReactElement } from 'react';
import type { Command } from '../discord/model.js';
import type { KeyScope } from './input/key-bindings.js';
import { ConfirmDelete } from './screens/overlays/confirm-delete.js';
import { CopyDialog } from './screens/overlays/copy-dialog.js';
import { JsonReview } from './screens/overlays/json-review.js';
import { ProfilePicker } from './screens/overlays/profile-picker.js';
import { RememberCredentials } from './screens/overlays/remember-credentials.js';
import { ScopePicker } from './screens/overlays/scope-picker.js';
import { helpLines, TextOverlay } from './screens/overlays/text-overlay.js';
import type { SessionStarters } from './session/session.js';
import { findCommand, overwritesOf, scopeLabel, type AppAction, type AppState } from './state/app-state.js';
import type { AppFlows } from './state/use-app-flows.js';

export interface OverlayContext {
  state: AppState;
  dispatch: Dispatch<AppAction>;
  flows: AppFlows;
  starters: SessionStarters | undefined;
  /** The key scope of the view in front, for help. */
  scope: KeyScope;
  height: number;
}

export function appOverlay(context: OverlayContext): ReactElement | null {
  const { state, dispatch, height } = context;
  const close = () => dispatch({ type: 'overlay', overlay: { kind: 'none' } });
  const overlay = state.overlay;
  switch (overlay.kind) {
    case 'none':
      return null;
    case 'help':
      return <TextOverlay title="Keys on this screen" lines={helpLines(overlay.scope ?? context.scope, overlay.disabled)} height={height} onClose={close} />;
    case 'message':
      return <TextOverlay title={overlay.title ?? 'The whole message'} lines={overlay.text.split('\n').map((text) => ({ text }))} height={height} onClose={close} />;
    case 'scope-picker':
      return <ScopePicker guilds={state.identity.guilds} onPick={(next) => dispatch({ type: 'scope', scope: next })} onClose={close} height={height} />;
    case 'copy':
      return copyOverlay(context, overlay.commandId, close);
    case 'profile-picker': {
      const { starters } = context;
      const profiles = starters?.profiles && starters.openProfile ? { profiles: starters.profiles, openProfile: starters.openProfile } : undefined;
      if (!profiles) return null;
      return <ProfilePicker starters={profiles} current={state.session?.target.profile} height={height} onOpened={(session) => dispatch({ type: 'session-started', session })} onClose={close} />;
    }
    case 'confirm-delete':
      return confirmDeleteOverlay(context, overlay.commandId, close);
    case 'remember-credentials': {
      const offer = state.session?.rememberCredentials;
      return offer ? <RememberCredentials offer={offer} onClose={close} /> : null;
    }
    case 'json-review': {
      const command = findCommand(state, overlay.commandId);
      const draft = overlay.draft;
      if (!command) return null;
      const save = () => {
        close();
        void context.flows.saveCommand(draft as Command, command).then((outcome) => {
          // The message names Discord's field errors already (describeError).
          if (!outcome.ok) dispatch({ type: 'flash', text: outcome.message, tone: 'error' });
        });
      };
      return <JsonReview command={command} draft={draft as Command} onCancel={close} onSave={save} />;
    }
  }
}

/** `c`/`C`: copy one command or the whole scope, through the session's copy model. */
function copyOverlay({ state, dispatch, height }: OverlayContext, commandId: string | undefined, close: () => void): ReactElement | null {
  const copier = state.session?.copy;
  const command = commandId === undefined ? undefined : findCommand(state, commandId);
  if (!copier || (commandId !== undefined && !command)) return null;
  const done = (text: string, tone: 'success' | 'warning' | 'error', notices?: readonly string[]) => {
    close();
    dispatch({ type: 'flash', text, tone, notices });
  };
  return <CopyDialog copier={copier} from={state.scope} {...(command ? { command } : {})} guilds={state.identity.guilds} height={height} onDone={done} onClose={close} />;
}

/** The typed delete of a command, with how many overwrites go with it where they are known. */
function confirmDeleteOverlay({ state, flows }: OverlayContext, commandId: string, close: () => void): ReactElement | null {
  const command = findCommand(state, commandId);
  if (!command) return null;
  const known = state.scope.kind === 'guild' && state.data.status === 'ready' && state.data.permissions !== null;
  const confirm = () => {
    close();
    void flows.deleteCommand(command);
  };
  return <ConfirmDelete command={command} scopeLabel={scopeLabel(state)} overwriteCount={known ? (overwritesOf(state, command.id)?.permissions.length ?? 0) : undefined} onCancel={close} onConfirm={confirm} />;
}
