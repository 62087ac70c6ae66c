/** $BROWSER as a list, separated as PATH is on each platform: a Windows path keeps its drive's colon. */
import { describe, expect, it } from 'vitest';
import { browserCommands } from '../../source/auth/browser.js';

describe('$BROWSER', () => {
  it.each([
    ['firefox:chromium', 'linux', ['firefox', 'chromium']],
    ['open -a Safari %s', 'darwin', ['open -a Safari %s']],
    ['C:\\Program Files\\Mozilla Firefox\\firefox.exe', 'win32', ['C:\\Program Files\\Mozilla Firefox\\firefox.exe']],
    ['C:\\a\\one.exe;D:\\b\\two.exe', 'win32', ['C:\\a\\one.exe', 'D:\\b\\two.exe']],
    ['', 'linux', []],
    [undefined, 'win32', []],
  ] as const)('%j on %s', (value, platform, expected) => {
    expect(browserCommands(value, platform)).toEqual(expected);
  });
});
