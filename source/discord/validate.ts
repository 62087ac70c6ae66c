/**
 * The command validator: checks one command, or one scope's complete set, against every platform
 * rule in rules.ts. Pure and total: never throws on any JSON value and never mutates its input.
 */
import type { Problem } from './model.js';

export interface ValidationContext {
  scope: 'global' | 'guild';
  /** The app's flags; default 0. EMBEDDED = 1 << 17 allows `handler`. */
  appFlags?: number;
  /** The app's supported installation types; default [0, 1]. */
  supportedIntegrationTypes?: number[];
  /** Longest string choice value; default LIMITS.choiceStringValueLength (100). The emulator may pass 6000. */
  choiceStringMaxLength?: number;
}

export function validateCommand(_command: unknown, _context: ValidationContext): Problem[] {
  return [];
}

export function validateCommandSet(_commands: unknown, _context: ValidationContext): Problem[] {
  return [];
}

/** Characters counted toward the 8000 limit; `fields` sorted biggest first. */
export function commandSize(_command: unknown): { total: number; fields: { path: string; length: number }[] } {
  return { total: 0, fields: [] };
}
