/**
 * The audit's markdown report is pasted into issues and pull requests: names a server chose (guild,
 * command, and the role or channel words inside a finding) render as text there, never as a link, an
 * image, HTML, a heading or a broken table.
 */
import { describe, expect, it } from 'vitest';
import type { AuditReport } from '../../source/discord/audit.js';
import { renderAuditMarkdown } from '../../source/discord/audit-report.js';
import { markdownText } from '../../source/discord/markdown-text.js';

const HOSTILE = '[click](https://evil.example/x) ![p](https://evil.example/p.png) <img src=x onerror=alert(1)> **b** _i_ `c` # h | x\n## y www.evil.example &lt; ~~s~~ a@evil.example';

function report(name: string): AuditReport {
  const finding = { kind: 'ghost-duplicate' as const, severity: 'warning' as const, guildId: '2', commandId: '3', commandName: name, message: `/${name} exists both globally and as a guild command here.`, hint: `Overwrite on role ${name}.` };
  return {
    applicationId: '1',
    global: { commandCount: 0, counts: [], findings: [] },
    guilds: [{ guildId: '2', guildName: name, globalVisible: 1, guildCommands: [{ id: '3', name, type: 1 }], overwriteCount: 0, counts: [], findings: [finding] }],
    guildsWithCommands: ['2'],
    totals: { error: 0, warning: 1, info: 0 },
  } as unknown as AuditReport;
}

/** What is left of markdown syntax once every backslash-escaped character is taken out. */
const unescaped = (markdown: string) => markdown.replace(/\\[\s\S]/g, '');

describe('audit --markdown with hostile names', () => {
  const markdown = renderAuditMarkdown(report(HOSTILE));

  it('no link, image, HTML, emphasis, code or autolink survives from a name', () => {
    const bare = unescaped(markdown);
    for (const syntax of ['](', '![', '<img', '~~', 'https://', 'www.', '&lt;', '_i_']) expect(bare).not.toContain(syntax);
    // The report's own bold counts stay the only ones.
    expect(bare.split('**').length).toBe(unescaped(renderAuditMarkdown(report('ok'))).split('**').length);
    // The only code spans are the ids the report puts there itself.
    expect(bare.match(/`[^`]*`/g)).toEqual(['`1`', '`2`', '`2`', '`3`']);
  });

  it('the name stays on its line: no heading and no extra table cell from it', () => {
    expect(markdown.split('\n').filter((line) => line.startsWith('#'))).toEqual(['# Command audit of application `1`', '## Global scope', '## Guilds holding guild commands', `## Guild ${markdownText(HOSTILE)} (\`2\`)`]);
    for (const row of markdown.split('\n').filter((line) => line.startsWith('| warning'))) expect(unescaped(row).split('|')).toHaveLength(7);
  });

  it('reads as the same words once rendered: every escape is a backslash before the character', () => {
    expect(markdownText('a [b] <c> d_e').replace(/\\(.)/g, '$1')).toBe('a [b] <c> d_e');
    expect(markdownText('www.x.example https://y.example')).toBe('www\\.x.example https\\://y.example');
    // GitHub renders $…$ as math.
    expect(markdownText('costs $5 or $x^2$')).toBe('costs \\$5 or \\$x^2\\$');
  });

  it('an id that is not a number is text, not code', () => {
    const odd = renderAuditMarkdown({ ...report('ok'), applicationId: '1`<b>x</b>`' });
    expect(unescaped(odd.split('\n')[0]!)).not.toMatch(/`|<b>/);
  });
});
