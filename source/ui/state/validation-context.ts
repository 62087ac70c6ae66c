/** The validator's context for the current scope and app (flags allow `handler`; install types bound `integration_types`). */
import type { ValidationContext } from '../../discord/validate.js';
import type { AppState } from './app-state.js';

export function validationContextOf(state: AppState): ValidationContext {
  const app = state.identity.application;
  const installTypes = app?.integration_types_config ? Object.keys(app.integration_types_config).map(Number) : undefined;
  return {
    scope: state.scope.kind,
    appFlags: app?.flags,
    ...(installTypes && installTypes.length > 0 ? { supportedIntegrationTypes: installTypes } : {}),
  };
}
