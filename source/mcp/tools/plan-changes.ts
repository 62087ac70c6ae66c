/**
 * `plan_changes`: the plan engine's first half (operations/prepare-plan.ts, as `cmd-tui plan` and `apply`
 * call it) for a scope that should hold `commands` — the plan, the engine's refusals in its words, the day's
 * creates — kept under a `planId` (plan-store.ts) that `apply_plan` carries out. Nothing is sent.
 */
import { LIMITS } from '../../discord/model.js';
import { preparePlan } from '../../operations/prepare-plan.js';
import { PLAN_LIFETIME_MS } from '../plan-store.js';
import { mcpRefusal } from '../remedy-words.js';
import { optionalScope, scopeOf, scopeOutput } from '../scope-input.js';
import { defineTool } from '../tool.js';
import * as z from '../zod.js';
import { problem, problemOutput } from './validate-commands.js';

/** What the backup and the scope's lock name this write by: no command line runs it again, so none is offered. */
export const DOOR_JOURNAL = { command: 'apply_plan (cmd-tui mcp)', rerunnable: false } as const;

const identity = { id: z.string(), name: z.string(), type: z.int() };
const refusal = z.object({
  rule: z.string().check(z.describe('daily-creates, type-cap or mass-delete.')),
  message: z.string().check(z.describe("The plan engine's words, as the CLI and the TUI show them, and what to do in this door's terms (`commands`, `prune: true`).")),
  override: z.optional(z.string().check(z.describe('The override that lets apply_plan carry the plan out all the same (give it in apply_plan\'s `overrides`, only when the user asked for it); absent: none does.'))),
});

export const planChanges = defineTool({
  name: 'plan_changes',
  title: 'Plan changes to a scope',
  description: [
    'Plans what it takes to make one scope (a guild, or the global scope) hold exactly `commands`, against the scope as it is now, with the same plan engine as `cmd-tui plan` and `cmd-tui apply`. Nothing is sent.',
    'Returns the creates, the updates (each changed field before and after; with `prune`, a renamed command keeps its id and spends no create), the deletes (only with `prune`; without, what the list lacks is kept), the daily creates the plan spends and those left today, every refusal apply_plan would meet, the warnings, and a `planId` to give apply_plan — none when the scope already holds the commands: there is nothing to apply.',
    `Refusals, in the engine's words: the day's ${LIMITS.dailyCreates} creates, the per-type caps, and a mass delete (its override \`delete-many\`, as the CLI's --delete-many, is given to apply_plan only when the user asked for it). Invalid commands are refused with each problem at its path; nothing is planned.`,
    `Show the user the plan and its refusals before apply_plan. A plan lasts ${PLAN_LIFETIME_MS / 60_000} minutes and is bound to the scope as read now: if the scope changes before apply_plan, plan again.`,
  ].join(' '),
  input: z.object({
    guild: optionalScope,
    commands: z.array(z.unknown()).check(z.describe("Every command the scope should hold, each as Discord's API takes it ({name, description, type, options, …}); commands the list lacks are kept unless `prune`.")),
    prune: z.optional(z.boolean().check(z.describe('Also delete the scope\'s commands the list lacks (as `cmd-tui apply --prune`). Default: false.'))),
  }),
  output: z.object({
    planId: z.optional(z.string().check(z.describe('The plan to give apply_plan; absent when nothing would change.'))),
    expiresAt: z.optional(z.string()),
    nothingToApply: z.optional(z.string().check(z.describe('Set instead of a planId when the scope already holds the commands: nothing to apply.'))),
    scope: scopeOutput,
    prune: z.boolean(),
    changes: z.boolean().check(z.describe('Whether carrying it out sends anything.')),
    create: z.array(z.object({ name: z.string(), type: z.int(), body: z.looseObject({}) })),
    update: z.array(z.object({ ...identity, renamedFrom: z.optional(z.string()), changes: z.array(z.object({ path: z.string(), before: z.optional(z.unknown()), after: z.optional(z.unknown()) })) })),
    delete: z.array(z.object(identity)).check(z.describe('Deleted by apply_plan (with `prune` only).')),
    kept: z.array(z.object(identity)).check(z.describe('On the scope, not in the list, and left there (without `prune`).')),
    unchanged: z.array(z.object(identity)),
    creates: z.object({
      used: z.int().check(z.describe('Daily creates the plan spends.')),
      remaining: z.int().check(z.describe('Left today in this scope before the plan, as counted by cmd-tui on this machine (and as any 30034 from Discord taught).')),
      limit: z.int(),
      day: z.string().check(z.describe('The UTC day counted.')),
    }),
    refusals: z.array(refusal).check(z.describe('apply_plan refuses while any stands: one with an `override` goes through only when that override is given.')),
    warnings: z.array(problemOutput),
  }),
  annotations: { readOnlyHint: true, openWorldHint: true },
  async run({ guild, commands, prune = false }, { door, plans }) {
    const scope = scopeOf(guild, door.defaultScope);
    const workspace = await door.workspace();
    const preparation = await preparePlan(workspace, { kind: 'apply', scope, commands, skippedFiles: 0, adapt: false, prune, reason: DOOR_JOURNAL.command, journal: DOOR_JOURNAL });
    if (!preparation.ok) {
      return { refused: "The commands break Discord's rules (each problem at its path follows); nothing was planned.", hint: 'Fix each problem at its path (validate_commands checks again), then plan again.', details: { problems: preparation.problems.map(problem) } };
    }
    const { prepared } = preparation;
    const { plan, budget } = prepared;
    const keep = ({ id, name, type }: { id: string; name: string; type: number }) => ({ id, name, type });
    return {
      output: {
        // As `cmd-tui apply` says "Nothing to change": no plan is kept, since carrying it out would send nothing.
        ...(prepared.changes ? plans.keep(prepared) : { nothingToApply: 'The scope already holds these commands as they are: nothing to apply, so no planId.' }),
        scope,
        prune,
        changes: prepared.changes,
        create: plan.create,
        update: plan.update.map(({ id, name, type, renamedFrom, changes }) => ({ id, name, type, ...(renamedFrom !== undefined ? { renamedFrom } : {}), changes: changes.map(({ path, before, after }) => ({ path, before, after })) })),
        delete: prune ? plan.delete.map(keep) : [],
        kept: prune ? [] : plan.delete.map(keep),
        unchanged: plan.unchanged.map(keep),
        creates: { used: plan.createsUsed, remaining: budget.remaining, limit: LIMITS.dailyCreates, day: budget.day },
        refusals: prepared.refusals.map(mcpRefusal),
        warnings: prepared.warnings.map(problem),
      },
    };
  },
});
