/**
 * Plain text put into markdown (the audit report people paste into issues and pull requests) so that
 * it renders as exactly that text: a name a server chose cannot become a link, an image, HTML, a heading
 * or a broken table. Applied to every piece of text as it is interpolated, never to the finished report.
 */
import { sanitizeLine } from '../terminal/sanitize.js';

/** What markdown (CommonMark and GitHub's, whose `$…$` is math) reads as syntax inline or in a table cell: each backslash-escaped. */
const SPECIAL = /[\\`*_{}[\]()<>#!|~&@$]/g;
/** GitHub turns `https://…`, `mailto:…` and `www.…` into links with no brackets at all. */
const AUTOLINK_COLON = /:(?=\S)/g;
const AUTOLINK_WWW = /(?<=\bwww)\./gi;

/** `text` on one line of markdown, shown literally (control characters as the terminal shows them). */
export function markdownText(text: string): string {
  return sanitizeLine(text.replace(/\r?\n|\r/g, ' '))
    .replace(SPECIAL, (character) => `\\${character}`)
    .replace(AUTOLINK_COLON, '\\:')
    .replace(AUTOLINK_WWW, '\\.');
}

/** An id as inline code; anything but digits (a server answering nonsense) is shown as text instead. */
export function markdownId(id: string): string {
  return /^\d+$/.test(id) ? `\`${id}\`` : markdownText(id);
}
