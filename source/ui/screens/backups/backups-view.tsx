/**
 * What the backups screen draws, from its state alone: the list (reading, failed, empty or the rows), a
 * restore's plan with its refusals in the CLI's words, and the typed override a refusal asks for.
 */
import { Box } from 'ink';
import { backupHolds, type BackupEntry } from '../../../backup/store.js';
import { commandLabel } from '../../../discord/overwrite-entries.js';
import type { Override } from '../../../discord/plan.js';
import type { PreparedPlan } from '../../../operations/prepare-plan.js';
import { fitCell } from '../../../terminal/fit-cell.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Footer } from '../../components/footer.js';
import { Spinner } from '../../components/spinner.js';
import { Text } from '../../components/text.js';
import { TypeToConfirm } from '../../components/type-to-confirm.js';
import { actionFor, type Action, type DisabledKeys } from '../../input/key-bindings.js';
import { useTheme } from '../../theme/theme-context.js';
import { overrideAnswer, RefusalLines, splitRefusals } from '../overlays/plan-refusals.js';

const when = (entry: BackupEntry) => entry.createdAt.slice(0, 19).replace('T', ' ');

export interface BackupsListProps {
  applicationName: string | undefined;
  entries: readonly BackupEntry[] | null;
  problem: string | null;
  selected: number;
  /** The first row in view, and how many rows the list has. */
  start: number;
  rows: number;
  width: number;
  nameOf: (scope: string) => string;
  disabled: DisabledKeys;
}

export function BackupsList({ applicationName, entries, problem, selected, start, rows, width, nameOf, disabled }: BackupsListProps) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Text bold>Backups of {applicationName ?? 'this application'} — newest first; each was taken before a change</Text>
      {problem ? <Text color={theme.status.error}>{problem}</Text> : null}
      {entries === null && !problem ? <Spinner label="Reading the backups" /> : null}
      {entries !== null && entries.length === 0 ? <Text wrap="wrap">No backups yet: cmd-tui writes one before every change (delete, save, apply, permissions, restore).</Text> : null}
      {entries !== null && entries.length > 0 ? (
        <Box flexDirection="column" height={rows} overflowY="hidden">
          <Text color={theme.text.secondary}>{fitCell(`  ${fitCell('WHEN (UTC)', 19)}  ${fitCell('SCOPE', 20)}  ${fitCell('CAUSE', 32)}  HOLDS`, width - 1)}</Text>
          {entries.slice(start, start + rows - 1).map((entry, offset) => {
            const index = start + offset;
            const line = `${index === selected ? '▸ ' : '  '}${fitCell(when(entry), 19)}  ${fitCell(nameOf(entry.scope), 20)}  ${fitCell(entry.reason, 32)}  ${backupHolds(entry)}`;
            return (
              <Text key={entry.path} inverse={index === selected}>
                {fitCell(line, width - 1)}
              </Text>
            );
          })}
        </Box>
      ) : null}
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
    ...(details?.unrestorable ?? []).map((item) => `  cannot restore ${commandLabel(item)}: Discord refuses it today (${item.problems.map((p) => p.message).join('; ')})`),
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
      title={changes ? `Restore ${nameOf(entry.scope)} to ${when(entry)} (${entry.reason})?` : `${nameOf(entry.scope)} already matches this backup`}
      confirmLabel={!changes || refused ? 'Close' : override ? 'Restore anyway…' : 'Restore'}
      danger={changes}
      onConfirm={onConfirm}
      onCancel={onClose}
      keys="restore-plan"
      onKey={(chord) => {
        if (actionFor(chord, 'restore-plan') !== 'signIn' || !canSignIn) return false;
        onSignIn();
        return true;
      }}
    >
      <RefusalLines refusals={refused ? blocked : overridable} overridable={!refused} />
      {planLines(prepared, nameOf).map((line, index) => (
        <Text key={index} wrap="wrap">
          {line}
        </Text>
      ))}
      {changes && !refused ? <Text color={theme.text.secondary}>A backup of {nameOf(entry.scope)} as it is now is written first.</Text> : null}
      {needsSignIn ? (
        <Text color={theme.status.warning} wrap="wrap">
          {refused ? '' : 'Overwrites need the browser sign-in: without it they are reported as not restored. '}
          {canSignIn ? 'Press s to sign in first.' : 'Run `cmd-tui auth login --preset permissions`.'}
        </Text>
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
      <Text wrap="wrap">{refusal?.message}</Text>
      <Text color={theme.text.secondary}>A backup of {nameOf(entry.scope)} as it is now is written first.</Text>
    </TypeToConfirm>
  );
}
