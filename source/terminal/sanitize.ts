/**
 * Text from outside — a server's names, descriptions, localizations, messages; a file's contents — made
 * safe to show on a terminal: C0 controls but tab and newline, DEL, C1 controls, the bidi overrides,
 * isolates and marks, and the invisible characters (zero-width space, word joiner, byte-order mark,
 * invisible operators, line and paragraph separators, tag characters but in a flag) become visible escapes (`\x1b`,
 * `\x9b`, `\u202e`, `\u200b`). Otherwise a name could set the window title, clear the screen, write the
 * clipboard (OSC 52), plant links (OSC 8), hide the rest of a line (SGR 8), paint a fake line (erase +
 * return), read backwards, or look like another name (`ad\u200bmin`). The zero-width joiners stay where
 * they are part of what a person reads: inside an emoji sequence (👨‍👩‍👧) and between two letters of a
 * script that shapes with them (Persian, Arabic, the Indic scripts); next to Latin, Greek or Cyrillic
 * letters, or anywhere else, they are escaped. Used by the CLI's output streams and the TUI's text
 * alike; `--json` stays exact in value (sanitizeJson).
 *
 * cmd-tui's own sequences (its colours, the progress bar's erase and return) are made by `ownSequence`,
 * which wraps them in a mark only this process knows; `sanitizeOutput`, at the stream, turns a marked
 * sequence back into itself and escapes every other one. So a server's `\x1b[8m` is shown as text even on
 * a terminal, wherever it was interpolated, and our colour is added after its text is made safe.
 */
const ALWAYS_UNSAFE = '\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB';
/** The joiners and tag characters: kept where they are part of what a person reads (keptInContext), escaped elsewhere. */
const IN_CONTEXT = '\\u200C\\u200D\\u{E0000}-\\u{E007F}';
const IN_CONTEXT_CHAR = new RegExp(`^[${IN_CONTEXT}]$`, 'u');
const UNSAFE = new RegExp(`[${ALWAYS_UNSAFE}${IN_CONTEXT}]`, 'gu');
const HAS_UNSAFE = new RegExp(`[${ALWAYS_UNSAFE}${IN_CONTEXT}]`, 'u');
const UNSAFE_IN_A_LINE = new RegExp(`[\\t\\n${ALWAYS_UNSAFE}${IN_CONTEXT}]`, 'gu');
const HAS_UNSAFE_IN_A_LINE = new RegExp(`[\\t\\n${ALWAYS_UNSAFE}${IN_CONTEXT}]`, 'u');

/** A joiner inside an emoji sequence: after a pictograph (or its skin tone / presentation selector), before one. */
const EMOJI_BEFORE = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\uFE0F]$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;
/** A joiner between letters (or marks, as a virama) of a script that shapes with it: not Latin, Greek, Cyrillic or common. */
const SHAPING_BEFORE = /(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}])[\p{L}\p{M}]$/u;
const SHAPING_AFTER = /^(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}])[\p{L}\p{M}]/u;

/** Tag characters spell a subdivision flag after a black flag (🏴 + `gbeng` + cancel tag = England's). */
const FLAG_BEFORE = /\u{1F3F4}[\u{E0020}-\u{E007E}]*$/u;

function keptInContext(char: string, offset: number, text: string): boolean {
  if (char.codePointAt(0)! >= 0xe0000) return FLAG_BEFORE.test(text.slice(Math.max(0, offset - 32), offset));
  const before = text.slice(Math.max(0, offset - 2), offset);
  const after = text.slice(offset + 1, offset + 3);
  if (char === '\u200D' && EMOJI_BEFORE.test(before) && EMOJI_AFTER.test(after)) return true;
  return SHAPING_BEFORE.test(before) && SHAPING_AFTER.test(after);
}

function escaped(char: string): string {
  const code = char.codePointAt(0)!;
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
}

/** `\u200b` in JSON: the same value to a parser, one UTF-16 unit at a time. */
function jsonEscaped(char: string): string {
  return Array.from({ length: char.length }, (_, unit) => `\\u${char.charCodeAt(unit).toString(16).padStart(4, '0')}`).join('');
}

/** A replacer that shows each unsafe character with `show`, but for a joiner or tag kept in its context. */
const showingWith = (show: (char: string) => string) => (char: string, offset: number, text: string) =>
  IN_CONTEXT_CHAR.test(char) && keptInContext(char, offset, text) ? char : show(char);
const escape = showingWith(escaped);
const jsonEscape = showingWith(jsonEscaped);

/** For text that may span lines: tab and newline stay. */
export function sanitizeText(text: string): string {
  return HAS_UNSAFE.test(text) ? text.replace(UNSAFE, escape) : text;
}

/** For one line (a table cell, a list row): tab and newline are shown as `\t` and `\n` too. */
export function sanitizeLine(text: string): string {
  return HAS_UNSAFE_IN_A_LINE.test(text) ? text.replace(UNSAFE_IN_A_LINE, escape) : text;
}

/**
 * For JSON on stdout (`--json`, a commands file): the same characters, which JSON.stringify leaves raw
 * inside strings (it escapes only C0), written as `\uXXXX` escapes — but joiners and tags kept in their
 * context, so an emoji stays as it was in a saved file. A parser reads the very same value; a terminal shows text.
 */
export function sanitizeJson(json: string): string {
  return HAS_UNSAFE.test(json) ? json.replace(UNSAFE, jsonEscape) : json;
}

/**
 * The mark of this process's own sequences: private-use characters around a random number drawn at start,
 * which nothing outside the process can know, so a server cannot forge it.
 */
const OWN_OPEN = `\uE000${Array.from(globalThis.crypto.getRandomValues(new Uint32Array(4)), (part) => part.toString(36)).join('')}\uE001`;
const OWN_CLOSE = '\uE002';

/** One of cmd-tui's own terminal sequences (a colour, erasing the line, a carriage return), marked to pass `sanitizeOutput`. */
export function ownSequence(sequence: string): string {
  return `${OWN_OPEN}${sequence}${OWN_CLOSE}`;
}

/**
 * For a whole stream of output (terminal or pipe): cmd-tui's own marked sequences pass as themselves and
 * every unsafe character of the rest is escaped, whether or not a command made it safe before.
 */
export function sanitizeOutput(text: string): string {
  if (!text.includes(OWN_OPEN)) return sanitizeText(text);
  let out = '';
  let index = 0;
  for (let open = text.indexOf(OWN_OPEN); open !== -1; open = text.indexOf(OWN_OPEN, index)) {
    const close = text.indexOf(OWN_CLOSE, open + OWN_OPEN.length);
    if (close === -1) break;
    out += sanitizeText(text.slice(index, open)) + text.slice(open + OWN_OPEN.length, close);
    index = close + OWN_CLOSE.length;
  }
  return out + sanitizeText(text.slice(index));
}
