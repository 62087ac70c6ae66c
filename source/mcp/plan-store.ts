/**
 * The plans `plan_changes` made, by id, until `apply_plan` carries one out — once: a plan is marked in
 * use while it is carried out, and made ready again only when it was refused before anything was sent
 * (for want of an override the agent may still give); otherwise it is used up. A plan lasts
 * PLAN_LIFETIME_MS, and at most MAX_PLANS are kept (the oldest go first): an agent that comes back later
 * plans again against the scope as it is then. Shared by every session of the server, which all act for
 * the same user with the same credentials.
 */
import { randomUUID } from 'node:crypto';

export const PLAN_LIFETIME_MS = 15 * 60 * 1000;
const MAX_PLANS = 64;

type Entry<Plan> = { plan: Plan; expires: number; state: 'ready' | 'in-use' | 'used' };

/** Why a plan id cannot be carried out. */
export type PlanUnavailable = 'unknown' | 'expired' | 'in-use' | 'used';

export type PlanLookup<Plan> = { found: true; plan: Plan; release(outcome: 'ready-again' | 'used'): void } | { found: false; reason: PlanUnavailable };

export interface PlanStore<Plan = unknown> {
  /** Keeps a plan; its id and when it expires. */
  keep(plan: Plan): { planId: string; expiresAt: string };
  /** The plan, marked in use until `release`: ready again (nothing was sent), or used up. */
  take(planId: string): PlanLookup<Plan>;
}

export function planStore<Plan>(now: () => number): PlanStore<Plan> {
  const entries = new Map<string, Entry<Plan>>();
  const sweep = () => {
    // An expired entry stays one more lifetime, so that its id is told as expired rather than unknown.
    for (const [planId, entry] of entries) if (entry.state !== 'in-use' && entry.expires + PLAN_LIFETIME_MS <= now()) entries.delete(planId);
    for (const [planId, entry] of entries) {
      if (entries.size < MAX_PLANS) break;
      if (entry.state !== 'in-use') entries.delete(planId);
    }
  };
  return {
    keep(plan) {
      sweep();
      const planId = randomUUID();
      const expires = now() + PLAN_LIFETIME_MS;
      entries.set(planId, { plan, expires, state: 'ready' });
      return { planId, expiresAt: new Date(expires).toISOString() };
    },
    take(planId) {
      const entry = entries.get(planId);
      if (!entry) return { found: false, reason: 'unknown' };
      if (entry.state !== 'ready') return { found: false, reason: entry.state };
      if (entry.expires <= now()) return { found: false, reason: 'expired' };
      entry.state = 'in-use';
      return { found: true, plan: entry.plan, release: (outcome) => void (entry.state = outcome === 'ready-again' ? 'ready' : 'used') };
    },
  };
}
