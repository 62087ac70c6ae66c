/**
 * Turns Ink's (input, key) pair into one chord name (`ctrl+d`, `shift+tab`, `E`, `/`) so the key table
 * can be plain data, and decides what counts as typed text.
 */
import type { Key } from 'ink';

export type Chord = string;

export function toChord(input: string, key: Key): Chord {
  const mod = key.ctrl ? 'ctrl+' : key.meta ? 'meta+' : '';
  if (key.upArrow) return `${mod}up`;
  if (key.downArrow) return `${mod}down`;
  if (key.leftArrow) return `${mod}left`;
  if (key.rightArrow) return `${mod}right`;
  if (key.pageUp) return 'pgup';
  if (key.pageDown) return 'pgdn';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  if (key.backspace) return 'backspace';
  if (key.delete) return 'delete';
  if (input === ' ') return `${mod}space`;
  if (key.ctrl) return `ctrl+${input.toLowerCase()}`;
  if (key.meta) return `meta+${input}`;
  return input;
}

/**
 * Text a field may insert: printable and unmodified. Ctrl and meta chords are commands, never text
 * (ink-text-input inserts ctrl+d as "d"; style-anchors §1.2). A paste arrives as one multi-character string.
 */
export function insertableText(input: string, key: Key): string {
  if (key.ctrl || key.meta || key.escape || key.return || key.tab || key.backspace || key.delete) return '';
  if (key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown) return '';
  // Drop control characters (a pasted newline, stray escape bytes) but keep everything printable.
  return input.replace(/[\u0000-\u001f\u007f]/g, '');
}

/** The chord a paste arrives as: its text is the handler's `input`, whole. Only text fields take it. */
export const PASTE: Chord = 'paste';

/** A paste as one line of text: line breaks and tabs become spaces, other control characters go. */
export function pastedText(text: string): string {
  return text.replace(/\r\n|[\r\n\t]/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '');
}

export const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};

/**
 * Ink hands over a run of plain bytes that arrived together as one input ("/b", "\r\r", "abc\x13")
 * when the app reads stdin late (a busy machine, fast typists, tmux). Each byte is a keypress of its
 * own, so the run is split back into single keys; escape sequences never reach here unsplit.
 */
export function splitKeys(input: string, key: Key): { input: string; key: Key }[] {
  if (input.length <= 1 || input.includes('\u001b') || key.ctrl || key.meta) return [{ input, key }];
  return [...input].map((char) => {
    const code = char.charCodeAt(0);
    if (char === '\r' || char === '\n') return { input: '', key: { ...NO_KEY, return: true } };
    if (char === '\t') return { input: '', key: { ...NO_KEY, tab: true } };
    if (char === '\u007f' || char === '\b') return { input: '', key: { ...NO_KEY, backspace: true } };
    if (code < 32) return { input: String.fromCharCode(code + 96), key: { ...NO_KEY, ctrl: true } };
    return { input: char, key: { ...NO_KEY, shift: /[A-Z]/.test(char) } };
  });
}
