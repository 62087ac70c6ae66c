/**
 * Whether to colour, for the scriptable commands' human output and the TUI's theme, decided as
 * chalk/supports-color and Node decide it, first rule that applies:
 *   1. `--no-color`: none;
 *   2. FORCE_COLOR: none if it is 0 or false, else colour (even piped, even with NO_COLOR or TERM=dumb);
 *   3. NO_COLOR (any non-empty value, https://no-color.org): none;
 *   4. not a terminal (piped, redirected): none;
 *   5. TERM=dumb: none;
 *   6. colour.
 * Never in `--json`. Meanings stay in the text (`+ create`, `error`), so colour only helps the eye.
 */
import { ownSequence } from './sanitize.js';

export interface Paint {
  create(text: string): string;
  update(text: string): string;
  remove(text: string): string;
  error(text: string): string;
  warning(text: string): string;
  strong(text: string): string;
  muted(text: string): string;
}

/** Marked as our own (terminal/sanitize.ts): the stream lets these through and escapes a server's. */
const sgr = (code: number) => (text: string) => `${ownSequence(`\u001B[${code}m`)}${text}${ownSequence('\u001B[0m')}`;
const same = (text: string) => text;

export const PLAIN: Paint = { create: same, update: same, remove: same, error: same, warning: same, strong: same, muted: same };
const COLOURED: Paint = { create: sgr(32), update: sgr(33), remove: sgr(31), error: sgr(31), warning: sgr(33), strong: sgr(1), muted: sgr(2) };

/**
 * What colour depends on, as the environment says it (read once, config/environment.ts): FORCE_COLOR as
 * given (undefined when unset), NO_COLOR set to anything, TERM=dumb.
 */
export interface ColourFacts {
  forceColor?: string;
  noColor: boolean;
  dumbTerminal: boolean;
}

/** Whether text written to `stream` gets colour (the rules above). */
export function colourWanted(stream: { isTTY?: boolean }, facts: ColourFacts, flags: { 'no-color'?: boolean } = {}): boolean {
  if (flags['no-color'] === true) return false;
  // Rule 2: FORCE_COLOR asks for colour even where there is no terminal, unless it says 0 or false.
  if (facts.forceColor !== undefined) return facts.forceColor !== '0' && facts.forceColor !== 'false';
  if (facts.noColor) return false;
  return stream.isTTY === true && !facts.dumbTerminal;
}

/** The paint for text written to `stream`. */
export function paintFor(stream: { isTTY?: boolean }, facts: ColourFacts, flags: { 'no-color'?: boolean } = {}): Paint {
  return colourWanted(stream, facts, flags) ? COLOURED : PLAIN;
}
