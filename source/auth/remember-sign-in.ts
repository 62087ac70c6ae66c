/**
 * After a sign-in: learn who signed in (when `identify` was granted) and store the tokens under the
 * API base and application. Shared by `cmd-tui auth login` and the TUI's sign-in screen.
 */
import { createDiscordApi } from '../api/client.js';
import type { Credentials } from '../api/contract.js';
import { updateStoredCredentials, type CredentialStores, type StoredCredentials, type StoreResult } from './credentials.js';

export async function rememberSignIn(input: {
  stores: CredentialStores;
  baseUrl: string;
  clientId: string;
  user: NonNullable<Credentials['user']>;
  timeoutMs?: number;
  debug?: (line: string) => void;
}): Promise<StoreResult> {
  const { stores, baseUrl, clientId, user } = input;
  let signedInAs: StoredCredentials['signedInAs'];
  if (user.scopes.includes('identify')) {
    const api = await createDiscordApi({ baseUrl, applicationId: clientId, credentials: { user }, timeoutMs: input.timeoutMs, ...(input.debug ? { debug: input.debug } : {}) });
    const me = await api.getCurrentUser();
    signedInAs = { id: me.id, username: me.username };
  }
  return updateStoredCredentials(stores, baseUrl, clientId, (current) => {
    // A new sign-in replaces the old one and whoever it named.
    const { signedInAs: _previous, ...rest } = current;
    return signedInAs ? { ...rest, user, signedInAs } : { ...rest, user };
  }, undefined, 'cmd-tui auth login');
}
