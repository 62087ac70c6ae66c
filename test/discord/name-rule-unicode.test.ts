/**
 * The naming rule over the whole of Unicode (issue 16): for every code point, and for random names of any
 * code points, the validator accepts a slash name exactly when the documented regex matches and no
 * character has a lowercase variant it should have used. The regex is written here from the docs, not
 * imported: `^[-_ʼ\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$` with U+02BC, the character Discord's code
 * allows (https://github.com/discord/discord-api-docs/pull/8567, which corrected the docs' ASCII `'`;
 * the ASCII apostrophe's refusal is recorded in test/fixtures/discord/apostrophe-name-regex.json).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../source/discord/model.js';
import { checkName } from '../../source/discord/text-fields.js';

const DOCUMENTED = /^[-_\u02BC\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function documentedVerdict(name: string): boolean {
  return DOCUMENTED.test(name) && name.toLowerCase() === name;
}

function validatorVerdict(name: string): boolean {
  const problems: Problem[] = [];
  checkName(name, 'slash', 'name', problems);
  return problems.length === 0;
}

describe('the slash-name rule over all of Unicode', () => {
  it('agrees with the documented regex and the lowercase rule on every code point', () => {
    const disagreements: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      if (validatorVerdict(character) !== documentedVerdict(character)) disagreements.push(`U+${codePoint.toString(16).toUpperCase()}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('agrees on random names of any code points, lengths 0–40', () => {
    const tricky = fc.constantFrom('-', '_', '\u02BC', "'", ' ', 'A', 'a', '\u0130', '\u01C5', '\u0915', '\u0E01', '\u00DF', '1');
    const name = fc.array(fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(fc.property(name, (candidate) => validatorVerdict(candidate) === documentedVerdict(candidate)), { numRuns: 5000 });
  });

  it('reports an uppercase letter with a lowercase variant as the lowercase rule, a space as the pattern', () => {
    const problems: Problem[] = [];
    checkName('Ping', 'slash', 'name', problems);
    checkName('two words', 'slash', 'name', problems);
    checkName("isn't", 'slash', 'name', problems);
    expect(problems.map((found) => found.rule)).toEqual(['name.lowercase', 'name.pattern', 'name.pattern']);
  });
});
