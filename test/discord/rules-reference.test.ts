/** The rules reference the agents' door serves is the rules table itself: every rule, in its own words. */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../source/discord/model.js';
import { limitsReference, rulesReference, rulesReferenceText } from '../../source/discord/rules-reference.js';
import { allRules, problem, RULES } from '../../source/discord/rules.js';

describe('rulesReference', () => {
  it('has every rule of the table, once, with its severity and Discord code', () => {
    const reference = rulesReference();
    expect(reference.map((rule) => rule.id)).toEqual(allRules().map((rule) => rule.id));
    for (const rule of reference) expect(rule.text, rule.id).not.toMatch(/undefined|\[object/);
    expect(reference.find((rule) => rule.id === 'scope.count.chat-input')).toMatchObject({ severity: 'error', discordCode: 30032 });
  });

  it('is each rule\'s own message with its details as placeholders', () => {
    const made = problem('descriptionLength', 'description', { length: 0 });
    const text = rulesReference().find((rule) => rule.id === RULES.descriptionLength.id)!.text;
    expect(text).toBe('description has ‹length› characters: use 1–100');
    expect(made.message).toBe(text.replace('‹length›', '0'));
    expect(rulesReference().find((rule) => rule.id === 'shape.unknown-field')!.text).toBe('`‹field›` is not a field Discord knows and would be ignored; remove it');
  });

  it('lists every limit', () => {
    const limits = limitsReference();
    expect(limits).toHaveLength(Object.keys(LIMITS).length);
    expect(limits).toContainEqual({ limit: 'command size', value: '8000' });
    expect(limits).toContainEqual({ limit: 'name length', value: '1–32' });
    expect(rulesReferenceText()).toContain('- daily creates: 200');
  });
});
