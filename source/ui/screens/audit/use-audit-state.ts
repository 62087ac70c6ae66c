/**
 * The audit screen's state: the audit (operations/audit.ts, the one `cmd-tui audit` runs) started once
 * per opening of the screen, its findings as they come in and its progress; the finding selected; and
 * what a fix does — go to the screen where it is fixed (its scope audited again on return), or delete a
 * ghost duplicate's guild copy after a typed confirmation. `x` writes the report.
 */
import { useEffect, useRef, useState } from 'react';
import type { GuildOutcome } from '../../../api/guild-audit.js';
import { renderAuditMarkdown } from '../../../discord/audit-report.js';
import { buildReport, type Finding, type GlobalAudit, type GuildAudit } from '../../../discord/audit.js';
import { GLOBAL_SCOPE, guildScope, type Scope } from '../../../discord/model.js';
import { describeError, errorLine, failedWriteLine } from '../../format/describe-error.js';
import type { Audit } from '../../../operations/audit.js';
import { useAppContext } from '../../state/app-context.js';

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

const OVERWRITE_KINDS: ReadonlySet<Finding['kind']> = new Set(['admin-only', 'deleted-role', 'hidden-or-deleted-channel', 'orphan-overwrite']);

export interface AuditProgress {
  running: boolean;
  stopped: boolean;
  done: number;
  total: number;
  requests: number;
  startedAt: number;
}

export interface AuditResults {
  global?: GlobalAudit;
  guilds: GuildAudit[];
}

export function sortedFindings(results: AuditResults): Finding[] {
  const all = [...(results.global?.findings ?? []), ...results.guilds.flatMap((guild) => guild.findings)];
  return all.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.kind.localeCompare(b.kind));
}

/**
 * The audit itself, once per opening of the screen: its findings as they come in, its progress (`stop`
 * ends it early, what was found stays), and a scope audited again when the screen is back in front
 * after a finding of it was fixed elsewhere (`recheckOnReturn`).
 */
function useAuditRun(auditedScope: Scope, active: boolean, flash: (text: string, tone: 'error' | 'warning') => void) {
  const { state } = useAppContext();
  const session = state.session;
  const [results, setResults] = useState<AuditResults>({ guilds: [] });
  const [progress, setProgress] = useState<AuditProgress>({ running: true, stopped: false, done: 0, total: 0, requests: 0, startedAt: Date.now() });
  const stop = useRef(new AbortController());
  /** The audit once it has read the app and the guilds: its facts serve the scope audited again. */
  const opened = useRef<Audit | null>(null);
  /** The scope of a finding being fixed elsewhere: audited again on return. */
  const recheck = useRef<Scope | null>(null);
  const guildName = (guildId: string) => state.identity.guilds.find((guild) => guild.id === guildId)?.name ?? results.guilds.find((guild) => guild.guildId === guildId)?.guildName ?? `guild ${guildId}`;
  const showGuild = (audit: GuildOutcome): void => {
    if (opened.current?.isAppGuild(audit) === false) return;
    setResults((current) => ({ ...current, guilds: [...current.guilds.filter((known) => known.guildId !== audit.guildId), audit] }));
  };

  useEffect(() => {
    if (!session) return;
    let requests = 0;
    const onRead = () => {
      requests += 1;
      setProgress((current) => ({ ...current, requests }));
    };
    void (async () => {
      try {
        const { openAudit } = await import('../../../operations/audit.js');
        const guilds = auditedScope.kind === 'guild' ? { id: auditedScope.guildId, name: guildName(auditedScope.guildId) } : 'all';
        const audit = await openAudit(session.api, guilds, { onRead, ...(state.identity.application ? { application: state.identity.application } : {}) });
        opened.current = audit;
        setResults((current) => ({ ...current, global: audit.global }));
        setProgress((current) => ({ ...current, total: audit.guilds.length }));
        await audit.run((outcome) => {
          showGuild(outcome);
          setProgress((current) => ({ ...current, done: current.done + 1 }));
        }, stop.current.signal);
        setProgress((current) => ({ ...current, running: false, stopped: stop.current.signal.aborted }));
      } catch (error) {
        setProgress((current) => ({ ...current, running: false, stopped: true }));
        flash(`The audit stopped: ${errorLine(describeError(error))}`, 'error');
      }
    })();
    // One audit per opening of the screen.
  }, []);

  useEffect(() => {
    const scope = recheck.current;
    if (!active || !scope || !session || !opened.current) return;
    recheck.current = null;
    const facts = opened.current.app;
    void (async () => {
      const { auditScopeAgain } = await import('../../../operations/audit.js');
      const again = await auditScopeAgain(session.api, facts, scope, scope.kind === 'guild' ? guildName(scope.guildId) : 'Global');
      if ('global' in again) setResults((current) => ({ ...current, global: again.global }));
      else showGuild(again.guild);
    })().catch((error: unknown) => flash(`Could not check the fix: ${errorLine(describeError(error))}`, 'warning'));
  }, [active]);

  return {
    results,
    progress,
    guildName,
    stop: () => stop.current.abort(),
    recheckOnReturn: (scope: Scope) => {
      recheck.current = scope;
    },
    /** A finding fixed here (a ghost's guild copy deleted): gone from its guild's findings. */
    drop: (finding: Finding) =>
      setResults((current) => ({ ...current, guilds: current.guilds.map((guild) => (guild.guildId === finding.guildId ? { ...guild, findings: guild.findings.filter((other) => other !== finding) } : guild)) })),
  };
}

export function useAuditState(active: boolean) {
  const { state, dispatch, flows } = useAppContext();
  const session = state.session;
  const auditedScope = useRef<Scope>(state.scope).current;
  const [selected, setSelected] = useState(0);
  const [deleting, setDeleting] = useState<Finding | null>(null);
  const flash = (text: string, tone: 'success' | 'error' | 'warning' | 'info', notices?: readonly string[]) => dispatch({ type: 'flash', text, tone, notices });
  const { results, progress, guildName, ...run } = useAuditRun(auditedScope, active, flash);
  const scopeName = (scope: Scope) => (scope.kind === 'global' ? 'Global' : guildName(scope.guildId));

  const fix = (finding: Finding) => {
    const scope = finding.guildId ? guildScope(finding.guildId) : GLOBAL_SCOPE;
    if (finding.kind === 'ghost-duplicate' && finding.commandId && finding.guildId) {
      setDeleting(finding);
      return;
    }
    if (finding.commandId && finding.guildId && OVERWRITE_KINDS.has(finding.kind)) {
      run.recheckOnReturn(scope);
      dispatch({ type: 'push', screen: { id: 'permissions', commandId: finding.commandId, guildId: finding.guildId, ...(finding.overwrite ? { select: finding.overwrite } : {}) } });
      return;
    }
    if (finding.commandId) {
      run.recheckOnReturn(scope);
      const here = (state.scope.kind === 'global' && scope.kind === 'global') || (state.scope.kind === 'guild' && scope.kind === 'guild' && state.scope.guildId === scope.guildId);
      if (here) dispatch({ type: 'push', screen: { id: 'detail', commandId: finding.commandId } });
      else dispatch({ type: 'scope', scope, then: { id: 'detail', commandId: finding.commandId } });
      return;
    }
    flash(finding.hint ?? finding.message, 'info');
  };

  const deleteGhost = (finding: Finding) => {
    setDeleting(null);
    if (!session || !finding.commandId || !finding.guildId) return;
    const scope = guildScope(finding.guildId);
    const name = finding.commandName ?? finding.commandId;
    const command = { id: finding.commandId, name };
    const reason = `delete ${name} (a ghost duplicate of the global command)`;
    const deleting = async (signal: AbortSignal, sent: () => void, notice: (message: string) => void) =>
      (await import('../../../operations/delete-command.js')).deleteCommand(session.workspace, { scope, command, reason }, { signal, sent, notice });
    void flows.runner.run(`Deleting the guild copy of ${name}`, async (signal, sent, notice) => (await deleting(signal, sent, notice)).backup, { kind: 'write', scope }).then((result) => {
      if (result.ok) {
        run.drop(finding);
        flash(`Deleted the guild copy of ${name} from ${guildName(finding.guildId!)}; backup: ${result.value}`, 'success', result.notices);
      } else if (result.cancelled) flash(`Cancelled before it was sent: the guild copy of ${name} is still there.`, 'warning', result.notices);
      else flash(failedWriteLine('Not deleted', result.error), 'error', result.notices);
    });
  };

  const writeReport = () => {
    if (!session || !results.global) return;
    const report = buildReport(session.api.applicationId, results.global, results.guilds);
    const name = auditedScope.kind === 'global' ? 'audit-global.md' : `audit-guild-${auditedScope.guildId}.md`;
    session.files.writeExport(name, renderAuditMarkdown(report)).then(
      (path) => flash(`Wrote the audit report to ${path}`, 'success'),
      (error: unknown) => flash(`Report not written: ${errorLine(describeError(error))}`, 'error'),
    );
  };

  const findings = sortedFindings(results);
  return {
    auditedScope,
    results,
    findings,
    progress,
    selected,
    deleting,
    writeInFlight: state.busy?.write === true,
    guildName,
    scopeName,
    actions: {
      select: setSelected,
      stopOrLeave: () => (progress.running ? run.stop() : dispatch({ type: 'pop' })),
      fix,
      deleteGhost,
      cancelDelete: () => setDeleting(null),
      writeReport,
      readInFull: (finding: Finding) => dispatch({ type: 'overlay', overlay: { kind: 'message', title: 'The finding in full', text: findingInFull(finding, guildName) } }),
    },
  };
}

export type AuditState = ReturnType<typeof useAuditState>;

/** Where a finding is: `/name in Guild`, `/name (global)`, or nothing. */
export function whereOf(finding: Finding, guildName: (guildId: string) => string): string {
  return `${finding.commandName ? `/${finding.commandName}` : ''}${finding.guildId ? ` in ${guildName(finding.guildId)}` : finding.commandName ? ' (global)' : ''}`;
}

/** What a row cuts to fit, whole: for the overlay `v` opens. */
function findingInFull(finding: Finding, guildName: (guildId: string) => string): string {
  return [`${finding.severity} · ${finding.kind}`, whereOf(finding, guildName).trim(), '', finding.message, ...(finding.hint ? ['', finding.hint] : [])].join('\n');
}
