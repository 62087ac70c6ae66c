/**
 * Text from outside — a server's names, descriptions, localizations, messages; a file's contents — made
 * safe to show on a terminal: C0 controls but tab and newline, DEL, C1 controls and the bidi overrides and
 * isolates become visible escapes (`\x1b`, `\x9b`, `\u202e`). Otherwise a name could set the window
 * title, clear the screen, write the clipboard (OSC 52), plant links (OSC 8), reset the terminal, or
 * read backwards. Used by the CLI's output streams and the TUI's text alike; `--json` stays exact.
 */
const UNSAFE_CHARS = '\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u202A-\\u202E\\u2066-\\u2069';
const UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`, 'g');
const HAS_UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`);
const UNSAFE_IN_A_LINE = new RegExp(`[\\t\\n${UNSAFE_CHARS}]`, 'g');
const HAS_UNSAFE_IN_A_LINE = new RegExp(`[\\t\\n${UNSAFE_CHARS}]`);

function escape(char: string): string {
  const code = char.charCodeAt(0);
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** For text that may span lines: tab and newline stay. */
export function sanitizeText(text: string): string {
  return HAS_UNSAFE.test(text) ? text.replace(UNSAFE, escape) : text;
}

/** For one line (a table cell, a list row): tab and newline are shown as `\t` and `\n` too. */
export function sanitizeLine(text: string): string {
  return HAS_UNSAFE_IN_A_LINE.test(text) ? text.replace(UNSAFE_IN_A_LINE, escape) : text;
}

/** cmd-tui's own sequences on a terminal: colours (SGR), erasing the line, and the carriage return of a progress bar. */
const OWN_SEQUENCE = /\u001B\[[0-9;]*m|\u001B\[2K|\r/y;

/**
 * For a whole stream of output: on a terminal, cmd-tui's own colour, line-erase and carriage return
 * pass and every other unsafe character is escaped; elsewhere (a pipe, a file) everything unsafe is.
 */
export function sanitizeOutput(text: string, terminal: boolean): string {
  if (!HAS_UNSAFE.test(text)) return text;
  if (!terminal) return sanitizeText(text);
  let out = '';
  for (let index = 0; index < text.length; ) {
    OWN_SEQUENCE.lastIndex = index;
    const own = OWN_SEQUENCE.exec(text);
    if (own) {
      out += own[0];
      index += own[0].length;
      continue;
    }
    out += sanitizeText(text[index]!);
    index += 1;
  }
  return out;
}
