/**
 * `cmd-tui version [--json]`: cmd-tui's version with the Node.js and platform it runs on, what a bug
 * report needs (`cmd-tui --version` prints the version alone, for scripts).
 */
import { VERSION } from '../version.js';
import { parseFlags } from './flags.js';
import { SPECS } from './specs.js';
import type { CommandRun } from './types.js';

export const run: CommandRun = async (args, io) => {
  const { values } = parseFlags(args, SPECS.version.flags, { min: 0, max: 0, names: '' });
  const facts = { version: VERSION, node: process.version, platform: process.platform, arch: process.arch };
  io.stdout.write(values.json ? `${JSON.stringify(facts, null, 2)}\n` : `cmd-tui ${facts.version}\nNode.js ${facts.node} on ${facts.platform} ${facts.arch}\n`);
  return 0;
};
