/**
 * Where cmd-tui keeps its files on each platform, worked out with that platform's path rules
 * (path.win32 on win32) and an injected environment and user database, so Linux CI checks macOS and
 * Windows too: config, data (secrets file, locks, journals) and backups, never relative to the current
 * folder.
 */
import { describe, expect, it } from 'vitest';
import { LocalWriteError } from '../../source/config/local-failure.js';
import { appPaths } from '../../source/config/paths.js';

const noUserEntry = () => undefined;

describe('the folders cmd-tui keeps its files in', () => {
  it.each([
    ['linux', { HOME: '/home/ada' }, { config: '/home/ada/.config/cmd-tui', data: '/home/ada/.local/share/cmd-tui', backups: '/home/ada/.local/share/cmd-tui/backups' }],
    [
      'linux',
      { HOME: '/home/ada', XDG_CONFIG_HOME: '/cfg', XDG_DATA_HOME: '/srv/data' },
      { config: '/cfg/cmd-tui', data: '/srv/data/cmd-tui', backups: '/srv/data/cmd-tui/backups' },
    ],
    ['freebsd', { HOME: '/usr/home/ada' }, { config: '/usr/home/ada/.config/cmd-tui', data: '/usr/home/ada/.local/share/cmd-tui', backups: '/usr/home/ada/.local/share/cmd-tui/backups' }],
    [
      'darwin',
      { HOME: '/Users/ada', XDG_CONFIG_HOME: '/ignored' },
      { config: '/Users/ada/Library/Application Support/cmd-tui', data: '/Users/ada/Library/Application Support/cmd-tui', backups: '/Users/ada/Library/Application Support/cmd-tui/backups' },
    ],
    [
      'win32',
      { USERPROFILE: 'C:\\Users\\ada', APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' },
      { config: 'C:\\Users\\ada\\AppData\\Roaming\\cmd-tui\\config', data: 'C:\\Users\\ada\\AppData\\Roaming\\cmd-tui\\data', backups: 'C:\\Users\\ada\\AppData\\Roaming\\cmd-tui\\data\\backups' },
    ],
    [
      'win32',
      { USERPROFILE: 'D:\\Home\\ada' },
      { config: 'D:\\Home\\ada\\AppData\\Roaming\\cmd-tui\\config', data: 'D:\\Home\\ada\\AppData\\Roaming\\cmd-tui\\data', backups: 'D:\\Home\\ada\\AppData\\Roaming\\cmd-tui\\data\\backups' },
    ],
    ['linux', { CMD_TUI_HOME: '/tmp/run', HOME: '/home/ada', XDG_CONFIG_HOME: '/cfg' }, { config: '/tmp/run/config', data: '/tmp/run/data', backups: '/tmp/run/data/backups' }],
    ['win32', { CMD_TUI_HOME: 'E:\\portable', APPDATA: 'C:\\x' }, { config: 'E:\\portable\\config', data: 'E:\\portable\\data', backups: 'E:\\portable\\data\\backups' }],
  ] as const)('on %s with %j', (platform, env, expected) => {
    expect(appPaths(env, platform, noUserEntry)).toEqual(expected);
  });

  it('counts an empty or relative variable as unset (the XDG spec), so nothing lands in the current folder', () => {
    const linux = { config: '/home/ada/.config/cmd-tui', data: '/home/ada/.local/share/cmd-tui', backups: '/home/ada/.local/share/cmd-tui/backups' };
    expect(appPaths({ HOME: '/home/ada', XDG_CONFIG_HOME: '', XDG_DATA_HOME: '' }, 'linux', noUserEntry)).toEqual(linux);
    expect(appPaths({ HOME: '/home/ada', XDG_CONFIG_HOME: 'cfg', XDG_DATA_HOME: './data' }, 'linux', noUserEntry)).toEqual(linux);
    expect(appPaths({ HOME: '/home/ada', CMD_TUI_HOME: '' }, 'linux', noUserEntry)).toEqual(linux);
    expect(appPaths({ USERPROFILE: 'C:\\Users\\ada', APPDATA: '' }, 'win32', noUserEntry).config).toBe('C:\\Users\\ada\\AppData\\Roaming\\cmd-tui\\config');
    // A drive-relative Windows path is not absolute either.
    expect(appPaths({ USERPROFILE: 'C:\\Users\\ada', APPDATA: 'C:AppData' }, 'win32', noUserEntry).config).toBe('C:\\Users\\ada\\AppData\\Roaming\\cmd-tui\\config');
  });

  it("takes the user database's home when HOME is empty, and refuses to guess when there is none", () => {
    expect(appPaths({ HOME: '' }, 'linux', () => '/home/ada').config).toBe('/home/ada/.config/cmd-tui');
    expect(appPaths({ USERPROFILE: '' }, 'win32', () => 'C:\\Users\\ada').data).toBe('C:\\Users\\ada\\AppData\\Roaming\\cmd-tui\\data');
    // XDG folders that are given need no home.
    expect(appPaths({ HOME: '', XDG_CONFIG_HOME: '/cfg', XDG_DATA_HOME: '/data' }, 'linux', noUserEntry).data).toBe('/data/cmd-tui');
    for (const [platform, env] of [['linux', { HOME: '' }], ['darwin', { HOME: 'ada' }], ['win32', {}]] as const) {
      const refused = (() => {
        try {
          appPaths(env, platform, noUserEntry);
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(refused, platform).toBeInstanceOf(LocalWriteError);
      expect((refused as LocalWriteError).message).toContain('cannot tell where your home folder is');
      expect((refused as LocalWriteError).hint).toMatch(/Set (HOME|USERPROFILE) to your home folder, or CMD_TUI_HOME/);
    }
  });
});
