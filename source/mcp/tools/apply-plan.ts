/**
 * `apply_plan`: the plan engine's second half (operations/carry-out-plan.ts, as `cmd-tui apply` calls it)
 * for exactly the plan `plan_changes` kept under `planId`: the engine refuses a standing refusal and a
 * scope that changed since (never planning again for the agent), then locks, backs up, sends, reads back.
 * Each change is told as progress. Used once: a plan refused before anything left stays ready for an
 * override the user gives; any other end uses it up.
 */
import { commandLabel } from '../../discord/overwrite-entries.js';
import { commandSchema } from '../../discord/model.js';
import { carryOutPlan, PlanRefusedError } from '../../operations/carry-out-plan.js';
import type { ExecutedStep } from '../../operations/send-plan.js';
import { PLAN_LIFETIME_MS, type PlanUnavailable } from '../plan-store.js';
import { mcpRefusal } from '../remedy-words.js';
import { scopeOutput } from '../scope-input.js';
import { defineTool } from '../tool.js';
import * as z from '../zod.js';

const LIFETIME = `a plan lasts ${PLAN_LIFETIME_MS / 60_000} minutes`;

const UNAVAILABLE: Record<PlanUnavailable, string> = {
  unknown: `no plan was made with that id by this server (or it was forgotten: ${LIFETIME}, and a restarted server keeps none)`,
  expired: `that plan expired (${LIFETIME})`,
  'in-use': 'that plan is being carried out by another call',
  used: 'that plan was carried out already, or refused for good',
};

function stepOutput(step: ExecutedStep) {
  const { id, name, type } = step.command;
  return { kind: step.kind, id, name, type, ...(step.kind === 'create' ? { created: step.created } : {}) };
}

export const applyPlan = defineTool({
  name: 'apply_plan',
  title: 'Apply a plan',
  description: [
    "Carries out exactly the plan plan_changes returned under `planId` — nothing it did not plan — with the user's credentials, through the same plan engine as `cmd-tui apply`: under the scope's lock, after a backup of the scope (`cmd-tui restore PATH` brings it back), counting each create in the day's ledger, then reading the scope back. Each change is told as progress when the client asks for it.",
    'Refused, with nothing sent: without `confirm: true` (give it only once the user has seen the plan and agreed); for an unknown, expired or already carried-out plan; when the scope changed since the plan (plan again); while a refusal of the plan stands.',
    "`overrides`: `delete-many` (the CLI's --delete-many) lets a plan that deletes most of the scope go through — give it only when the user asked for that mass delete. A refusal that names no override is never lifted.",
    'A call cancelled part-way stops between two requests and says what was sent and what was not.',
  ].join(' '),
  input: z.object({
    planId: z.string().check(z.minLength(1), z.describe('The planId plan_changes returned.')),
    confirm: z.boolean().check(z.describe('true: the user saw the plan and agreed to it. Anything else sends nothing.')),
    overrides: z.optional(z.array(z.enum(['delete-many'])).check(z.describe("What the user said to carry out a refused plan all the same, named as the refusal's `override` (and the CLI's flag)."))),
  }),
  output: z.object({
    applied: z.literal(true),
    scope: scopeOutput,
    backup: z.nullable(z.string()).check(z.describe('The backup of the scope as it was before (`cmd-tui restore PATH` brings it back); null when nothing had to change and nothing was sent.')),
    steps: z.array(z.object({ kind: z.enum(['create', 'update', 'delete']), id: z.string(), name: z.string(), type: z.int(), created: z.optional(z.boolean()) })).check(z.describe('What was sent, in order, as Discord answered it.')),
    readBack: z.optional(z.array(commandSchema).check(z.describe("The scope's commands read back after the changes."))),
    readBackFailed: z.optional(z.string().check(z.describe('Every change landed, but reading the scope back failed: why, and how to look.'))),
    createsRemaining: z.int().check(z.describe('The daily creates left in this scope after the run.')),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  async run({ planId, confirm, overrides = [] }, { door, plans, signal, progress }) {
    if (confirm !== true) return { refused: 'Not confirmed; nothing was sent.', hint: 'Show the user the plan and its refusals, and call apply_plan with confirm: true once they agree.' };
    const taken = plans.take(planId);
    if (!taken.found) return { refused: `No plan to carry out: ${UNAVAILABLE[taken.reason]}; nothing was sent.`, hint: 'Call plan_changes for a plan made from the scope as it is now, and apply its planId.' };
    const prepared = taken.plan;
    let outcome: 'ready-again' | 'used' = 'used';
    try {
      const workspace = await door.workspace();
      const total = prepared.plan.create.length + prepared.plan.update.length + (prepared.prune ? prepared.plan.delete.length : 0);
      let done = 0;
      const carried = await carryOutPlan(workspace, prepared, {
        overrides,
        signal,
        onStep: (step) => progress(++done, total, `${step.kind === 'delete' ? 'deleted' : step.kind === 'update' ? 'updated' : 'created'} ${commandLabel(step.command)}`),
      });
      const { backup, steps, readBack, readBackFailed, createsRemaining } = carried;
      return { output: { applied: true, scope: prepared.scope, backup, steps: steps.map(stepOutput), ...(readBack ? { readBack } : {}), ...(readBackFailed ? { readBackFailed } : {}), createsRemaining } };
    } catch (error) {
      if (!(error instanceof PlanRefusedError)) throw error;
      // Refused before anything left, each refusal overridable: the same plan may go through once the user gives the override.
      if (error.refusals.every((refusal) => refusal.override !== undefined)) outcome = 'ready-again';
      return { refused: error.message, hint: error.hint, details: { applied: false, refusals: error.refusals.map(mcpRefusal) } };
    } finally {
      taken.release(outcome);
    }
  },
});
