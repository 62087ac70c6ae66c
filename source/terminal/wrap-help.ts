/**
 * Help text fitted to the terminal (80 columns when it is not one): a line wider than that breaks at
 * spaces, its continuation lines indented to where its description starts (`  apply      make a…`), so
 * the columns hold. Examples stay copyable at any width: a command too wide is continued with ` \` at a
 * space outside quotes (a line pasted alone waits for the rest instead of running half a command), and a
 * comment wraps into more `#` lines. Free of imports: `cmd-tui --help` loads it and nothing else.
 */

/** The width help is fitted to: the terminal's, or 80 for a pipe or a file (as man pages are). */
export function helpWidth(stream: { isTTY?: boolean; columns?: number }): number {
  return Math.max(40, stream.isTTY && stream.columns ? stream.columns : 80);
}

/** The heading whose indented lines are shell commands (and `#` comments on lines of their own). */
const EXAMPLES_HEADING = 'Examples';

export function wrapHelp(text: string, width: number): string {
  let inExamples = false;
  return text
    .split('\n')
    .map((line) => {
      if (line !== '' && !line.startsWith(' ')) inExamples = line === EXAMPLES_HEADING;
      if (line.length <= width) return line;
      if (!inExamples) return wrapLine(line, width);
      return /^\s*#/.test(line) ? wrapComment(line, width) : continueCommand(line, width);
    })
    .join('\n');
}

function wrapLine(line: string, width: number): string {
  const lead = /^\s*/.exec(line)![0].length;
  // `  term  description`: continuation lines start under the description, when that leaves room;
  // an indented line without one (a usage line) under its second word; a paragraph at the margin.
  const column = /^\s*\S+(?: \S+)*? {2,}/.exec(line)?.[0].length;
  const aligned = column !== undefined && column <= width / 2;
  const head = line.slice(0, aligned ? column : lead);
  const indent = ' '.repeat(aligned ? column : lead === 0 ? 0 : Math.min(/^\s*\S+ /.exec(line)?.[0].length ?? lead, width / 2));
  return fill(head, indent, line.slice(head.length).split(' ').filter((part) => part !== ''), width).join('\n');
}

/** Words into lines of at most `width` (a word longer than that stands alone), the first after `head`, the rest after `indent`. */
function fill(head: string, indent: string, words: readonly string[], width: number, reserve = 0): string[] {
  const lines: string[] = [];
  let current = head;
  for (const word of words) {
    const fresh = current === head || current === indent;
    if (!fresh && current.length + 1 + word.length + reserve > width) {
      lines.push(current);
      current = indent + word;
    } else current += (fresh ? '' : ' ') + word;
  }
  lines.push(current);
  return lines;
}

/** `  # a long comment` as several `  # …` lines: a comment's words never land on a line of their own. */
function wrapComment(line: string, width: number): string {
  const head = /^\s*#\s*/.exec(line)![0];
  const marker = `${head.slice(0, head.indexOf('#'))}# `;
  return fill(marker, marker, line.slice(head.length).split(' ').filter((part) => part !== ''), width).join('\n');
}

/** A command broken at spaces outside quotes, each line but the last ending in ` \`, the rest indented four more. */
function continueCommand(line: string, width: number): string {
  const lead = /^\s*/.exec(line)![0];
  const lines = fill(lead, `${lead}    `, shellWords(line.slice(lead.length)), width, 2);
  return lines.map((part, index) => (index < lines.length - 1 ? `${part} \\` : part)).join('\n');
}

/** The words of a command line, a quoted string (`--modal details="Work offline"`) kept whole. */
function shellWords(command: string): string[] {
  return command.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
}
