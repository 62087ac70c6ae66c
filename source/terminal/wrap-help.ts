/**
 * Help text fitted to the terminal (80 columns when it is not one): a line wider than that breaks at
 * spaces, its continuation lines indented to where its description starts (`  apply      make a…`), so
 * the columns hold; a table whose column would take more than half the width puts every description
 * under its term instead. Examples stay copyable at any width: a command too wide is continued with ` \` at a
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
  return sectionsOf(text.split('\n'))
    .map(({ heading, body }) => {
      const lines = heading === EXAMPLES_HEADING ? body.map((line) => (line.length <= width ? line : /^\s*#/.test(line) ? wrapComment(line, width) : continueCommand(line, width))) : wrapSection(body, width);
      return [...(heading === undefined ? [] : [heading.length <= width ? heading : wrapLine(heading, width)]), ...lines].join('\n');
    })
    .join('\n');
}

/** The text cut before each line at the margin (a heading, or prose): each section is laid out as a whole. */
function sectionsOf(lines: readonly string[]): Array<{ heading?: string; body: string[] }> {
  const sections: Array<{ heading?: string; body: string[] }> = [{ body: [] }];
  for (const line of lines) {
    if (line !== '' && !line.startsWith(' ')) sections.push({ heading: line, body: [] });
    else sections.at(-1)!.body.push(line);
  }
  return sections[0]!.body.length === 0 ? sections.slice(1) : sections;
}

/** `  term  description`: a table's row, its description starting at `column`. */
const ROW = /^(\s*)(\S+(?: \S+)*?) {2,}(?=\S)/;

/**
 * A section whose every line is a row of one table (flags, commands, exit codes: their descriptions all
 * start at one column) is laid out as a whole, the same way for each row: with its column when the column
 * is at most half the width, every description continuing under its start; else each description on lines
 * of its own under its term, indented four more (a flag as wide as `--preset a|b|c` at 80 columns). Any
 * other section line by line.
 */
function wrapSection(body: readonly string[], width: number): string[] {
  const rows = body.filter((line) => line !== '').map((line) => ROW.exec(line));
  const column = rows[0]?.[0].length;
  const table = column !== undefined && rows.every((row) => row?.[0].length === column);
  if (!table) return body.map((line) => (line.length <= width ? line : wrapLine(line, width)));
  if (column <= width / 2) return body.map((line) => (line.length <= width ? line : fill(line.slice(0, column), ' '.repeat(column), wordsOf(line.slice(column)), width).join('\n')));
  return body.flatMap((line) => {
    if (line === '') return [line];
    const [, lead = '', term = ''] = ROW.exec(line)!;
    const indent = `${lead}    `;
    return [...fill(lead, indent, wordsOf(term), width), ...fill(indent, indent, wordsOf(line.slice(column)), width)];
  });
}

const wordsOf = (text: string) => text.split(' ').filter((part) => part !== '');

/** A line that is not a table's: an indented one (a usage line) continues under its second word, a paragraph at the margin. */
function wrapLine(line: string, width: number): string {
  const lead = /^\s*/.exec(line)![0].length;
  const indent = ' '.repeat(lead === 0 ? 0 : Math.min(/^\s*\S+ /.exec(line)?.[0].length ?? lead, width / 2));
  return fill(line.slice(0, lead), indent, wordsOf(line.slice(lead)), width).join('\n');
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
  return fill(marker, marker, wordsOf(line.slice(head.length)), width).join('\n');
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
