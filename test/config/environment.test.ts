/**
 * What the environment decides, read once at the edge (config/environment.ts): each fact from the
 * variables that make it, on each platform, so the layers below are handed values and never read a
 * variable themselves. Pure: every case gives its own variables, nothing comes from this shell.
 */
import { describe, expect, it } from 'vitest';
import { readEnvironment, underHome } from '../../source/config/environment.js';
import { LocalWriteError } from '../../source/config/local-failure.js';

const noUserEntry = () => undefined;

describe('the environment, read once', () => {
  it('takes the credentials it overrides trimmed, an empty one as unset', () => {
    const { credentials, profile } = readEnvironment({ DISCORD_BOT_TOKEN: ' abc ', DISCORD_CLIENT_ID: '', DISCORD_CLIENT_SECRET: '  ', CMD_TUI_PROFILE: ' dev ' }, 'linux');
    expect(credentials).toEqual({ botToken: 'abc', clientId: undefined, clientSecret: undefined });
    expect(profile).toBe('dev');
    expect(readEnvironment({ CMD_TUI_PROFILE: ' ' }, 'linux').profile).toBeUndefined();
  });

  it.each([
    [undefined, 'auto'],
    ['', 'auto'],
    [' file ', 'file'],
    ['keyring', 'keyring'],
    ['bogus', { unknown: 'bogus' }],
  ] as const)('CMD_TUI_SECRET_STORE=%j is %j (an unknown one is refused when a store is opened)', (value, choice) => {
    expect(readEnvironment({ CMD_TUI_SECRET_STORE: value }, 'linux').secretStore.choice).toEqual(choice);
  });

  it('keeps one keyring service per cmd-tui home', () => {
    expect(readEnvironment({}, 'linux').secretStore.keyringService).toBe('cmd-tui');
    expect(readEnvironment({ CMD_TUI_HOME: '/tmp/run' }, 'linux').secretStore.keyringService).toBe('cmd-tui /tmp/run');
  });

  it.each([
    [{ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' }, 'linux', { key: 'linux bus unix:path=/run/user/1000/bus', where: 'in a desktop session (session bus)', noSessionBus: false }],
    [{ SSH_CONNECTION: '192.0.2.1 50000 192.0.2.2 22' }, 'linux', { key: 'linux no session bus', where: 'over SSH (no session bus)', noSessionBus: true }],
    [{}, 'linux', { key: 'linux no session bus', where: 'without a session bus (no desktop session)', noSessionBus: true }],
    [{ SSH_TTY: '/dev/pts/1' }, 'darwin', { key: 'darwin', where: 'on darwin', noSessionBus: false }],
  ] as const)('the keyring environment of %j on %s', (env, platform, expected) => {
    expect(readEnvironment(env, platform).secretStore.keyring).toEqual(expected);
  });

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
  ] as const)('%o on %s has no display to show a browser on: %s (B9, the paste flow)', (env, platform, expected) => {
    expect(readEnvironment(env, platform).browser.headless).toBe(expected);
  });

  it.each([
    ['firefox:chromium', 'linux', ['firefox', 'chromium']],
    ['open -a Safari %s', 'darwin', ['open -a Safari %s']],
    ['C:\\Program Files\\Mozilla Firefox\\firefox.exe', 'win32', ['C:\\Program Files\\Mozilla Firefox\\firefox.exe']],
    ['C:\\a\\one.exe;D:\\b\\two.exe', 'win32', ['C:\\a\\one.exe', 'D:\\b\\two.exe']],
    ['', 'linux', []],
    [undefined, 'win32', []],
  ] as const)('$BROWSER=%j on %s lists %j (separated as PATH is: a Windows path keeps its drive colon)', (value, platform, expected) => {
    expect(readEnvironment({ BROWSER: value }, platform).browser.commands).toEqual(expected);
  });

  it('picks the editor: $VISUAL, then $EDITOR, then the platform plain one', () => {
    expect(readEnvironment({}, 'win32').editor).toBe('notepad');
    expect(readEnvironment({}, 'linux').editor).toBe('vi');
    expect(readEnvironment({}, 'darwin').editor).toBe('vi');
    expect(readEnvironment({ EDITOR: 'nano', VISUAL: 'code --wait' }, 'linux').editor).toBe('code --wait');
    expect(readEnvironment({ EDITOR: 'nano', VISUAL: '' }, 'linux').editor).toBe('nano');
    expect(readEnvironment({ EDITOR: '', VISUAL: '' }, 'win32').editor).toBe('notepad');
  });

  it.each([
    [{ TERM: 'xterm-kitty' }, true],
    [{ TERM_PROGRAM: 'tmux', TERM_PROGRAM_VERSION: '3.3a' }, false],
    [{ TERM_PROGRAM: 'tmux', TERM_PROGRAM_VERSION: '3.4' }, true],
    [{ TERM: 'xterm-256color' }, false],
    [{ TERM: 'dumb', WT_SESSION: '1' }, false],
    [{ VTE_VERSION: '7600' }, true],
  ] as const)('draws links only where the terminal is known to: %j → %s', (env, expected) => {
    expect(readEnvironment(env, 'linux').terminal.hyperlinks).toBe(expected);
  });

  it('keeps the facts colour depends on (terminal/colour.ts applies the rules)', () => {
    expect(readEnvironment({ NO_COLOR: '1', TERM: 'dumb', FORCE_COLOR: '0' }, 'linux').terminal.colour).toEqual({ noColor: true, dumbTerminal: true, forceColor: '0' });
    expect(readEnvironment({ NO_COLOR: '' }, 'linux').terminal.colour).toEqual({ noColor: false, dumbTerminal: false, forceColor: undefined });
  });

  it('finds the folders only when asked: a command that keeps no file runs without a home', () => {
    const homeless = readEnvironment({}, 'linux', noUserEntry);
    expect(homeless.credentials).toBeDefined();
    expect(() => homeless.paths()).toThrow(LocalWriteError);
    expect(readEnvironment({ HOME: '/home/ada' }, 'linux', noUserEntry).paths().config).toBe('/home/ada/.config/cmd-tui');
  });

  it('puts everything of a throw-away home under it: folders and keyring service', () => {
    const demo = underHome(readEnvironment({ HOME: '/home/ada', DISCORD_BOT_TOKEN: 'kept' }, 'linux', noUserEntry), '/tmp/demo');
    expect(demo.paths()).toEqual({ config: '/tmp/demo/config', data: '/tmp/demo/data', backups: '/tmp/demo/data/backups' });
    expect(demo.secretStore.keyringService).toBe('cmd-tui /tmp/demo');
    expect(demo.credentials.botToken).toBe('kept');
  });
});
