import { describe, expect, it } from 'vitest';
import { jsonDocument, parseDocument, withNotes } from '../../../source/ui/editor/json-document.js';

describe('the $EDITOR document', () => {
  it('round-trips a command through its comment header', () => {
    const document = jsonDocument({ id: '1', type: 1, name: 'ping', description: 'Pong' });
    expect(parseDocument(withNotes(document, ['ERROR: something']))).toEqual({ ok: true, value: { name: 'ping', type: 1, description: 'Pong' } });
  });

  it.each([
    ['a __proto__ key', '{"name":"x","__proto__":{"nsfw":true}}', /__proto__/],
    ['a key given twice', '{"name":"x","name":"y"}', /"?name"? .*twice|twice.*name|duplicate/i],
  ])('refuses %s at its path, as a commands file does', (_, json, message) => {
    const parsed = parseDocument(`// header\n${json}\n`);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toMatch(message);
  });

  it('names the line as the editor shows it, comment lines counted', () => {
    const parsed = parseDocument('// one\n// two\n{\n  "name": "x",\n  "description": oops\n}\n');
    expect(parsed.ok ? '' : parsed.error).toMatch(/^The command is not valid JSON: line 5, column 18/);
  });

  it('never echoes the file content in a parse error', () => {
    const parsed = parseDocument('root:*:0:0:secret-looking-text');
    expect(parsed.ok ? '' : parsed.error).not.toContain('secret-looking-text');
  });
});
