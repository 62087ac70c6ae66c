/** The strict JSON reader: the same values as JSON.parse, and an error at the path for what JSON.parse lets through. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, parseStrictJson, strictJsonProblem } from '../../source/discord/strict-json.js';

describe('parseStrictJson', () => {
  it('property: reads any JSON value as JSON.parse does', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 6 }), (text) => {
        const value = JSON.parse(text) as unknown;
        const keys = JSON.stringify(value).match(/"(__proto__|constructor|prototype)":/);
        const parsed = parseStrictJson(text);
        if (keys) expect(parsed.ok).toBe(false);
        else expect(parsed).toEqual({ ok: true, value });
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ['__proto__', '[{"name":"x","description":"d","type":1,"__proto__":{"default_member_permissions":"8","nsfw":true}}]', '[0].__proto__', 'the key "__proto__" is not allowed'],
    ['constructor', '{"a":{"constructor":1}}', 'a.constructor', 'the key "constructor" is not allowed'],
    ['a duplicate key', '{"name":"x","name":"y"}', 'name', 'the key "name" is given twice'],
    ['a duplicate deep down', '[{"options":[{"name":"a","type":3,"type":4}]}]', '[0].options[0].type', 'the key "type" is given twice'],
    ['a number JSON.parse reads as Infinity', '{"permissions":[{"permission":-1e309}]}', 'permissions[0].permission', 'a number beyond ±1.8e308'],
  ])('refuses %s at its path', (_name, text, path, message) => {
    const parsed = parseStrictJson(text);
    expect(parsed).toMatchObject({ ok: false, path });
    expect(parsed.ok === false && parsed.message).toContain(message);
  });

  it.each([
    ['{"a":1,}', 'is not valid JSON: line 1, column 8: a key in double quotes was expected'],
    ['{"createdAt":"x",\n "__proto__":{}}', 'has a key that is not allowed: line 2, column 13 (at __proto__): the key "__proto__" is not allowed (it could smuggle fields past the checks)'],
    ['{"a":1,"a":2}', 'has a key given twice: line 1, column 11 (at a): the key "a" is given twice (JSON would keep only the last silently)'],
    ['[-1e309]', 'has a number out of range: line 1, column 2 (at [0]): a number beyond ±1.8e308, which JSON.parse would read as Infinity'],
  ])('says what %s is, one wording for every reader', (text, words) => {
    const parsed = parseStrictJson(text);
    expect(parsed.ok === false && strictJsonProblem(parsed)).toBe(words);
  });

  it('says line and column, never the content', () => {
    const parsed = parseStrictJson('{\n  "name": "root:*:2024",\n  oops\n}');
    expect(parsed).toEqual({ ok: false, fault: 'syntax', message: 'line 3, column 3: a key in double quotes was expected' });
    const truncated = parseStrictJson('[{"name": "secret-value');
    expect(truncated.ok === false && truncated.message).not.toContain('secret-value');
  });

  it('refuses 100,000 levels of nesting without running out of stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const parsed = parseStrictJson(deep);
    expect(parsed.ok === false && parsed.message).toContain(`nested deeper than ${MAX_DEPTH} levels`);
  });
});
