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
}

interface DisabledKeysRegistry {
  current: ScreenKeys | null;
}

const DisabledKeysContext = createContext<DisabledKeysRegistry | null>(null);

export function DisabledKeysProvider({ children }: { children: ReactNode }) {
  const registry = useRef<ScreenKeys | null>(null);
  return <DisabledKeysContext.Provider value={registry}>{children}</DisabledKeysContext.Provider>;
}

/** While `active`, this view's keys are the ones help shows, with `disabled` greyed. */
export function useDisabledKeys(scope: KeyScope, disabled: DisabledKeys, active: boolean): void {
  const registry = useContext(DisabledKeysContext);
  useLayoutEffect(() => {
    if (!registry || !active) return;
    const keys = { scope, disabled };
    registry.current = keys;
    return () => {
      if (registry.current === keys) registry.current = null;
    };
  });
}

/** The keys of the view in front, as they are now (null where no view says). */
export function useScreenKeys(): () => ScreenKeys | null {
  const registry = useContext(DisabledKeysContext);
  return () => registry?.current ?? null;
}

/** What pressing a disabled key says: the key, what it would do and why it cannot. */
export function disabledNotice(action: Action, scope: KeyScope, disabled: DisabledKeys): string | undefined {
  const reason = disabled[action];
  if (reason === undefined) return undefined;
  const binding = bindingIn(action, scope);
  return `${binding ? `${keyLabel(binding)} ${binding.label}` : action} is disabled: ${reason}`;
}
