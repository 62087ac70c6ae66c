/**
 * AuthSession: the SDK client's authorization surface under the SDK's names, so a reader of the
 * Social SDK docs finds every call — createAuthorizationCodeVerifier, authorize, getToken,
 * refreshToken, revokeToken, updateToken, setHttpRequestTimeout (default 30000 ms).
 * `authorize` runs the desktop (loopback) or the paste (custom scheme / headless) flow.
 */
import { createTransport, DEFAULT_TIMEOUT_MS, type Transport } from '../api/http-transport.js';
import { assertTokenSafeUrl, authorizeOrigin } from '../api/target.js';
import type { Credentials } from '../api/contract.js';
import { AuthorizationArgs, authorizeUrl, customSchemeRedirect } from './authorization-args.js';
import { fetchProviderKeys, verifyIdToken } from './id-token.js';
import { SIGN_IN_TIMEOUT_MS, startLoopbackListener } from './loopback-listener.js';
import { createAuthorizationCodeVerifier, randomState, type AuthorizationCodeVerifier } from './pkce.js';
import { judgePastedRedirect, pasteRefusal, type RedirectVerdict } from './redirect-params.js';
import { scopeList } from './scopes.js';
import { SignInError } from './sign-in-error.js';
import {
  exchangeCode,
  refreshAccessToken,
  revokeToken,
  toUserCredentials,
  type OAuthClient,
  type TokenEndpoint,
  type TokenResponse,
} from '../api/token-exchange.js';

export interface AuthorizeOptions {
  /** Shown to the user (and opened in the browser by the caller or `openBrowser`). */
  onUrl: (url: string) => void;
  /** Opens the browser; absent in the paste flow. */
  openBrowser?: (url: string) => Promise<void>;
  /** Reads a pasted redirect address (paste flow; also raced against the listener with `--no-browser`); with `customScheme`, a code alone too. */
  readPastedRedirect?: () => Promise<string>;
  /** Told why a pasted address was refused; the paste prompt then asks again. */
  onPasteRefused?: (message: string) => void;
  /** Use the custom-scheme redirect (`<scheme>:/authorize/callback`) and the paste flow only. */
  customScheme?: boolean;
  signal?: AbortSignal;
  /** Default 5 minutes. */
  timeoutMs?: number;
}

export interface AuthorizeResult {
  code: string;
  redirectUri: string;
  /** What the token exchange must check (state was already checked on the redirect). */
  nonce?: string;
  openid: boolean;
}

export type AuthorizationTokenType = 'bearer';

export class AuthSession {
  private transport: Transport;
  private timeoutMs = DEFAULT_TIMEOUT_MS;
  private currentToken: { type: AuthorizationTokenType; token: string } | undefined;

  constructor(
    private readonly baseUrl: string,
    private applicationId: string,
    /** A confidential client's secret; a public client has none and sends `client_id` + verifier. */
    private readonly clientSecret?: string,
    /** `--debug`: each token, revocation and key request on stderr (the transport masks secrets). */
    private readonly debug?: (line: string) => void,
  ) {
    assertTokenSafeUrl(baseUrl);
    this.transport = createTransport({ timeoutMs: this.timeoutMs, debug });
  }

  setApplicationId(applicationId: string): void {
    this.applicationId = applicationId;
  }

  /** Per-request timeout of the token calls (the SDK's Client::SetHttpRequestTimeout). */
  setHttpRequestTimeout(ms: number): void {
    this.timeoutMs = ms;
    const previous = this.transport;
    this.transport = createTransport({ timeoutMs: ms, debug: this.debug });
    void previous.close();
  }

  httpRequestTimeout(): number {
    return this.timeoutMs;
  }

  createAuthorizationCodeVerifier(): AuthorizationCodeVerifier {
    return createAuthorizationCodeVerifier();
  }

  /** Runs the authorization and returns the code with the redirect URI it was issued for. */
  async authorize(input: AuthorizationArgs, options: AuthorizeOptions): Promise<AuthorizeResult> {
    const args = input.clone();
    if (!args.clientId) args.setClientId(this.applicationId);
    if (!args.isValid()) throw new SignInError('invalid-args', 'The authorization arguments are incomplete or malformed.');
    // The SDK's advice: leave state unset and let the client generate and check it.
    if (!args.state) args.setState(randomState());
    const openid = scopeList(args.scopes ?? '').includes('openid');
    if (openid && !args.nonce) args.setNonce(randomState());
    const state = args.state!;
    const timeoutMs = options.timeoutMs ?? SIGN_IN_TIMEOUT_MS;
    const origin = authorizeOrigin(this.baseUrl);
    const nonce = args.nonce;
    const result = (code: string, redirectUri: string): AuthorizeResult => (nonce ? { code, redirectUri, nonce, openid } : { code, redirectUri, openid });

    if (options.customScheme) {
      const redirectUri = customSchemeRedirect(args, args.clientId!);
      options.onUrl(authorizeUrl(origin, args, redirectUri));
      return result(await this.waitForPaste(state, options, timeoutMs), redirectUri);
    }

    const listener = await startLoopbackListener({ expectedState: state, timeoutMs, signal: options.signal });
    // Ends the paste wait (and its deadline timer) once the listener wins: a paste reader that never
    // settles must not keep the process alive for the rest of the timeout.
    const pasteDone = new AbortController();
    const pasteSignal = options.signal ? AbortSignal.any([options.signal, pasteDone.signal]) : pasteDone.signal;
    try {
      const url = authorizeUrl(origin, args, listener.redirectUri);
      options.onUrl(url);
      if (options.openBrowser) await options.openBrowser(url);
      // With a listener, pasting is a second way in: input that ends just leaves the listener waiting.
      const pasted = options.readPastedRedirect
        ? this.waitForPaste(state, { ...options, signal: pasteSignal }, timeoutMs).catch((error: unknown) =>
            error instanceof SignInError && error.failure === 'aborted' && !options.signal?.aborted ? new Promise<string>(() => undefined) : Promise.reject(error),
          )
        : undefined;
      const code = await (pasted ? Promise.race([listener.code, pasted]) : listener.code);
      return result(code, listener.redirectUri);
    } finally {
      pasteDone.abort();
      await listener.close();
    }
  }

  /** The SDK's GetToken: exchanges the code (with the PKCE verifier) and, for `openid`, verifies the id_token. */
  async getToken(grant: { code: string; codeVerifier: string; redirectUri: string; nonce?: string; openid?: boolean }): Promise<TokenResponse> {
    const response = await exchangeCode(this.endpoint(), this.client(), grant);
    if (grant.openid) {
      try {
        const issuer = authorizeOrigin(this.baseUrl);
        await verifyIdToken(response.id_token, { issuer, clientId: this.applicationId, nonce: grant.nonce ?? '' }, await fetchProviderKeys(this.transport, issuer));
      } catch (error) {
        // A refused sign-in must not leave a working authorization behind.
        await revokeToken(this.endpoint(), this.client(), response.refresh_token ?? response.access_token, response.refresh_token ? 'refresh_token' : 'access_token').catch(() => undefined);
        throw error;
      }
    }
    this.updateToken('bearer', response.access_token);
    return response;
  }

  /** The SDK's RefreshToken: the old access and refresh tokens stop working. */
  async refreshToken(refreshToken: string): Promise<TokenResponse> {
    const response = await refreshAccessToken(this.endpoint(), this.client(), refreshToken);
    this.updateToken('bearer', response.access_token);
    return response;
  }

  /** The SDK's RevokeToken: revoking either token ends the whole authorization. */
  async revokeToken(token: string, hint: 'access_token' | 'refresh_token' = 'refresh_token'): Promise<void> {
    await revokeToken(this.endpoint(), this.client(), token, hint);
    if (this.currentToken?.token === token) this.currentToken = undefined;
  }

  /** The SDK's UpdateToken: the token later calls use. */
  updateToken(type: AuthorizationTokenType, token: string): void {
    this.currentToken = { type, token };
  }

  hasToken(): boolean {
    return this.currentToken !== undefined;
  }

  /** A token answer as stored credentials, tagged with the client it belongs to. */
  toUserCredentials(response: TokenResponse, now = Date.now()): NonNullable<Credentials['user']> {
    return { ...toUserCredentials(response, now), clientId: this.applicationId };
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  private endpoint(): TokenEndpoint {
    return { baseUrl: this.baseUrl, transport: this.transport };
  }

  private client(): OAuthClient {
    return this.clientSecret ? { clientId: this.applicationId, clientSecret: this.clientSecret } : { clientId: this.applicationId };
  }

  /** Reads pastes until one is ours (a wrong state or no code asks again), or time runs out. */
  private async waitForPaste(state: string, options: AuthorizeOptions, timeoutMs: number): Promise<string> {
    const read = options.readPastedRedirect;
    if (!read) throw new SignInError('invalid-args', 'This sign-in needs the redirect address pasted, but there is no input to read it from.');
    const deadline = Date.now() + timeoutMs;
    for (let refused = 0; ; refused++) {
      if (refused === MAX_REFUSED_PASTES) throw new SignInError('state', `${MAX_REFUSED_PASTES} pastes in a row were not this sign-in's redirect address, so cmd-tui stopped asking.`);
      const pasted = await raceDeadline(read(), deadline, options.signal);
      const verdict: RedirectVerdict = judgePastedRedirect(pasted, state, { bareCode: options.customScheme === true });
      if (verdict.kind === 'code') return verdict.code;
      if (verdict.kind === 'denied') throw new SignInError('cancelled', 'Sign-in cancelled: the pasted address says the authorization was declined in the browser (error=access_denied).');
      if (verdict.kind === 'error') throw new SignInError('refused', `Discord refused the sign-in (${verdict.error}).`);
      options.onPasteRefused?.(pasteRefusal(verdict) ?? 'That address was not accepted.');
    }
  }
}

/** Pastes refused in a row before the sign-in stops asking: a wrong paste is answered, a stuck loop is not kept. */
const MAX_REFUSED_PASTES = 5;

/** Rejects with a timeout or abort SignInError if `value` does not settle first; whichever comes first stops the others' timer and listener. */
function raceDeadline<T>(value: Promise<T>, deadline: number, signal: AbortSignal | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const settle = (finish: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      finish();
    };
    const timer = setTimeout(() => settle(() => reject(new SignInError('timeout', 'No sign-in arrived in time.'))), Math.max(0, deadline - Date.now()));
    const onAbort = () => settle(() => reject(new SignInError('aborted', 'Sign-in stopped.')));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    value.then(
      (settled) => settle(() => resolve(settled)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}
