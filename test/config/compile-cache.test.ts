import { describe, expect, it } from 'vitest';
import { compileCacheFolder } from '../../source/config/compile-cache.js';

describe("where Node keeps cmd-tui's compiled code", () => {
  it("is the user's own cache folder on each platform", () => {
    expect(compileCacheFolder({ HOME: '/home/ada' }, 'linux')).toBe('/home/ada/.cache/cmd-tui/compile');
    expect(compileCacheFolder({ HOME: '/home/ada', XDG_CACHE_HOME: '/var/cache/ada' }, 'linux')).toBe('/var/cache/ada/cmd-tui/compile');
    expect(compileCacheFolder({ HOME: '/Users/ada' }, 'darwin')).toBe('/Users/ada/Library/Caches/cmd-tui/compile');
    expect(compileCacheFolder({ LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, 'win32')).toMatch(/^C:\\Users\\ada\\AppData\\Local[\\/]cmd-tui[\\/]Cache[\\/]compile$/);
  });

  it("is Node's default under CMD_TUI_HOME (the many homes of a test run share one warm cache) or without a home", () => {
    expect(compileCacheFolder({ HOME: '/home/ada', CMD_TUI_HOME: '/tmp/run' }, 'linux')).toBeUndefined();
    expect(compileCacheFolder({}, 'linux')).toBeUndefined();
  });

  it('never lands in the current folder: an empty or relative variable is unset', () => {
    expect(compileCacheFolder({ HOME: '/home/ada', XDG_CACHE_HOME: '' }, 'linux')).toBe('/home/ada/.cache/cmd-tui/compile');
    expect(compileCacheFolder({ HOME: '/home/ada', XDG_CACHE_HOME: 'cache' }, 'linux')).toBe('/home/ada/.cache/cmd-tui/compile');
    expect(compileCacheFolder({ HOME: '', XDG_CACHE_HOME: '' }, 'linux')).toBeUndefined();
    expect(compileCacheFolder({ HOME: '' }, 'darwin')).toBeUndefined();
    expect(compileCacheFolder({ LOCALAPPDATA: '', USERPROFILE: 'C:\\Users\\ada' }, 'win32')).toBe('C:\\Users\\ada\\AppData\\Local\\cmd-tui\\Cache\\compile');
    expect(compileCacheFolder({ LOCALAPPDATA: '', USERPROFILE: '' }, 'win32')).toBeUndefined();
  });
});
