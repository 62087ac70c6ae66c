/** Why a browser sign-in ended without a token, as a value with a message and a hint. */
export type SignInFailure = 'cancelled' | 'timeout' | 'aborted' | 'refused' | 'state' | 'nonce' | 'id-token' | 'invalid-args';

const HINTS: Record<SignInFailure, string> = {
  cancelled: 'Run `cmd-tui auth login` again when you want to sign in.',
  timeout: 'Run `cmd-tui auth login` again; use `--no-browser` to paste the redirect address by hand.',
  aborted: 'Run `cmd-tui auth login` again when you want to sign in.',
  refused: 'Check the client id, the scopes and the redirect URIs registered for the application (Developer Portal → OAuth2).',
  state: 'Paste the address from the sign-in you started just now, or start `cmd-tui auth login` again.',
  nonce: 'Start `cmd-tui auth login` again; if it keeps happening, something is tampering with the sign-in.',
  'id-token':
    'Check that --api points at the real provider and this machine’s clock is right, then start `cmd-tui auth login` again; if it keeps happening, something is tampering with the sign-in. Leave `openid` out of --scopes if you do not need it.',
  'invalid-args': 'Pass a numeric `--client-id` and at least one scope (`--scopes` or `--preset`).',
};

export class SignInError extends Error {
  override readonly name = 'SignInError';
  readonly hint: string;
  constructor(
    readonly failure: SignInFailure,
    message: string,
  ) {
    super(message);
    this.hint = HINTS[failure];
  }
}
