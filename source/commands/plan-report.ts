/**
 * How `plan`, `apply` and `restore` show a plan: a terraform-like text listing (+ create, ~ update
 * with each changed field, - delete, = keep without --prune, = unchanged) and the exact `--json` shape.
 */
import type { CreateBudget } from '../backup/create-ledger.js';
import { COMMAND_TYPE_NAMES, CommandType, type Scope } from '../discord/model.js';
import type { Plan, Refusal } from '../discord/plan.js';
import { cliRefusal } from './refusal-report.js';
import { skippedField, type SkippedFile } from './commands-folder.js';
import { PLAIN, type Paint } from '../terminal/colour.js';
import type { ExecutedStep } from '../operations/send-plan.js';
import { summarizeAdaptations, type Adaptation } from '../discord/adapt-scope.js';
import { sanitizeLine } from '../terminal/sanitize.js';
import { knownGuildName } from './guild-names.js';

/** `the global scope`, or `guild Pixel Pal HQ (1579…)` when its name is known (guild-names.ts), else `guild 1579…`. */
export function describeScope(scope: Scope): string {
  if (scope.kind === 'global') return 'the global scope';
  const name = knownGuildName(scope.guildId);
  return name === undefined ? `guild ${scope.guildId}` : `guild ${sanitizeLine(name)} (${scope.guildId})`;
}

export function commandLabel(command: { name: string; type?: number }): string {
  const type = command.type ?? CommandType.ChatInput;
  return type === CommandType.ChatInput ? `/${command.name}` : `${COMMAND_TYPE_NAMES[type] ?? type} "${command.name}"`;
}

/**
 * `{"create": [...], "update": [...], "delete": [...], "unchanged": [...], "kept": [...], "createsUsed": N, "refusals": [...]}`:
 * `delete` what the run deletes (with --prune), `kept` what the file lacks and stays (without); `refusals`
 * what apply with the same flags would refuse (`{rule, message, override?}`, as apply's `--json` says them).
 * `skipped`: the files of a folder not read (commands-folder.ts), present only when there are some.
 */
export function planJson(plan: Plan, prune: boolean, refusals: readonly Refusal[], skipped: readonly SkippedFile[] = []): string {
  const { create, update, delete: deletes, unchanged, createsUsed } = plan;
  return `${JSON.stringify({ create, update, delete: prune ? deletes : [], unchanged, kept: prune ? [] : deletes, createsUsed, refusals: refusals.map(cliRefusal), ...skippedField(skipped) }, null, 2)}\n`;
}

export function renderPlan(plan: Plan, options: { scope: Scope; prune: boolean; budget: CreateBudget; paint?: Paint }): string {
  const paint = options.paint ?? PLAIN;
  const lines: string[] = [`Plan for ${describeScope(options.scope)}:`];
  for (const create of plan.create) lines.push(paint.create(`  + create ${commandLabel(create)}`));
  for (const update of plan.update) {
    const renamed = update.renamedFrom === undefined ? '' : ` renamed from ${JSON.stringify(update.renamedFrom)}: keeps its id and spends no create; Discord drops its overwrites, as on any rename`;
    lines.push(paint.update(`  ~ update ${commandLabel(update)} (${update.id})${renamed}`));
    for (const change of update.changes) lines.push(`      ${change.path}: ${show(change.before)} → ${show(change.after)}`);
  }
  // Without --prune, what the file lacks stays: a keep line, never a delete the run will not send.
  for (const deleted of plan.delete) {
    lines.push(options.prune ? paint.remove(`  - delete ${commandLabel(deleted)} (${deleted.id})`) : paint.muted(`  = keep ${commandLabel(deleted)} (${deleted.id}): not in the file; --prune would delete it`));
  }
  if (plan.unchanged.length > 0) lines.push(`  = ${plan.unchanged.length} unchanged`);
  const deletes = options.prune ? plan.delete.length : 0;
  // Without --prune the scope keeps what the file lacks: counted, so "0 to delete" is not read as "nothing else there".
  const kept = options.prune || plan.delete.length === 0 ? '' : `, ${plan.delete.length} kept (only --prune deletes ${plan.delete.length === 1 ? 'it' : 'them'})`;
  lines.push(
    `${plan.create.length} to create, ${plan.update.length} to update, ${deletes} to delete, ${plan.unchanged.length} unchanged${kept}.`,
    `Daily creates: uses ${plan.createsUsed}, ${options.budget.remaining} of 200 left today (UTC ${options.budget.day}, as counted by cmd-tui on this machine).${unansweredNote(options.budget.unanswered)}`,
  );
  return `${lines.join('\n')}\n`;
}

function unansweredNote(unanswered: number): string {
  if (unanswered === 0) return '';
  return ` ${unanswered === 1 ? '1 of them is a create' : `${unanswered} of them are creates`} sent by a run stopped before the answer came: counted as used, as Discord may have made ${unanswered === 1 ? 'it' : 'them'}.`;
}

function show(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** One line per request a run made, as it happens. */
export function stepLine(step: ExecutedStep): string {
  if (step.kind === 'delete') return `  deleted ${commandLabel(step.command)}`;
  if (step.kind === 'update') return `  updated ${commandLabel(step.command)}`;
  return `  ${step.created ? 'created' : 'overwrote'} ${commandLabel(step.command)}`;
}

/** What `--adapt` / `copy` dropped or skipped to fit the target scope, one line per kind. */
export function renderAdaptations(adaptations: readonly Adaptation[]): string {
  return summarizeAdaptations(adaptations).map((line) => `  ${line}\n`).join('');
}
