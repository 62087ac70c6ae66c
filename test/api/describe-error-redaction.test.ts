/**
 * The one place the CLI and the TUI take an error's words from (api/errors.ts describeError): a
 * credential this process holds never reaches the user through it, in the message or the hint.
 */
import { describe, expect, it } from 'vitest';
import { AuthRequiredError, describeError } from '../../source/api/errors.js';
import { registerSecret } from '../../source/terminal/redact-secrets.js';

describe('describeError', () => {
  it('shows a held credential as ****, in the message and the hint', () => {
    registerSecret('fake-held-credential-value');
    const described = describeError(new AuthRequiredError(['bot'], 'refused fake-held-credential-value', 'unset fake-held-credential-value'));
    expect(described).toEqual({ message: 'refused ****', hint: 'unset ****' });
    expect(describeError('thrown fake-held-credential-value').message).toBe('thrown ****');
  });
});
