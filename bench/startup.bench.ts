/**
 * Start-up of the built binary: `cmd-tui --version` and `--help` against a bare `node -e 0`, runs
 * interleaved, run-by-run ratios (goal: median ratio ≤ 1.3×); and which npm packages those runs load (goal: no
 * Ink, React or undici). The TUI with --demo in a real terminal (tmux) is the control that proves the check sees them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BARE_NODE, CLI_PATH, packagesInLoadLog, packagesLoadedBy, recordingLoads, timeInterleaved } from './child-process.js';
import type { Verdict } from './harness.js';
import { describeSamples, formatMs, formatRatio, median, pairedRatio } from './samples.js';
import { TmuxControl } from './tmux-control.js';

export const name = 'startup';

const RUNS = 31;
const MAX_RATIO = 1.3;
/** Packages that must stay off the --version/--help path (react-reconciler, scheduler and yoga come with Ink). */
const HEAVY = /^(ink|react|react-reconciler|scheduler|yoga-layout|undici)$/;

/** The packages the TUI loads until its first list is on screen: the demo in a real terminal. */
async function packagesLoadedByTheTui(): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'cmd-tui-bench-'));
  const tmux = await TmuxControl.start();
  try {
    const log = join(folder, 'loaded.txt');
    const recording = recordingLoads(log);
    const env = { ...recording.env, CMD_TUI_HOME: folder, TERM: 'xterm-256color', LANG: 'C.UTF-8' };
    await tmux.timeFirstFrame([process.execPath, ...recording.nodeArgs, CLI_PATH, '--demo'], env, (screen) => /\bping\b/.test(screen));
    return packagesInLoadLog(log).packages;
  } finally {
    await tmux.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function run(): Promise<Verdict[]> {
  const samples = timeInterleaved({ node: BARE_NODE, version: [CLI_PATH, '--version'], help: [CLI_PATH, '--help'] }, RUNS);
  console.log(describeSamples('node -e 0', samples.node!));
  console.log(describeSamples('cmd-tui --version', samples.version!));
  console.log(describeSamples('cmd-tui --help', samples.help!));
  const bare = median(samples.node!);

  const control = (await packagesLoadedByTheTui()).filter((pkg) => HEAVY.test(pkg));
  if (!['ink', 'react', 'undici'].every((pkg) => control.includes(pkg))) throw new Error(`the load check does not see Ink, React and undici on the TUI path (saw ${control.join(', ') || 'nothing'})`);
  console.log(`  control: the TUI (--demo, in a terminal) loads ${control.join(', ')}`);

  const timeVerdict = (flag: string, key: string): Verdict => {
    const ratio = pairedRatio(samples[key]!, samples.node!);
    return { goal: `cmd-tui ${flag} ≤ ${MAX_RATIO}× node -e 0`, met: ratio <= MAX_RATIO, detail: `${formatRatio(ratio)} (median of ${RUNS} run-by-run ratios; medians ${formatMs(median(samples[key]!))} vs ${formatMs(bare)})` };
  };
  const loadVerdict = (flag: string): Verdict => {
    const { files, packages } = packagesLoadedBy([flag]);
    const heavy = packages.filter((pkg) => HEAVY.test(pkg));
    return { goal: `cmd-tui ${flag} loads no Ink, React or undici`, met: heavy.length === 0, detail: heavy.length ? `loaded ${heavy.join(', ')}` : `${files.length} file${files.length === 1 ? '' : 's'}, npm packages: ${packages.join(', ') || 'none'}` };
  };
  return [timeVerdict('--version', 'version'), timeVerdict('--help', 'help'), loadVerdict('--version'), loadVerdict('--help')];
}
