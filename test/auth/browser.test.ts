import { describe, expect, it } from 'vitest';
import { looksHeadless } from '../../source/auth/browser.js';

describe('choosing the paste flow when no browser can be shown (B9)', () => {
  it.each([
    [{ CI: '1' }, 'linux', true],
    [{ DISPLAY: ':0' }, 'linux', false],
    [{ WAYLAND_DISPLAY: 'wayland-0' }, 'linux', false],
    [{}, 'linux', true],
    [{ SSH_CONNECTION: '1 2 3 4', DISPLAY: ':10' }, 'linux', false],
    [{ BROWSER: '/usr/bin/true' }, 'linux', false],
    [{}, 'darwin', false],
    [{ SSH_CONNECTION: '1 2 3 4' }, 'darwin', true],
    [{}, 'win32', false],
  ] as const)('%o on %s → headless: %s', (env, platform, expected) => {
    expect(looksHeadless(env, platform)).toBe(expected);
  });
});
