/**
 * A carried-out plan told the same way by every door: one line per change made (the CLI prints them as
 * they land, the TUI lists them under its progress).
 */
import { commandLabel } from '../discord/overwrite-entries.js';
import type { ExecutedStep } from './send-plan.js';

/** `  created /ping`, `  updated /ban`, `  deleted /old`: a change the server confirmed. */
export function stepLine(step: ExecutedStep): string {
  if (step.kind === 'delete') return `  deleted ${commandLabel(step.command)}`;
  if (step.kind === 'update') return `  updated ${commandLabel(step.command)}`;
  return `  ${step.created ? 'created' : 'overwrote'} ${commandLabel(step.command)}`;
}
