/**
 * Which keys of the screen in front cannot act right now, and why (lazygit's disabled reason). The
 * screen says so with `useDisabledKeys`; `?` reads it when help opens (help shows the key greyed with its
 * reason), the footer leaves the key out, and the screen's key handler answers the key with its reason
 * (the screen's handler lets a disabled key through; the app's global keys say `disabledNotice`) instead
 * of doing nothing.
 */
import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import { bindingIn, keyLabel, type Action, type DisabledKeys, type KeyScope } from './key-bindings.js';

export interface ScreenKeys {
  /** The key scope of the view in front (a screen can have several: the permissions list, its grid). */
  scope: KeyScope;
  disabled: DisabledKeys;
  /** The view has a message of its own for ctrl+e/ctrl+t to show whole (Try's reasons not to send) when no status is up. */
  ownMessage?: boolean;
}

interface DisabledKeysRegistry {
  current: ScreenKeys | null;
  /** Keys that cannot act anywhere in this session (no profiles to switch to), whichever screen is in front. */
  app: DisabledKeys;
}

const DisabledKeysContext = createContext<DisabledKeysRegistry | null>(null);

export function DisabledKeysProvider({ app, children }: { app: DisabledKeys; children: ReactNode }) {
  const registry = useRef<DisabledKeysRegistry>({ current: null, app }).current;
  // A mirror of the prop for the key handlers, which read it when a key arrives.
  registry.app = app;
  return <DisabledKeysContext.Provider value={registry}>{children}</DisabledKeysContext.Provider>;
}

/** The session's disabled keys, for a screen to add to its own. */
export function useAppDisabledKeys(): DisabledKeys {
  return useContext(DisabledKeysContext)?.app ?? {};
}

/** While `active`, this view's keys are the ones help shows, with `disabled` greyed; `ownMessage`: see ScreenKeys. */
export function useDisabledKeys(scope: KeyScope, disabled: DisabledKeys, active: boolean, ownMessage = false): void {
  const registry = useContext(DisabledKeysContext);
  useLayoutEffect(() => {
    if (!registry || !active) return;
    const keys = { scope, disabled, ...(ownMessage ? { ownMessage } : {}) };
    registry.current = keys;
    return () => {
      if (registry.current === keys) registry.current = null;
    };
  });
}

/** The keys of the view in front as they are now: its scope (where it says) and what cannot act, the session's included. */
export function useScreenKeys(): () => { scope?: KeyScope; disabled: DisabledKeys; ownMessage?: boolean } {
  const registry = useContext(DisabledKeysContext);
  return () => ({
    ...(registry?.current ? { scope: registry.current.scope } : {}),
    ...(registry?.current?.ownMessage ? { ownMessage: true } : {}),
    disabled: { ...registry?.app, ...registry?.current?.disabled },
  });
}

/** What pressing a disabled key says: the key, what it would do and why it cannot. */
export function disabledNotice(action: Action, scope: KeyScope, disabled: DisabledKeys): string | undefined {
  const reason = disabled[action];
  if (reason === undefined) return undefined;
  const binding = bindingIn(action, scope);
  return `${binding ? `${keyLabel(binding)} ${binding.short ?? binding.label}` : action} is off: ${reason}`;
}
