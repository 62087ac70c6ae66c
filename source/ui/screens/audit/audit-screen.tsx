/**
 * `a`: the audit of the current scope, with the same findings as `cmd-tui audit` — both run the audit
 * of operations/audit.ts. In a guild: that guild with the global commands it shadows; in Global: the
 * global commands and every guild, a few at a time within the rate limits, with a progress bar that `esc`
 * stops (what was found stays). `enter` goes where a finding is fixed — the command's detail, its
 * overwrites, or a typed-confirmed delete of a ghost duplicate's guild copy — and the finding goes
 * once fixed, by auditing only its scope again. `x` writes the report as Markdown (a new file).
 * State: use-audit-state.ts; keys: use-audit-input.ts; view: audit-view.tsx.
 */
import type { Command } from '../../../discord/model.js';
import { useFooterRows } from '../../components/footer.js';
import { useListWindow } from '../../components/list-window.js';
import type { DisabledKeys } from '../../input/key-bindings.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { ConfirmDelete } from '../overlays/confirm-delete.js';
import { AuditView, progressLine } from './audit-view.js';
import { useAuditInput } from './use-audit-input.js';
import { useAuditState, type AuditState } from './use-audit-state.js';

export function AuditScreen({ height, width, active }: { height: number; width: number; active: boolean }) {
  const audit = useAuditState(active);
  const { findings, selected, deleting, progress, auditedScope } = audit;
  // The title, the progress line and the hint under the list, and what the footer takes (its status may wrap).
  const rows = Math.max(1, height - 3 - useFooterRows());
  const start = useListWindow(selected, findings.length, rows);
  const disabled = auditDisabledKeys(audit);
  useDisabledKeys('audit', disabled, active && !deleting);
  useAuditInput(audit, rows, disabled, active);

  if (deleting?.commandId) {
    return (
      <ConfirmDelete
        command={{ id: deleting.commandId, name: deleting.commandName ?? deleting.commandId } as Command}
        scopeLabel={audit.guildName(deleting.guildId!)}
        onConfirm={() => audit.actions.deleteGhost(deleting)}
        onCancel={audit.actions.cancelDelete}
      />
    );
  }
  const audited = audit.scopeName(auditedScope);
  return (
    <AuditView
      title={`Audit of ${audited}`}
      progress={progress}
      status={progressLine(progress, width, audited, auditedScope)}
      findings={findings}
      selected={selected}
      start={start}
      rows={rows}
      width={width}
      guildName={audit.guildName}
      disabled={disabled}
    />
  );
}

/** The keys that cannot act now, and why. */
function auditDisabledKeys({ findings, progress, writeInFlight, results }: AuditState): DisabledKeys {
  const nothingFound = progress.running ? 'nothing found so far.' : 'no findings: nothing to fix.';
  const some = findings.length > 0;
  return {
    ...(some ? {} : { fixFinding: nothingFound, readInFull: nothingFound }),
    // The fix may be the one in flight (a ghost's delete), or land on what it is changing.
    ...(writeInFlight && some ? { fixFinding: "a change is in flight (the line below names it): wait for Discord's answer, it may change what this finding points at." } : {}),
    ...(results.global ? {} : { writeReport: 'the global commands are not audited yet: the report starts with them.' }),
  };
}
