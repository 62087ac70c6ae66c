/** A count with its noun, as a sentence says it: `1 change`, `2 changes`. */
export function plural(count: number, noun: string): string {
  return `${count} ${nounFor(count, noun)}`;
}

/** The noun alone, for a count written apart from it (`**3** errors` in Markdown). */
export function nounFor(count: number, noun: string): string {
  return count === 1 ? noun : `${noun}s`;
}
