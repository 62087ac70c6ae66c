/**
 * A file cmd-tui wrote that no longer reads back (the settings, the secrets fallback): says which file,
 * what is wrong with it and how to get going again. cmd-tui never overwrites such a file, since it may
 * still hold something the user wants.
 */
export class DamagedFileError extends Error {
  readonly hint: string;
  constructor(
    readonly path: string,
    what: string,
    detail: string,
    /** What to do, before "cmd-tui will not overwrite it". */
    remedy: string,
  ) {
    super(`The ${what} ${path} is damaged (${detail}).`);
    this.hint = `${remedy}; cmd-tui will not overwrite it.`;
  }
}

/** The shell command that moves `path` out of the way. */
export const moveAside = (path: string) => `mv "${path}" "${path}.bak"`;
