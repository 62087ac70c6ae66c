/** The registered secrets are shown as **** wherever they appear; short values and nothing registered leave text alone. */
import { describe, expect, it } from 'vitest';
import { redactSecrets, registerCredentials, registerSecret } from '../../source/terminal/redact-secrets.js';

describe('redactSecrets', () => {
  it('replaces each registered secret, the longer first, and leaves short values alone', () => {
    expect(redactSecrets('nothing registered: fake.token')).toBe('nothing registered: fake.token');
    registerSecret('fake+token/0123');
    registerSecret('fake+token/0123-longer');
    registerSecret('short');
    registerCredentials({ botToken: 'FAKE.BOT.TOKEN', clientCredentials: { clientSecret: 'fake-client-secret' }, user: { accessToken: 'fake-access-token', refreshToken: 'fake-refresh-token' } });
    expect(redactSecrets('a fake+token/0123 b fake+token/0123-longer c short')).toBe('a **** b **** c short');
    expect(redactSecrets('Bot FAKE.BOT.TOKEN; fake-client-secret fake-access-token fake-refresh-token')).toBe('Bot ****; **** **** ****');
  });
});
