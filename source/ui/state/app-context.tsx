/** Hands the app state, its dispatch and the flows to every screen without prop drilling. */
import { createContext, useContext, type Dispatch } from 'react';
import type { AppAction, AppState } from './app-state.js';
import type { AppFlows } from './use-app-flows.js';

export interface AppContextValue {
  state: AppState;
  dispatch: Dispatch<AppAction>;
  flows: AppFlows;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext needs <App> above it');
  return value;
}
