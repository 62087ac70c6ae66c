/**
 * What the audit screen draws, from its state alone: the title with the counts, the progress (a bar with
 * the guilds done, the requests and the time left, or how the audit ended), the findings (severity
 * first, narrow rows without the kind), the selected finding's hint, and the footer.
 */
import { Box } from 'ink';
import type { Finding } from '../../../discord/audit.js';
import type { Scope } from '../../../discord/model.js';
import { fitCell } from '../../../terminal/fit-cell.js';
import { Footer } from '../../components/footer.js';
import { Text } from '../../components/text.js';
import { fittedName, plural } from '../../format/title-with-counts.js';
import type { Action, DisabledKeys } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';
import { whereOf, type AuditProgress } from './use-audit-state.js';

/** Below this width a finding's row leaves its kind out (v shows it). */
const NARROW_AUDIT = 72;
const SHORT_SEVERITY: Record<Finding['severity'], string> = { error: 'err', warning: 'warn', info: 'note' };

/** The progress line: a bar while it runs, how it ended after. */
export function progressLine(progress: AuditProgress, width: number, audited: string, auditedScope: Scope): string {
  if (!progress.running) {
    const ended = progress.stopped ? `Stopped after ${progress.done} of ${progress.total} guilds` : `Audited ${audited}${auditedScope.kind === 'global' ? ` and ${progress.done} guilds` : ''}`;
    return `${ended} · ${progress.requests} requests`;
  }
  const elapsed = Date.now() - progress.startedAt;
  const eta = progress.done > 0 ? Math.ceil(((elapsed / progress.done) * (progress.total - progress.done)) / 1000) : undefined;
  const barWidth = Math.max(10, Math.min(30, width - 60));
  const filled = progress.total > 0 ? Math.round((progress.done / progress.total) * barWidth) : 0;
  return `guilds ${progress.done}/${progress.total} [${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)}] · ${progress.requests} requests${eta !== undefined ? ` · about ${eta} s left` : ''} · esc stops`;
}

export interface AuditViewProps {
  title: string;
  progress: AuditProgress;
  status: string;
  findings: readonly Finding[];
  selected: number;
  /** The first row in view, and how many rows the list has. */
  start: number;
  rows: number;
  width: number;
  guildName: (guildId: string) => string;
  disabled: DisabledKeys;
}

export function AuditView({ title, progress, status, findings, selected, start, rows, width, guildName, disabled }: AuditViewProps) {
  const theme = useTheme();
  const current = findings[Math.min(selected, Math.max(0, findings.length - 1))];
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity]++;
  const countLine = `: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.info, 'note')}`;
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Text bold>
        {fittedName(title, countLine, width - 1)}
        {countLine}
      </Text>
      <Text color={progress.running ? theme.text.accent : theme.text.secondary}>{fitCell(status, width - 1)}</Text>
      <Box flexDirection="column" height={rows} overflowY="hidden">
        {findings.length === 0 ? <Text color={theme.text.secondary}>{progress.running ? 'Nothing found so far.' : 'No findings: nothing to fix.'}</Text> : null}
        {findings.slice(start, start + rows).map((finding, offset) => {
          const index = start + offset;
          const where = whereOf(finding, guildName);
          // Narrow: where and what first (v reads the row in full, kind included), the severity short.
          const head = width < NARROW_AUDIT ? `${fitCell(SHORT_SEVERITY[finding.severity], 4)} ` : `${fitCell(finding.severity, 7)} ${fitCell(finding.kind, 26)} `;
          const line = `${index === selected ? '▸ ' : '  '}${head}${where}${where ? ' — ' : ''}${finding.message}`;
          const colour = finding.severity === 'error' ? theme.status.error : finding.severity === 'warning' ? theme.status.warning : undefined;
          return (
            <Text key={`${index}`} inverse={index === selected} color={index === selected ? undefined : colour}>
              {fitCell(line, width - 1)}
            </Text>
          );
        })}
      </Box>
      {current?.hint ? (
        <Text color={theme.text.secondary} wrap="truncate-end">
          {current.hint}
        </Text>
      ) : null}
      <Footer scope="audit" hide={Object.keys(disabled) as Action[]} />
    </Box>
  );
}
