/**
 * Validator throughput: a realistic 100-command set and a maximal 8000-character command, ours
 * against @discordjs/builders v1 on the same JSON. Goal: a maximal command validates in < 1 ms,
 * so the editor can re-validate on every keystroke.
 */
import { validateCommand, validateCommandSet } from '../source/discord/validate.js';
import { maximalCommand, realisticCommandSet } from '../test/fixtures/commands.js';
import { buildWithDiscordjs } from './discordjs-builders.js';
import { formatMicros, printRow, time, type Verdict } from './harness.js';

export const name = 'validator';

const KEYSTROKE_BUDGET_MICROS = 1000;

export function run(): Verdict[] {
  const set = realisticCommandSet();
  const maximal = maximalCommand();
  const context = { scope: 'global' } as const;

  // Both sides must accept the fixtures, or the comparison would time an early failure.
  if (validateCommandSet(set, context).length > 0 || validateCommand(maximal, context).length > 0) throw new Error('fixtures are not valid');
  for (const command of [...set, maximal]) buildWithDiscordjs(command);

  const coldStart = performance.now();
  validateCommand(maximalCommand(), context);
  const coldMicros = (performance.now() - coldStart) * 1000;

  const ours = { set: time(() => validateCommandSet(set, context)), maximal: time(() => validateCommand(maximal, context)) };
  const theirs = { set: time(() => set.map(buildWithDiscordjs)), maximal: time(() => buildWithDiscordjs(maximal)) };

  printRow('cmd-tui: 100-command set (all rules)', ours.set);
  printRow('@discordjs/builders v1: same 100 commands', theirs.set);
  printRow('cmd-tui: maximal 8000-character command', ours.maximal);
  printRow('@discordjs/builders v1: same command', theirs.maximal);
  console.log(`  cmd-tui / builders time ratio: set ${(ours.set.medianMicros / theirs.set.medianMicros).toFixed(2)}×, maximal ${(ours.maximal.medianMicros / theirs.maximal.medianMicros).toFixed(2)}× (below 1 = cmd-tui faster, while checking more rules)`);
  console.log(`  first (cold) validation of the maximal command: ${formatMicros(coldMicros)}`);

  return [{
    goal: 'maximal command validated in < 1 ms',
    met: ours.maximal.medianMicros < KEYSTROKE_BUDGET_MICROS,
    detail: `median ${formatMicros(ours.maximal.medianMicros)}, p99 ${formatMicros(ours.maximal.p99Micros)}`,
  }];
}
