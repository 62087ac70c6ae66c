/**
 * What validation and the server-default comparison need to know about the app, read from its
 * application object: its flags (EMBEDDED allows entry points) and the installation types it supports.
 */
import type { AppContext } from './audit.js';
import { IntegrationType, type Application, type Scope } from './model.js';
import { scopeDefaults, type ScopeDefaults } from './normalize.js';

export interface AppFacts extends AppContext {
  /** Installation types the app supports (keys of integration_types_config); GUILD_INSTALL when none. */
  supportedIntegrationTypes: number[];
}

export function factsOf(application: Application, applicationId: string): AppFacts {
  const configured = Object.keys(application.integration_types_config ?? {}).map(Number).filter(Number.isInteger);
  return {
    applicationId,
    appFlags: application.flags ?? 0,
    supportedIntegrationTypes: configured.length > 0 ? configured.sort((a, b) => a - b) : [IntegrationType.GuildInstall],
  };
}

export function defaultsFor(scope: Scope, app: AppFacts): ScopeDefaults {
  return scopeDefaults(scope.kind, app.supportedIntegrationTypes);
}
