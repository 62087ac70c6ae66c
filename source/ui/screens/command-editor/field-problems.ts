/**
 * Puts each problem (from the validator or from the server's field errors) under the field it
 * concerns: the field with that path, else the first field inside the nearest enclosing path; problems
 * about the whole command go to the top.
 */
import type { Problem } from '../../../discord/model.js';
import { parentPath } from './draft-paths.js';
import type { EditorField } from './editor-fields.js';

export interface PlacedProblems {
  byField: Map<string, Problem[]>;
  general: Problem[];
}

export function placeProblems(fields: readonly EditorField[], problems: readonly Problem[]): PlacedProblems {
  const byField = new Map<string, Problem[]>();
  const general: Problem[] = [];
  for (const problem of problems) {
    const field = fieldFor(fields, problem.path);
    if (field) byField.set(field.path, [...(byField.get(field.path) ?? []), problem]);
    else general.push(problem);
  }
  return { byField, general };
}

function fieldFor(fields: readonly EditorField[], path: string): EditorField | undefined {
  for (let at = path; at !== ''; at = parentPath(at)) {
    const exact = fields.find((f) => f.path === at);
    if (exact) return exact;
    const inside = fields.find((f) => f.path.startsWith(`${at}.`) || f.path.startsWith(`${at}[`));
    if (inside) return inside;
    if (parentPath(at) === at) break;
  }
  return undefined;
}
