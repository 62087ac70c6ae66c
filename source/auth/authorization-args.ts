/**
 * AuthorizationArgs, mapped 1:1 to the SDK's table (service-interface "Authorization arguments"):
 * a getter and a `setX` setter per property, `isValid()`, `clone()` and the uninitialized
 * `AuthorizationArgs.nullobj`. Plus `authorizeUrl()`, which turns the arguments into the URL the browser opens.
 */
import type { AuthorizationCodeChallenge } from './pkce.js';
import { scopeList } from './scopes.js';

export type IntegrationTypeValue = 0 | 1;

interface Fields {
  clientId?: string;
  scopes?: string;
  state?: string;
  nonce?: string;
  codeChallenge?: AuthorizationCodeChallenge;
  integrationType?: IntegrationTypeValue;
  customSchemeParam?: string;
}

export class AuthorizationArgs {
  /** The SDK's static uninitialized instance: never valid, never changes. */
  static readonly nullobj: AuthorizationArgs = Object.freeze(new AuthorizationArgs()) as AuthorizationArgs;

  private fields: Fields;

  constructor(fields: Fields = {}) {
    this.fields = { ...fields };
  }

  /** Application id; when unset the session uses its configured application id. */
  get clientId(): string | undefined {
    return this.fields.clientId;
  }
  setClientId(value: string | undefined): this {
    return this.with({ clientId: value });
  }

  /** Space-separated scopes. */
  get scopes(): string | undefined {
    return this.fields.scopes;
  }
  setScopes(value: string): this {
    return this.with({ scopes: value });
  }

  /** Best left unset: the session generates a 256-bit value and checks it. */
  get state(): string | undefined {
    return this.fields.state;
  }
  setState(value: string | undefined): this {
    return this.with({ state: value });
  }

  /** Checked against the id_token's `nonce` claim when `openid` is requested. */
  get nonce(): string | undefined {
    return this.fields.nonce;
  }
  setNonce(value: string | undefined): this {
    return this.with({ nonce: value });
  }

  /** From `createAuthorizationCodeVerifier()`; needed for `getToken`. */
  get codeChallenge(): AuthorizationCodeChallenge | undefined {
    return this.fields.codeChallenge;
  }
  setCodeChallenge(value: AuthorizationCodeChallenge | undefined): this {
    return this.with({ codeChallenge: value });
  }

  /** 0 guild install, 1 user install. */
  get integrationType(): IntegrationTypeValue | undefined {
    return this.fields.integrationType;
  }
  setIntegrationType(value: IntegrationTypeValue | undefined): this {
    return this.with({ integrationType: value });
  }

  /** Redirect becomes `<scheme>:/authorize/callback`. */
  get customSchemeParam(): string | undefined {
    return this.fields.customSchemeParam;
  }
  setCustomSchemeParam(value: string | undefined): this {
    return this.with({ customSchemeParam: value });
  }

  /** Valid when it names at least one scope, a usable client id (if set) and a well-formed scheme (if set). */
  isValid(): boolean {
    const { clientId, scopes, customSchemeParam, integrationType } = this.fields;
    if (!scopes || scopeList(scopes).length === 0) return false;
    if (clientId !== undefined && !/^\d{1,20}$/.test(clientId)) return false;
    if (customSchemeParam !== undefined && !/^[a-z][a-z0-9+.-]*$/i.test(customSchemeParam)) return false;
    if (integrationType !== undefined && integrationType !== 0 && integrationType !== 1) return false;
    return true;
  }

  clone(): AuthorizationArgs {
    return new AuthorizationArgs(this.fields);
  }

  /** A snapshot of the values, for code that builds requests from them. */
  toJSON(): Readonly<Fields> {
    return { ...this.fields };
  }

  private with(patch: Partial<Fields>): this {
    if (Object.isFrozen(this)) throw new TypeError('AuthorizationArgs.nullobj cannot be changed; make a new AuthorizationArgs()');
    this.fields = { ...this.fields, ...patch };
    return this;
  }
}

/** The redirect for the custom-scheme flow: `<scheme>:/authorize/callback`, default `discord-<appId>`. */
export function customSchemeRedirect(args: AuthorizationArgs, applicationId: string): string {
  return `${args.customSchemeParam ?? `discord-${applicationId}`}:/authorize/callback`;
}

/** `https://discord.com/oauth2/authorize?response_type=code&…`, never the implicit grant. */
export function authorizeUrl(origin: string, args: AuthorizationArgs, redirectUri: string): string {
  const { clientId, scopes, state, nonce, codeChallenge, integrationType } = args.toJSON();
  const query = new URLSearchParams({ response_type: 'code', client_id: clientId ?? '', scope: scopes ?? '', redirect_uri: redirectUri });
  if (state) query.set('state', state);
  if (nonce) query.set('nonce', nonce);
  if (codeChallenge) {
    query.set('code_challenge', codeChallenge.challenge);
    query.set('code_challenge_method', codeChallenge.method);
  }
  if (integrationType !== undefined) query.set('integration_type', String(integrationType));
  // URLSearchParams writes spaces as `+`; Discord's docs use %20 for the scope list.
  return `${origin}/oauth2/authorize?${query.toString().replace(/\+/g, '%20')}`;
}
