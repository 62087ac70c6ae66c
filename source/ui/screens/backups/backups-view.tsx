/**
 * What the backups screen draws, from its state alone: the list (reading, failed, empty or the rows), a
 * restore's plan with its refusals in the CLI's words, and the typed override a refusal asks for.
 */
import { Box } from 'ink';
import { backupHolds, type BackupEntry, type DamagedBackup } from '../../../backup/store.js';
import { plural } from '../../../terminal/plural.js';
import { commandLabel } from '../../../discord/overwrite-entries.js';
import type { Override } from '../../../discord/plan.js';
import { notRestoredItems, notRestoredLine } from '../../../operations/restore-outcome.js';
import type { PreparedPlan } from '../../../operations/prepare-plan.js';
import { fitCell } from '../../../terminal/fit-cell.js';
import { textWidth } from '../../../terminal/text-width.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { DialogLine } from '../../components/dialog-frame.js';
import { Footer } from '../../components/footer.js';
import { Spinner } from '../../components/spinner.js';
import { Text } from '../../components/text.js';
import { TypeToConfirm } from '../../components/type-to-confirm.js';
import { actionFor, type Action, type DisabledKeys } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';
import { overrideAnswer, planSummary, RefusalLines, splitRefusals } from '../overlays/plan-refusals.js';

/** When the backup was taken, as the list shows it (UTC, to the second). */
export const backupTime = (entry: BackupEntry) => entry.createdAt.slice(0, 19).replace('T', ' ');

export interface BackupsListProps {
  applicationName: string | undefined;
  entries: readonly BackupEntry[] | null;
  /** Files in the backups folder that are not readable backups: said on a row of their own above the list. */
  damaged: readonly DamagedBackup[];
  problem: string | null;
  selected: number;
  /** The first backup in view, and the rows the title and the list have (listRows). */
  start: number;
  rows: number;
  width: number;
  nameOf: (scope: string) => string;
  disabled: DisabledKeys;
}

/**
 * The list's column widths at `width`, by priority: the time (without its year and seconds where narrow)
 * and what the backup holds (`holds`: the widest of the rows') are kept whole, the scope is shortened next
 * and the cause (`v` reads it in full) gives way first. Too narrow for all four, the cause takes the rest and
 * the holds column is cut at the row's end.
 */
export function backupColumns(width: number, holds: number): { when: number; scope: number; cause: number } {
  const when = width >= 60 ? 19 : 11;
  const widest = width >= 80 ? 20 : width >= 60 ? 14 : 10;
  // With the holds column whole: what the scope and the cause have (past the cursor's column and the gaps).
  const room = width - 1 - 2 - when - 2 - 2 - 2 - holds;
  if (room >= 10 + 8) {
    const scope = Math.min(widest, Math.max(10, room - 12));
    return { when, scope, cause: room - scope };
  }
  return { when, scope: widest, cause: Math.max(8, width - 1 - 2 - when - 2 - widest - 2) };
}

/** The row that says which files of the backups folder are not listed, and where they are listed whole (the CLI's words). */
export function damagedLine(damaged: readonly DamagedBackup[]): string | undefined {
  if (damaged.length === 0) return undefined;
  const one = damaged.length === 1;
  return `${plural(damaged.length, 'file')} in the backups folder ${one ? 'is' : 'are'} damaged and not listed (\`cmd-tui backups\` says why): ${damaged.map((file) => file.problem).join(' ')}`;
}

/**
 * How `rows` are shared: the screen's title and the column titles give way, in that order, before the
 * selected backup does, so a status that takes most of a short screen still leaves it in view.
 */
export function listRows(rows: number): { title: boolean; columns: boolean; entries: number } {
  return { title: rows >= 3, columns: rows >= 2, entries: Math.max(1, rows - (rows >= 3 ? 2 : rows >= 2 ? 1 : 0)) };
}

export function BackupsList({ applicationName, entries, damaged, problem, selected, start, rows, width, nameOf, disabled }: BackupsListProps) {
  const theme = useTheme();
  const shown = listRows(rows);
  const cols = backupColumns(width, Math.max(0, ...(entries ?? []).map((entry) => textWidth(backupHolds(entry)))));
  return (
    <Box flexDirection="column" flexGrow={1}>
      {/* One row, cut where narrow: the rows below are the list's. */}
      {shown.title || entries === null || entries.length === 0 ? (
        <Text bold wrap="truncate">
          Backups of {applicationName ?? 'this application'} — newest first; each was taken before a change
        </Text>
      ) : null}
      {problem ? <DialogLine color={theme.status.error} text={problem} width={width} /> : null}
      {damaged.length > 0 ? (
        entries !== null && entries.length > 0 ? (
          <Text color={theme.status.warning} wrap="truncate">
            {damagedLine(damaged)}
          </Text>
        ) : (
          <DialogLine color={theme.status.warning} text={damagedLine(damaged) ?? ''} width={width} />
        )
      ) : null}
      {entries === null && !problem ? <Spinner label="Reading the backups" /> : null}
      {entries !== null && entries.length === 0 ? <DialogLine text={damaged.length > 0 ? 'No readable backups.' : 'No backups yet: cmd-tui writes one before every change (delete, save, apply, permissions, restore).'} width={width} /> : null}
      {entries !== null && entries.length > 0 ? (
        <Box flexDirection="column" flexShrink={0} overflowY="hidden">
          {shown.columns ? <Text color={theme.text.secondary}>{fitCell(`  ${fitCell('WHEN (UTC)', cols.when)}  ${fitCell('SCOPE', cols.scope)}  ${fitCell('CAUSE', cols.cause)}  HOLDS`, width - 1)}</Text> : null}
          {entries.slice(start, start + shown.entries).map((entry, offset) => {
            const index = start + offset;
            const line = `${index === selected ? '▸ ' : '  '}${fitCell(cols.when === 19 ? backupTime(entry) : backupTime(entry).slice(5, 16), cols.when)}  ${fitCell(nameOf(entry.scope), cols.scope)}  ${fitCell(entry.reason, cols.cause)}  ${backupHolds(entry)}`;
            return (
              <Text key={entry.path} inverse={index === selected}>
                {fitCell(line, width - 1)}
              </Text>
            );
          })}
        </Box>
      ) : null}
      {/* The footer at the bottom, as on every screen, however short the list (none yet, still reading). */}
      <Box flexGrow={1} />
      <Footer scope="backups" hide={Object.keys(disabled) as Action[]} />
    </Box>
  );
}

/** The plan's lines: what is created, updated and deleted, the overwrite lists, and what Discord would refuse today. */
function planLines(prepared: PreparedPlan, nameOf: (scope: string) => string): string[] {
  const { plan, restore: details } = prepared;
  return [
    ...plan.create.map((create) => `  + create ${commandLabel(create)}`),
    ...plan.update.map((update) => `  ~ update ${commandLabel(update)}${update.renamedFrom ? ` (renamed back from ${update.renamedFrom})` : ''}`),
    ...plan.delete.map((deleted) => `  - delete ${commandLabel(deleted)}`),
    ...(details?.overwrites ?? []).map((item) => `  ${item.commandId === details!.backup.applicationId ? item.target : `overwrites of ${item.target}`} in ${nameOf(`guild:${item.guildId}`)}: ${item.overwrites.length}`),
    ...notRestoredItems({ unrestorable: details?.unrestorable ?? [] }).map((item) => `  ${notRestoredLine(item)}`),
  ];
}

export interface RestorePlanProps {
  entry: BackupEntry;
  prepared: PreparedPlan;
  nameOf: (scope: string) => string;
  /** Overwrites in the plan need a browser sign-in this session does not hold; `canSignIn`: `s` starts one. */
  needsSignIn: boolean;
  canSignIn: boolean;
  onRestore: () => void;
  onOverride: (override: Override) => void;
  onSignIn: () => void;
  onClose: () => void;
}

/** The restore's plan before anything is sent; a refusal no answer overrides leaves only Close. */
export function RestorePlan({ entry, prepared, nameOf, needsSignIn, canSignIn, onRestore, onOverride, onSignIn, onClose }: RestorePlanProps) {
  const theme = useTheme();
  const { changes } = prepared;
  const { blocked, overridable } = splitRefusals(prepared.refusals);
  const refused = blocked.length > 0;
  const override = overridable[0]?.override;
  const onConfirm = !changes || refused ? onClose : override ? () => onOverride(override) : onRestore;
  return (
    <ConfirmDialog
      title={changes ? `Restore ${nameOf(entry.scope)} to ${backupTime(entry)} (${entry.reason})?` : `${nameOf(entry.scope)} already matches this backup`}
      confirmLabel={!changes || refused ? 'Close' : override ? 'Restore anyway…' : 'Restore'}
      single={!changes || refused}
      danger={changes}
      onConfirm={onConfirm}
      onCancel={onClose}
      keys="restore-plan"
      // The refusal stays in view above the plan, which scrolls.
      head={<RefusalLines refusals={refused ? blocked : overridable} overridable={!refused} />}
      onKey={(chord) => {
        if (actionFor(chord, 'restore-plan') !== 'signIn' || !canSignIn) return false;
        onSignIn();
        return true;
      }}
    >
      {changes ? <DialogLine text={planSummary(prepared)} /> : null}
      {planLines(prepared, nameOf).map((line, index) => (
        <DialogLine key={index} text={line} />
      ))}
      {changes && !refused ? <DialogLine color={theme.text.secondary} text={`A backup of ${nameOf(entry.scope)} as it is now is written first.`} /> : null}
      {needsSignIn ? (
        <DialogLine
          color={theme.status.warning}
          text={`${refused ? '' : 'Overwrites need the browser sign-in: without it they are reported as not restored. '}${canSignIn ? 'Press s to sign in first.' : 'Run `cmd-tui auth login --preset permissions`.'}`}
        />
      ) : null}
    </ConfirmDialog>
  );
}

/** A refusal the CLI overrides with a flag (`--delete-many`), given here by typing its answer. */
export function RestoreOverride({ entry, prepared, override, nameOf, onConfirm, onCancel }: { entry: BackupEntry; prepared: PreparedPlan; override: Override; nameOf: (scope: string) => string; onConfirm: () => void; onCancel: () => void }) {
  const theme = useTheme();
  const refusal = prepared.refusals.find((item) => item.override === override);
  return (
    <TypeToConfirm title={`Restore ${nameOf(entry.scope)} anyway?`} expected={overrideAnswer(override, prepared.plan)} mismatch="That is not it" action="restore anyway" onConfirm={onConfirm} onCancel={onCancel}>
      <DialogLine text={refusal?.message ?? ''} />
      <DialogLine color={theme.text.secondary} text={`A backup of ${nameOf(entry.scope)} as it is now is written first.`} />
    </TypeToConfirm>
  );
}
