/**
 * Colour for the scriptable commands' human output: on a terminal only, never with NO_COLOR or
 * `--no-color`, never in `--json`. Meanings stay in the text (`+ create`, `error`), so colour only
 * helps the eye.
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

/** The paint for text written to `stream`. */
export function paintFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv, flags: { 'no-color'?: boolean } = {}): Paint {
  return stream.isTTY === true && (env.NO_COLOR ?? '') === '' && flags['no-color'] !== true ? COLOURED : PLAIN;
}
