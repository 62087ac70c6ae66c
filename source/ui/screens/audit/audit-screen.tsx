/**
 * `a`: the audit of the current scope, with the same findings as `cmd-tui audit` (api/guild-audit.ts,
 * discord/audit.ts). In a guild: that guild with the global commands it shadows; in Global: the global
 * commands and every guild, a few at a time within the rate limits, with a progress bar that `esc`
 * stops (what was found stays). `enter` goes where a finding is fixed — the command's detail, its
 * overwrites, or a typed-confirmed delete of a ghost duplicate's guild copy — and the finding goes
 * once fixed, by auditing only its scope again. `x` writes the report as Markdown (a new file).
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useEffect, useRef, useState } from 'react';
import { auditOneGuild, isNotInstalled, type GuildOutcome } from '../../../api/guild-audit.js';
import type { DiscordApi } from '../../../api/contract.js';
import { factsOf, type AppFacts } from '../../../discord/app-facts.js';
import { renderAuditMarkdown } from '../../../discord/audit-report.js';
import { auditGlobal, buildReport, type Finding, type GuildAudit } from '../../../discord/audit.js';
import { GLOBAL_SCOPE, guildScope, type Command, type PartialGuild, type Scope } from '../../../discord/model.js';
import { fitCell } from '../../../terminal/fit-cell.js';
import { fittedName, plural } from '../../format/title-with-counts.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import { useListWindow } from '../../components/list-window.js';
import { describeError, errorLine, failedWriteLine } from '../../format/describe-error.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, type Action, type DisabledKeys } from '../../input/key-bindings.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';
import { ConfirmDelete } from '../overlays/confirm-delete.js';
import { listMove, movedIndex } from '../../input/list-moves.js';

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;
/** Below this width a finding's row leaves its kind out (v shows it). */
const NARROW_AUDIT = 72;
const SHORT_SEVERITY: Record<Finding['severity'], string> = { error: 'err', warning: 'warn', info: 'note' };

const OVERWRITE_KINDS: ReadonlySet<Finding['kind']> = new Set(['admin-only', 'deleted-role', 'hidden-or-deleted-channel', 'orphan-overwrite']);

interface Progress {
  running: boolean;
  stopped: boolean;
  done: number;
  total: number;
  requests: number;
  startedAt: number;
}

interface Results {
  global?: ReturnType<typeof auditGlobal>;
  guilds: GuildAudit[];
}

/** The API with its reads counted, for the progress line. */
function counting(api: DiscordApi, count: () => void): DiscordApi {
  return new Proxy(api, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string' || !/^(list|get)/.test(property)) return value;
      return (...args: unknown[]) => {
        count();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

export function sortedFindings(results: Results): Finding[] {
  const all = [...(results.global?.findings ?? []), ...results.guilds.flatMap((guild) => guild.findings)];
  return all.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || a.kind.localeCompare(b.kind));
}

export function AuditScreen({ height, width, active }: { height: number; width: number; active: boolean }) {
  const { state, dispatch, flows } = useAppContext();
  const theme = useTheme();
  const session = state.session;
  const auditedScope = useRef<Scope>(state.scope).current;
  const [results, setResults] = useState<Results>({ guilds: [] });
  const [progress, setProgress] = useState<Progress>({ running: true, stopped: false, done: 0, total: 0, requests: 0, startedAt: Date.now() });
  const [selected, setSelected] = useState(0);
  const [deleting, setDeleting] = useState<Finding | null>(null);
  const stop = useRef(new AbortController());
  const app = useRef<AppFacts | null>(null);
  /** The scope of a finding being fixed elsewhere: audited again on return. */
  const recheck = useRef<Scope | null>(null);
  const flash = (text: string, tone: 'success' | 'error' | 'warning' | 'info', notices?: readonly string[]) => dispatch({ type: 'flash', text, tone, notices });
  const guildName = (guildId: string) => state.guilds.find((guild) => guild.id === guildId)?.name ?? results.guilds.find((guild) => guild.guildId === guildId)?.guildName ?? `guild ${guildId}`;
  const scopeName = (scope: Scope) => (scope.kind === 'global' ? 'Global' : guildName(scope.guildId));

  const showGuild = (audit: GuildAudit | GuildOutcome): void => {
    // A signed-in user's guild list holds guilds the app was never installed in: not the app's guilds.
    if (auditedScope.kind === 'global' && isNotInstalled(audit)) return;
    setResults((current) => ({ ...current, guilds: [...current.guilds.filter((known) => known.guildId !== audit.guildId), audit] }));
  };
  const auditGuildInto = async (api: DiscordApi, guild: PartialGuild, globalCommands: Command[]): Promise<void> => showGuild(await auditOneGuild(api, guild, globalCommands, app.current!));

  useEffect(() => {
    if (!session) return;
    let requests = 0;
    const api = counting(session.api, () => {
      requests += 1;
      setProgress((current) => ({ ...current, requests }));
    });
    void (async () => {
      try {
        app.current = factsOf(state.application ?? (await api.getApplication()), api.applicationId);
        const globalCommands = await api.listCommands(GLOBAL_SCOPE, { withLocalizations: true });
        setResults((current) => ({ ...current, global: auditGlobal(globalCommands, app.current!) }));
        const guilds: PartialGuild[] =
          auditedScope.kind === 'guild' ? [{ id: auditedScope.guildId, name: guildName(auditedScope.guildId) }] : await api.listCurrentUserGuilds();
        setProgress((current) => ({ ...current, total: guilds.length }));
        const { auditGuilds } = await import('../../../operations/audit.js');
        await auditGuilds(api, guilds, globalCommands, app.current, (audit) => {
          showGuild(audit);
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

  // Back from fixing a finding elsewhere: only its scope is audited again.
  useEffect(() => {
    const scope = recheck.current;
    if (!active || !scope || !session || !app.current) return;
    recheck.current = null;
    void (async () => {
      const globalCommands = await session.api.listCommands(GLOBAL_SCOPE, { withLocalizations: true });
      if (scope.kind === 'global') setResults((current) => ({ ...current, global: auditGlobal(globalCommands, app.current!) }));
      else await auditGuildInto(session.api, { id: scope.guildId, name: guildName(scope.guildId) }, globalCommands);
    })().catch((error: unknown) => flash(`Could not check the fix: ${errorLine(describeError(error))}`, 'warning'));
  }, [active]);

  const findings = sortedFindings(results);
  const current = findings[Math.min(selected, Math.max(0, findings.length - 1))];
  // Title, progress, the selected finding's hint, and what the footer takes (its status may wrap).
  // The title, the progress line and the hint under the list.
  const rows = Math.max(1, height - 3 - useFooterRows());
  const start = useListWindow(selected, findings.length, rows);

  const fix = (finding: Finding) => {
    const scope = finding.guildId ? guildScope(finding.guildId) : GLOBAL_SCOPE;
    if (finding.kind === 'ghost-duplicate' && finding.commandId && finding.guildId) {
      setDeleting(finding);
      return;
    }
    if (finding.commandId && finding.guildId && OVERWRITE_KINDS.has(finding.kind)) {
      recheck.current = scope;
      dispatch({ type: 'push', screen: { id: 'permissions', commandId: finding.commandId, guildId: finding.guildId, ...(finding.overwrite ? { select: finding.overwrite } : {}) } });
      return;
    }
    if (finding.commandId) {
      recheck.current = scope;
      const here = (state.scope.kind === 'global' && scope.kind === 'global') || (state.scope.kind === 'guild' && scope.kind === 'guild' && state.scope.guildId === scope.guildId);
      if (here) dispatch({ type: 'push', screen: { id: 'detail', commandId: finding.commandId } });
      else dispatch({ type: 'scope', scope, then: { id: 'detail', commandId: finding.commandId } });
      return;
    }
    flash(finding.hint ?? finding.message, 'info');
  };

  const whereOf = (finding: Finding) => `${finding.commandName ? `/${finding.commandName}` : ''}${finding.guildId ? ` in ${guildName(finding.guildId)}` : finding.commandName ? ' (global)' : ''}`;
  /** What a row cuts to fit, whole: for the overlay `v` opens. */
  const findingInFull = (finding: Finding) => [`${finding.severity} · ${finding.kind}`, whereOf(finding).trim(), '', finding.message, ...(finding.hint ? ['', finding.hint] : [])].join('\n');

  const deleteGhost = (finding: Finding) => {
    setDeleting(null);
    if (!session || !finding.commandId || !finding.guildId) return;
    const scope = guildScope(finding.guildId);
    const name = finding.commandName ?? finding.commandId;
    const command = { id: finding.commandId, name };
    const reason = `delete ${name} (a ghost duplicate of the global command)`;
    const deleting = async (signal: AbortSignal, sent: () => void, notice: (message: string) => void) =>
      (await import('../../../operations/delete-command.js')).deleteCommand(session, { scope, command, reason }, { signal, sent, notice });
    void flows.runner.run(`Deleting the guild copy of ${name}`, async (signal, sent, notice) => (await deleting(signal, sent, notice)).backup, { kind: 'write', scope }).then((result) => {
      if (result.ok) {
        setResults((currentResults) => ({
          ...currentResults,
          guilds: currentResults.guilds.map((guild) => (guild.guildId === finding.guildId ? { ...guild, findings: guild.findings.filter((other) => other !== finding) } : guild)),
        }));
        flash(`Deleted the guild copy of ${name} from ${guildName(finding.guildId!)}; backup: ${result.value}`, 'success', result.notices);
      } else if (result.cancelled) flash(`Cancelled before it was sent: the guild copy of ${name} is still there.`, 'warning', result.notices);
      else flash(failedWriteLine('Not deleted', result.error), 'error', result.notices);
    });
  };

  const writeReport = () => {
    if (!session || !results.global) return;
    const report = buildReport(session.api.applicationId, results.global, results.guilds);
    const name = auditedScope.kind === 'global' ? 'audit-global.md' : `audit-guild-${auditedScope.guildId}.md`;
    session.writeExport(name, renderAuditMarkdown(report)).then(
      (path) => flash(`Wrote the audit report to ${path}`, 'success'),
      (error: unknown) => flash(`Report not written: ${errorLine(describeError(error))}`, 'error'),
    );
  };

  const nothingFound = progress.running ? 'nothing found so far.' : 'no findings: nothing to fix.';
  const disabled: DisabledKeys = {
    ...(current ? {} : { fixFinding: nothingFound, readInFull: nothingFound }),
    // The fix may be the one in flight (a ghost's delete), or land on what it is changing.
    ...(state.busy?.write && current ? { fixFinding: "a change is in flight (the line below names it): wait for Discord's answer, it may change what this finding points at." } : {}),
    ...(results.global ? {} : { writeReport: 'the global commands are not audited yet: the report starts with them.' }),
  };
  useDisabledKeys('audit', disabled, active && !deleting);
  useKeyHandler(
    Priority.screen,
    (chord) => {
      if (deleting) return false;
      const action = actionFor(chord, 'audit');
      // A disabled key goes on to the app's keys, which say why it cannot act.
      if (action && disabled[action] !== undefined) return false;
      const move = listMove(action, rows);
      if (move !== undefined) setSelected((index) => movedIndex(index, move, findings.length));
      else if (action === 'stopAudit') {
        if (progress.running) stop.current.abort();
        else dispatch({ type: 'pop' });
      } else if (action === 'fixFinding' && current) fix(current);
      else if (action === 'readInFull' && current) dispatch({ type: 'overlay', overlay: { kind: 'message', title: 'The finding in full', text: findingInFull(current) } });
      else if (action === 'writeReport') writeReport();
      else return false;
      return true;
    },
    active,
  );

  if (deleting?.commandId) {
    return (
      <ConfirmDelete
        command={{ id: deleting.commandId, name: deleting.commandName ?? deleting.commandId } as Command}
        scopeLabel={guildName(deleting.guildId!)}
        onConfirm={() => deleteGhost(deleting)}
        onCancel={() => setDeleting(null)}
      />
    );
  }

  const elapsed = Date.now() - progress.startedAt;
  const eta = progress.running && progress.done > 0 ? Math.ceil(((elapsed / progress.done) * (progress.total - progress.done)) / 1000) : undefined;
  const barWidth = Math.max(10, Math.min(30, width - 60));
  const filled = progress.total > 0 ? Math.round((progress.done / progress.total) * barWidth) : progress.running ? 0 : barWidth;
  const status = progress.running
    ? `guilds ${progress.done}/${progress.total} [${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)}] · ${progress.requests} requests${eta !== undefined ? ` · about ${eta} s left` : ''} · esc stops`
    : `${progress.stopped ? `Stopped after ${progress.done} of ${progress.total} guilds` : `Audited ${scopeName(auditedScope)}${auditedScope.kind === 'global' ? ` and ${progress.done} guilds` : ''}`} · ${progress.requests} requests`;
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of findings) counts[finding.severity]++;
  const countLine = `: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.info, 'note')}`;

  return (
    <Box flexDirection="column" flexGrow={1}>
      <Text bold>
        {fittedName(`Audit of ${scopeName(auditedScope)}`, countLine, width - 1)}
        {countLine}
      </Text>
      <Text color={progress.running ? theme.text.accent : theme.text.secondary}>{fitCell(status, width - 1)}</Text>
      <Box flexDirection="column" height={rows} overflowY="hidden">
        {findings.length === 0 ? <Text color={theme.text.secondary}>{progress.running ? 'Nothing found so far.' : 'No findings: nothing to fix.'}</Text> : null}
        {findings.slice(start, start + rows).map((finding, offset) => {
          const index = start + offset;
          const where = whereOf(finding);
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
