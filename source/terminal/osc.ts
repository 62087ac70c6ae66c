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

/**
 * Terminals known to draw OSC 8 links (others may print the sequence or ignore it; the address is
 * shown as text either way). From the terminals' own documentation of the variables they set.
 */
export function supportsHyperlinks(env: NodeJS.ProcessEnv): boolean {
  if (env.TERM === 'dumb') return false;
  if (env.WT_SESSION || env.KITTY_WINDOW_ID || env.WEZTERM_PANE || env.GHOSTTY_RESOURCES_DIR) return true;
  if (['iTerm.app', 'WezTerm', 'vscode', 'ghostty', 'Hyper'].includes(env.TERM_PROGRAM ?? '')) return true;
  // tmux draws them from 3.4 on.
  if (env.TERM_PROGRAM === 'tmux') return Number.parseFloat(env.TERM_PROGRAM_VERSION ?? '0') >= 3.4;
  return Number(env.VTE_VERSION ?? 0) >= 5000 || /kitty|alacritty|foot|wezterm|ghostty/.test(env.TERM ?? '');
}
