/**
 * Reading what the authorization server sent back, whether it arrived at the loopback listener or
 * was pasted by the user: exactly one `state` that matches ours, then either a `code` or an `error`.
 */
export type RedirectVerdict =
  | { kind: 'code'; code: string }
  | { kind: 'denied' }
  | { kind: 'error'; error: string; description?: string }
  /** `missing`: no state at all; `different`: another sign-in's (or more than one). */
  | { kind: 'bad-state'; state: 'missing' | 'different' }
  | { kind: 'no-code' }
  /** A code pasted on its own where the whole address (with its state) is needed. */
  | { kind: 'bare-code' }
  /** Pasted text that is neither an address nor a code. */
  | { kind: 'not-redirect' };

export function judgeRedirect(params: URLSearchParams, expectedState: string | undefined): RedirectVerdict {
  const states = params.getAll('state');
  // A missing, repeated or different state is not our sign-in (CSRF): refuse without consuming anything.
  if (expectedState !== undefined && (states.length !== 1 || !constantTimeEqual(states[0]!, expectedState))) return { kind: 'bad-state', state: states.length === 0 ? 'missing' : 'different' };
  const error = params.get('error');
  if (error === 'access_denied') return { kind: 'denied' };
  if (error) {
    const description = params.get('error_description') ?? undefined;
    return description === undefined ? { kind: 'error', error } : { kind: 'error', error, description };
  }
  const codes = params.getAll('code');
  if (codes.length !== 1 || codes[0] === '') return { kind: 'no-code' };
  return { kind: 'code', code: codes[0]! };
}

/**
 * A pasted redirect address (`http://127.0.0.1:…/callback?code=…&state=…`, the same without `http://`,
 * `discord-123:/authorize/callback?code=…`) or, with `bareCode`, a code on its own. A bare code carries
 * no state to check, so it is taken only where the address may never be seen (a custom scheme the
 * browser hands to an app); PKCE still binds it to this sign-in's verifier.
 */
export function judgePastedRedirect(pasted: string, expectedState: string, { bareCode = false }: { bareCode?: boolean } = {}): RedirectVerdict {
  const text = pasted.trim();
  const query = text.indexOf('?');
  // An address with a query, with or without its scheme: only the query matters.
  if (query >= 0) return judgeRedirect(new URLSearchParams(text.slice(query + 1).replace(/#.*$/s, '')), expectedState);
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return URL.canParse(text) ? judgeRedirect(new URL(text).searchParams, expectedState) : { kind: 'not-redirect' };
  if (text.includes('code=')) return judgeRedirect(new URLSearchParams(text), expectedState);
  // A code is random letters and digits: a word (`hello`) is not one, and is answered as what it is.
  if (!/^[\w.~-]+$/.test(text) || !(text.length >= 20 || (/\d/.test(text) && /[a-z]/i.test(text)))) return { kind: 'not-redirect' };
  return bareCode ? { kind: 'code', code: text } : { kind: 'bare-code' };
}

/**
 * Why a pasted text was not taken, to show before asking again; it never quotes the text (it may hold
 * a code). Undefined for a verdict that ends the sign-in or finishes it.
 */
export function pasteRefusal(verdict: RedirectVerdict): string | undefined {
  switch (verdict.kind) {
    case 'bad-state':
      return verdict.state === 'missing'
        ? 'That address has no state, so it cannot be matched to this sign-in: copy the whole address from the browser’s address bar, including &state=….'
        : 'That address belongs to another sign-in (its state is not this one’s): paste the address the browser ended on for the sign-in shown here, or start again.';
    case 'no-code':
      return 'That address carries no authorization code: approve in the browser first, then paste the address it ended on (…/callback?code=…&state=…).';
    case 'bare-code':
      return 'A code on its own cannot be matched to this sign-in: paste the whole address the browser ended on, including &state=….';
    case 'not-redirect':
      return 'That is neither an address nor a code: paste the whole address from the browser’s address bar after you approve.';
    default:
      return undefined;
  }
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
