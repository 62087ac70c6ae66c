/**
 * Fault injection for resilience tests: `--faults 429:0.05,500:0.02,502:0.01,503:0.01,reset:0.01,slow:0.05@2000,seed:42`.
 * Each entry is `kind:rate[@ms]` (rate 0..1; `@ms` is the delay for `slow` and the retry-after for `429`);
 * `seed:N` makes the sequence reproducible. One draw per request from a seeded PRNG (mulberry32),
 * so the same seed and the same request order give the same faults.
 */
export type FaultKind = '429' | '500' | '502' | '503' | 'reset' | 'slow';

export interface FaultRule {
  kind: FaultKind;
  rate: number;
  ms: number;
}

export interface FaultPlan {
  rules: FaultRule[];
  seed: number;
}

const KINDS: readonly FaultKind[] = ['429', '500', '502', '503', 'reset', 'slow'];
const DEFAULT_MS: Record<FaultKind, number> = { '429': 1000, '500': 0, '502': 0, '503': 0, reset: 0, slow: 1000 };

export class FaultSpecError extends Error {
  override readonly name = 'FaultSpecError';
}

export function parseFaultSpec(spec: string): FaultPlan {
  const plan: FaultPlan = { rules: [], seed: 1 };
  for (const entry of spec.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([a-z0-9]+):([\d.]+)(?:@(\d+))?$/.exec(entry);
    if (!match) throw new FaultSpecError(`"${entry}" is not a fault: write kind:rate[@ms], e.g. 500:0.02 or slow:0.05@2000`);
    const [, kind = '', value = '', ms] = match;
    if (kind === 'seed') {
      plan.seed = Number.parseInt(value, 10);
      continue;
    }
    if (!KINDS.includes(kind as FaultKind)) throw new FaultSpecError(`unknown fault "${kind}": use one of ${KINDS.join(', ')} or seed`);
    const rate = Number(value);
    if (!(rate >= 0 && rate <= 1)) throw new FaultSpecError(`rate of "${kind}" must be between 0 and 1, not ${value}`);
    plan.rules.push({ kind: kind as FaultKind, rate, ms: ms === undefined ? DEFAULT_MS[kind as FaultKind] : Number(ms) });
  }
  const total = plan.rules.reduce((sum, rule) => sum + rule.rate, 0);
  if (total > 1) throw new FaultSpecError(`fault rates add up to ${total}: keep the sum at most 1`);
  return plan;
}

/** A small seeded PRNG (also the kill-point tests' source of random points). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FaultInjector {
  private random: () => number;

  constructor(private readonly plan: FaultPlan) {
    this.random = mulberry32(plan.seed);
  }

  /** Restart the sequence (POST /__emulator/reset). */
  reset(): void {
    this.random = mulberry32(this.plan.seed);
  }

  /** The fault for the next request, if any. */
  next(): FaultRule | undefined {
    if (this.plan.rules.length === 0) return undefined;
    const draw = this.random();
    let cumulative = 0;
    for (const rule of this.plan.rules) {
      cumulative += rule.rate;
      if (draw < cumulative) return rule;
    }
    return undefined;
  }
}
