import type { CommandRun } from './types.js';
export const run: CommandRun = async () => 0;
