/** `validate_commands`: every rule, offline — the problems at their paths in the validator's (Discord's) words. */
import type { Problem } from '../../discord/model.js';
import { validateCommandSet } from '../../discord/validate.js';
import * as z from '../zod.js';
import { defineTool } from '../tool.js';

/** A problem as every tool tells it (validate_commands, plan_changes' warnings and refusal). */
export const problemOutput = z.object({
  path: z.string().check(z.describe('Where, in the list: `[0].options[1].name`; `""` for the list as a whole.')),
  rule: z.string().check(z.describe('The rule broken, as the cmd-tui://rules resource lists it.')),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
});

export function problem({ path, rule, message, severity }: Problem): z.output<typeof problemOutput> {
  return { path, rule, message, severity };
}

export const validateCommands = defineTool({
  name: 'validate_commands',
  title: 'Validate commands',
  description:
    'Checks a list of application commands (one scope\'s set, as a bulk overwrite would send it) against every platform rule — names, lengths, option nesting and order, choices, bounds, contexts, localizations, the 8000-character size, per-type caps, duplicate names — offline, nothing sent. Returns every problem with its field path, the rule and what to do. `valid` is false when any is an error; warnings are told.',
  input: z.object({
    commands: z.array(z.unknown()).check(z.describe("The commands, each as Discord's API takes it ({name, description, type, options, …}); a single command is a list of one.")),
    scope: z.optional(z.enum(['global', 'guild']).check(z.describe('The scope they are meant for (some fields only apply globally). Default: global.'))),
    appFlags: z.optional(
      z.int().check(z.minimum(0), z.describe("The application's flags, when known (EMBEDDED, 131072, allows an entry point's handler). Left out: what needs them is a warning.")),
    ),
  }),
  output: z.object({ valid: z.boolean(), errors: z.int(), warnings: z.int(), problems: z.array(problemOutput) }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ commands, scope, appFlags }) {
    const problems = validateCommandSet(commands, { scope: scope ?? 'global', appFlags: appFlags ?? 'unknown' }).map(problem);
    const errors = problems.filter((found) => found.severity === 'error').length;
    return { output: { valid: errors === 0, errors, warnings: problems.length - errors, problems } };
  },
});
