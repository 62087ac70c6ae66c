/**
 * How many terminal cells a string takes, exactly as `string-width` (which Ink uses) says, without
 * its start-up cost: string-width builds an `Intl.Segmenter` and several Unicode-property regular
 * expressions when it is loaded (about 50 ms here), and walks every grapheme of any line that is not
 * plain ASCII. The TUI's own text (box lines, arrows, `…`, `—`, `·`, spinners) is one cell a
 * character, so it is answered from one regular expression; anything else (CJK, emoji, combining
 * marks, escape codes other than colours) goes to string-width itself, loaded on first need and
 * remembered per string.
 * The build (scripts/build.mjs) hands this module to Ink and its helpers in place of string-width.
 */
import { createRequire } from 'node:module';

export interface TextWidthOptions {
  ambiguousIsNarrow?: boolean;
  countAnsiEscapeCodes?: boolean;
}

type StringWidth = (text: string, options?: TextWidthOptions) => number;

/**
 * Characters that are each one cell, never join the next one into a grapheme, and are not emoji on
 * their own: printable ASCII and Latin (no soft hyphen), general punctuation, arrows, mathematical
 * operators, ⏎, box drawing and geometric shapes (not the two wide squares), ✓ ✗ and braille.
 * test/terminal/text-width.test.ts checks every one of them against string-width.
 */
const ONE_CELL_EACH = /^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u02FF\u2010-\u2027\u2030-\u205E\u2190-\u22FF\u23CE\u2500-\u25FC\u2713\u2717\u2800-\u28FF]*$/;
/** Colour and style codes, which take no cells: the only escapes Ink's own output contains. */
const SGR = /\u001B\[[\d;]*m/g;
const REMEMBERED = 4096;

let stringWidth: StringWidth | undefined;
const remembered = new Map<string, number>();

export function textWidth(text: string, options?: TextWidthOptions): number {
  if (typeof text !== 'string' || text.length === 0) return 0;
  const countEscapes = options?.countAnsiEscapeCodes === true;
  if (options?.ambiguousIsNarrow !== false) {
    const visible = countEscapes || !text.includes('\u001B') ? text : text.replace(SGR, '');
    if (ONE_CELL_EACH.test(visible)) return visible.length;
  }
  const key = options ? `${options.ambiguousIsNarrow === false ? 'W' : 'N'}${countEscapes ? 'A' : 'V'}${text}` : text;
  let width = remembered.get(key);
  if (width === undefined) {
    // Loaded from node_modules on first need: a static import would pay its start-up cost every run.
    stringWidth ??= (createRequire(import.meta.url)('string-width') as { default: StringWidth }).default;
    width = stringWidth(text, options);
    if (remembered.size >= REMEMBERED) remembered.clear();
    remembered.set(key, width);
  }
  return width;
}

export default textWidth;
