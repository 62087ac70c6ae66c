/**
 * Help text fitted to the terminal (80 columns when it is not one): a line wider than that breaks at
 * spaces, its continuation lines indented to where its description starts (`  apply      make a…`), so
 * the columns hold. Free of imports: `cmd-tui --help` loads it and nothing else.
 */

/** The width help is fitted to: the terminal's, or 80 for a pipe or a file (as man pages are). */
export function helpWidth(stream: { isTTY?: boolean; columns?: number }): number {
  return Math.max(40, stream.isTTY && stream.columns ? stream.columns : 80);
}

export function wrapHelp(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => (line.length <= width ? line : wrapLine(line, width)))
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
  const lines: string[] = [];
  let current = head;
  for (const word of line.slice(head.length).split(' ').filter((part) => part !== '')) {
    const fresh = current === head || current === indent;
    if (!fresh && current.length + 1 + word.length > width) {
      lines.push(current);
      current = indent + word;
    } else current += (fresh ? '' : ' ') + word;
  }
  lines.push(current);
  return lines.join('\n');
}
