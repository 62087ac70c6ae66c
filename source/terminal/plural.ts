/** A count with its noun, as a sentence says it: `1 change`, `2 changes`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
