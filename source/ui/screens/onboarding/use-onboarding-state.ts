/** The onboarding screen's state: which way in was chosen, what was typed, and the last failure. */
import { useReducer } from 'react';

export type OnboardingStep = 'choose' | 'bot-token' | 'client-credentials' | 'browser-sign-in';

export interface OnboardingState {
  step: OnboardingStep;
  token: string;
  clientId: string;
  clientSecret: string;
  /** Client credentials: which of the two fields has focus. */
  secretFocused: boolean;
  starting?: string;
  /** The address to open for the browser sign-in, once known. */
  signInUrl?: string;
  error?: string;
}

export type OnboardingAction =
  | { type: 'step'; step: OnboardingStep }
  | { type: 'text'; field: 'token' | 'clientId' | 'clientSecret'; value: string }
  | { type: 'switch-field' }
  | { type: 'starting'; label: string }
  | { type: 'sign-in-url'; url: string }
  | { type: 'failed'; message: string };

export function onboardingReducer(state: OnboardingState, action: OnboardingAction): OnboardingState {
  switch (action.type) {
    case 'step':
      return { ...state, step: action.step, starting: undefined, signInUrl: undefined, error: undefined, secretFocused: false };
    case 'text':
      return { ...state, [action.field]: action.value, error: undefined };
    case 'switch-field':
      return { ...state, secretFocused: !state.secretFocused };
    case 'starting':
      return { ...state, starting: action.label, error: undefined };
    case 'sign-in-url':
      return { ...state, signInUrl: action.url };
    case 'failed':
      return { ...state, starting: undefined, signInUrl: undefined, error: action.message };
  }
}

export function useOnboardingState() {
  return useReducer(onboardingReducer, { step: 'choose', token: '', clientId: '', clientSecret: '', secretFocused: false });
}
