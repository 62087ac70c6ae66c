/**
 * Start-up of the built binary: `cmd-tui --version` and `--help` against a bare `node -e 0`, runs
 * interleaved, run-by-run ratios (goal: median ratio ≤ 1.3×); and which npm packages those runs load (goal: no
 * Ink, React or undici). The TUI path without a terminal is the control that proves the check sees them.
 */
import { BARE_NODE, CLI_PATH, packagesLoadedBy, timeInterleaved } from './child-process.js';
import type { Verdict } from './harness.js';
import { describeSamples, formatMs, formatRatio, median, pairedRatio } from './samples.js';

export const name = 'startup';

const RUNS = 31;
const MAX_RATIO = 1.3;
/** Packages that must stay off the --version/--help path (react-reconciler, scheduler and yoga come with Ink). */
const HEAVY = /^(ink|react|react-reconciler|scheduler|yoga-layout|undici)$/;

export function run(): Verdict[] {
  const samples = timeInterleaved({ node: BARE_NODE, version: [CLI_PATH, '--version'], help: [CLI_PATH, '--help'] }, RUNS);
  console.log(describeSamples('node -e 0', samples.node!));
  console.log(describeSamples('cmd-tui --version', samples.version!));
  console.log(describeSamples('cmd-tui --help', samples.help!));
  const bare = median(samples.node!);

  const control = packagesLoadedBy([]).packages.filter((pkg) => HEAVY.test(pkg));
  if (!control.includes('ink') || !control.includes('react')) throw new Error(`the load check does not see Ink and React on the TUI path (saw ${control.join(', ') || 'nothing'})`);
  console.log(`  control: the TUI path (no terminal) loads ${control.join(', ')}`);

  const timeVerdict = (flag: string, key: string): Verdict => {
    const ratio = pairedRatio(samples[key]!, samples.node!);
    return { goal: `cmd-tui ${flag} ≤ ${MAX_RATIO}× node -e 0`, met: ratio <= MAX_RATIO, detail: `${formatRatio(ratio)} (median of ${RUNS} run-by-run ratios; medians ${formatMs(median(samples[key]!))} vs ${formatMs(bare)})` };
  };
  const loadVerdict = (flag: string): Verdict => {
    const { files, packages } = packagesLoadedBy([flag]);
    const heavy = packages.filter((pkg) => HEAVY.test(pkg));
    return { goal: `cmd-tui ${flag} loads no Ink, React or undici`, met: heavy.length === 0, detail: heavy.length ? `loaded ${heavy.join(', ')}` : `${files.length} files, npm packages: ${packages.join(', ') || 'none'}` };
  };
  return [timeVerdict('--version', 'version'), timeVerdict('--help', 'help'), loadVerdict('--version'), loadVerdict('--help')];
}
