import { describe, expect, it } from 'vitest';
import { refusalText, SIGN_IN_NEEDED } from '../../source/discord/overwrite-refusals.js';

describe('refusals when changing overwrites', () => {
  it.each([
    { code: 20001, message: 'Discord only accepts a signed-in user here (code 20001)', hint: 'cmd-tui auth login --preset permissions' },
    { code: 50026, message: 'not granted applications.commands.permissions.update', hint: 'Sign in again with that scope' },
    { code: 50013, message: 'overwrites of /ban in guild 42 (code 50013): the signed-in user needs Manage Guild and Manage Roles', hint: 'Sign in as a member who has those permissions' },
    { code: 10063, message: 'Discord answered that /ban does not exist (code 10063, Unknown application command)', hint: 'Copy ID' },
  ])('$code', ({ code, message, hint }) => {
    const text = refusalText(code, '/ban', '42');
    expect(text?.message).toContain(message);
    expect(text?.hint).toContain(hint);
  });

  it('leaves other codes to the generic error text', () => {
    expect(refusalText(50035, '/ban', '42')).toBeUndefined();
  });

  it('without a sign-in, names the sign-in and says other credentials cannot do it', () => {
    expect(SIGN_IN_NEEDED.message).toContain('A bot token or client credentials cannot edit them.');
    expect(SIGN_IN_NEEDED.hint).toBe('Run `cmd-tui auth login --preset permissions`; the signed-in user needs Manage Guild and Manage Roles in that guild.');
  });
});
