/**
 * "Did you mean …?" for a mistyped command, subcommand or flag, as gh, kubectl and terraform answer:
 * the known words within a small edit distance of what was typed (or that it starts), nearest first.
 */

/** Levenshtein distance: insertions, deletions and substitutions, one each. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** The known words nearest to `typed`: a distance of at most 2 (1 for words of 3 letters or fewer), or a prefix of 2+ letters. */
export function nearest(typed: string, known: readonly string[]): string[] {
  const limit = typed.length <= 3 ? 1 : 2;
  const scored = known
    .map((word) => ({ word, distance: typed.length >= 2 && word.startsWith(typed) ? 0 : editDistance(typed, word) }))
    .filter(({ distance }) => distance <= limit);
  const best = Math.min(...scored.map(({ distance }) => distance));
  return scored.filter(({ distance }) => distance === best).map(({ word }) => word);
}

/** ` Did you mean list?` (or `plan or apply?`), or nothing when no known word is near. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const found = nearest(typed, known).slice(0, 3);
  return found.length === 0 ? '' : ` Did you mean ${found.join(' or ')}?`;
}
