/**
 * The two terminal sequences that make an address usable where it is shown: OSC 8 makes text a link
 * to it (clicked or opened whole however the text is wrapped), OSC 52 puts it on the clipboard (which
 * works over SSH too, the terminal on the user's side doing the copying). Only cmd-tui's own addresses
 * go through here, made safe first, so nothing from outside can plant a link or write the clipboard.
 */
import { sanitizeLine } from './sanitize.js';

/** Printable ASCII only: what is left of an address once anything that could end the sequence early is gone. */
function safeAddress(url: string): string {
  return sanitizeLine(url).replace(/[^\u0021-\u007e]/g, (char) => encodeURIComponent(char));
}

/** `text` as a link to `url` (OSC 8). */
export function hyperlink(url: string, text: string): string {
  return `\u001b]8;;${safeAddress(url)}\u0007${text}\u001b]8;;\u0007`;
}

/** The sequence that asks the terminal to put `text` on the system clipboard (OSC 52). */
export function clipboardSequence(text: string): string {
  return `\u001b]52;c;${Buffer.from(safeAddress(text)).toString('base64')}\u0007`;
}
