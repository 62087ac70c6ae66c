/**
 * The whole browser sign-in as one function the CLI and the TUI both call: PKCE verifier, state
 * (and nonce for openid), authorize (loopback listener, or the paste flow for a custom scheme or
 * `noBrowser`), token exchange, and the result as stored-credential shape. The TUI shows `url`.
 */
import type { Credentials } from '../api/contract.js';
import { AuthorizationArgs } from './authorization-args.js';
import { openBrowser } from './browser.js';
import { AuthSession } from './session.js';

export interface SignInOptions {
  baseUrl: string;
  clientId: string;
  /** Confidential client: Basic auth on the exchange. Public client: omit. */
  clientSecret?: string;
  scopes: string;
  /** Custom-scheme redirect `<scheme>:/authorize/callback`; `''` means the default `discord-<clientId>`. */
  customScheme?: string;
  /** Do not open a browser: show the URL and also accept the pasted redirect address. */
  noBrowser?: boolean;
  onUrl: (url: string) => void;
  /**
   * The redirect address (or code) pasted back, read until one is this sign-in's: needed with a
   * custom scheme or `noBrowser`; otherwise a second way in beside the loopback listener (the TUI's
   * field for a browser on another machine), whichever arrives first.
   */
  readPastedRedirect?: () => Promise<string>;
  onPasteRefused?: (message: string) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Told when the browser could not be opened (the URL was already shown). */
  onNotice?: (message: string) => void;
  /** Opens the URL; default the programs `browsers` lists, else the system browser. */
  openBrowser?: (url: string) => Promise<void>;
  /** The programs $BROWSER lists (config/environment.ts). */
  browsers?: readonly string[];
  /** `--debug`: the exchange's requests on stderr, secrets masked. */
  debug?: (line: string) => void;
}

export async function signIn(options: SignInOptions): Promise<Credentials['user']> {
  const session = new AuthSession(options.baseUrl, options.clientId, options.clientSecret, options.debug);
  try {
    const verifier = session.createAuthorizationCodeVerifier();
    const args = new AuthorizationArgs().setClientId(options.clientId).setScopes(options.scopes).setCodeChallenge(verifier.challenge);
    const customScheme = options.customScheme !== undefined;
    if (customScheme && options.customScheme !== '') args.setCustomSchemeParam(options.customScheme);
    const open = options.openBrowser ?? ((url: string) => openBrowser(url, options.browsers ?? []));
    // A browser that fails to start is not fatal: the URL is on screen and the listener keeps waiting.
    const browse = (url: string) =>
      open(url).catch((error: unknown) => options.onNotice?.(`Could not open a browser (${error instanceof Error ? error.message : 'unknown error'}); open the address above yourself.`));
    const authorized = await session.authorize(args, {
      onUrl: options.onUrl,
      openBrowser: customScheme || options.noBrowser ? undefined : browse,
      readPastedRedirect: options.readPastedRedirect,
      onPasteRefused: options.onPasteRefused,
      customScheme,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
    const response = await session.getToken({ ...authorized, codeVerifier: verifier.verifier });
    return session.toUserCredentials(response);
  } finally {
    await session.close();
  }
}
