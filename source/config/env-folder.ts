/**
 * A folder named by an environment variable (HOME, XDG_*_HOME, APPDATA…), taken only when it is an
 * absolute path: the XDG Base Directory spec makes an empty value unset and a relative one invalid,
 * and either would otherwise put cmd-tui's files (secrets among them) in whatever folder it was started
 * from. Only node:path: cli.ts loads this to find the compile cache before answering anything.
 */
import type { PlatformPath } from 'node:path';

export function folderFromEnv(value: string | undefined, path: PlatformPath): string | undefined {
  return value !== undefined && value !== '' && path.isAbsolute(value) ? value : undefined;
}
