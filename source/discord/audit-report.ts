/**
 * How `cmd-tui audit` shows a report: readable text for the terminal, and markdown good enough
 * to paste into an issue (summary, guilds holding guild commands, findings per scope).
 */
import type { AuditReport, Finding, GuildAudit, TypeCount } from './audit.js';
import { PLAIN, type Paint } from '../terminal/colour.js';
import { sanitizeLine } from '../terminal/sanitize.js';
import { markdownId, markdownText } from './markdown-text.js';
import { nounFor, plural } from '../terminal/plural.js';

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

export function renderAuditText(report: AuditReport, paint: Paint = PLAIN): string {
  const lines: string[] = [
    `Audit of application ${report.applicationId}: ${plural(report.totals.error, 'error')}, ${plural(report.totals.warning, 'warning')}, ${plural(report.totals.info, 'note')}.`,
    '',
    `Global scope: ${plural(report.global.commandCount, 'command')} (${countsText(report.global.counts)})`,
    ...findingLines(report.global.findings, paint),
  ];
  for (const guild of report.guilds) {
    lines.push('', `Guild ${sanitizeLine(guild.guildName)} (${guild.guildId}): ${guildSummary(guild)}`, ...findingLines(guild.findings, paint));
  }
  if (report.guilds.length > 0) {
    const holders = report.guilds.filter((guild) => guild.guildCommands.length > 0).map((guild) => `${sanitizeLine(guild.guildName)} (${guild.guildId})`);
    lines.push('', `Guilds holding guild commands: ${holders.length > 0 ? holders.join(', ') : 'none'}`);
  }
  return `${lines.join('\n')}\n`;
}

export function renderAuditMarkdown(report: AuditReport): string {
  const lines: string[] = [
    `# Command audit of application ${markdownId(report.applicationId)}`,
    '',
    `${bold(report.totals.error, 'error')} · ${bold(report.totals.warning, 'warning')} · ${bold(report.totals.info, 'note')} · ${plural(report.guilds.length, 'guild')} audited`,
    '',
    '## Global scope',
    '',
    `${plural(report.global.commandCount, 'command')}: ${markdownText(countsText(report.global.counts))}`,
    '',
    ...findingTable(report.global.findings),
  ];
  if (report.guilds.length > 0) {
    lines.push('## Guilds holding guild commands', '');
    const holders = report.guilds.filter((guild) => guild.guildCommands.length > 0);
    if (holders.length === 0) lines.push('None.', '');
    else {
      lines.push('| Guild | Id | Guild commands | Global commands visible | Overwrites |', '|---|---|---|---|---|');
      for (const guild of holders) {
        lines.push(`| ${markdownText(guild.guildName)} | ${markdownId(guild.guildId)} | ${guild.guildCommands.length} | ${guild.globalVisible} | ${guild.overwriteCount} |`);
      }
      lines.push('');
    }
    for (const guild of report.guilds.filter((g) => g.findings.length > 0)) {
      lines.push(`## Guild ${markdownText(guild.guildName)} (${markdownId(guild.guildId)})`, '', markdownText(guildSummary(guild)), '', ...findingTable(guild.findings));
    }
  }
  return `${lines.join('\n')}\n`;
}

function guildSummary(guild: GuildAudit): string {
  return `${plural(guild.guildCommands.length, 'guild command')} (${countsText(guild.counts)}), ${plural(guild.globalVisible, 'global command')} visible, ${plural(guild.overwriteCount, 'overwrite')}`;
}

function countsText(counts: readonly TypeCount[]): string {
  return counts.map(({ type, count, cap }) => `${type} ${count}/${cap}`).join(', ');
}

function sorted(findings: readonly Finding[]): Finding[] {
  return [...findings].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

const SEVERITY_PAINT = { error: 'error', warning: 'warning', info: 'muted' } as const;

function findingLines(findings: readonly Finding[], paint: Paint): string[] {
  if (findings.length === 0) return ['  no findings'];
  return sorted(findings).flatMap((finding) => [
    `  ${paint[SEVERITY_PAINT[finding.severity]](finding.severity.padEnd(7))} ${finding.kind}: ${finding.message}`,
    ...(finding.hint ? [`          ${finding.hint}`] : []),
  ]);
}

function findingTable(findings: readonly Finding[]): string[] {
  if (findings.length === 0) return ['No findings.', ''];
  return [
    '| Severity | Finding | Command | Details | What to do |',
    '|---|---|---|---|---|',
    ...sorted(findings).map(
      (f) => `| ${f.severity} | ${f.kind} | ${f.commandName ? markdownText(f.commandName) : ''}${f.commandId ? ` ${markdownId(f.commandId)}` : ''} | ${markdownText(f.message)} | ${markdownText(f.hint ?? '')} |`,
    ),
    '',
  ];
}

/** `**3** errors`: the count in bold, for Markdown. */
function bold(count: number, noun: string): string {
  return `**${count}** ${nounFor(count, noun)}`;
}
