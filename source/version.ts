/** The package version, injected by the bundler (scripts/build.mjs) and by vitest.config.ts. */
declare const __CMD_TUI_VERSION__: string | undefined;

export const VERSION: string = typeof __CMD_TUI_VERSION__ === 'string' ? __CMD_TUI_VERSION__ : '0.0.0-dev';
export const REPOSITORY_URL = 'https://github.com/cmd-tui/cmd-tui';
