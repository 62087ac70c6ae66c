/**
 * Plain-text tables for terminal output: left-aligned columns padded to the widest cell in terminal
 * cells (a CJK name takes two a character, as in the TUI: the same width function), long cells cut
 * with an ellipsis so a row stays on one line; text from outside is measured as it is shown (escaped).
 */
import { fitCell } from '../terminal/fit-cell.js';
import { sanitizeLine } from '../terminal/sanitize.js';
import { textWidth } from '../terminal/text-width.js';

export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[], maxCell = 48): string {
  // Measured as shown: a server's control characters take the room of their visible escapes.
  const table = [headers, ...rows].map((row) => row.map(sanitizeLine));
  const widths = headers.map((_, column) => Math.min(maxCell, Math.max(...table.map((row) => textWidth(row[column] ?? '')))));
  return table.map((row) => row.map((cell, column) => fitCell(cell, widths[column] ?? 0)).join('  ').trimEnd()).join('\n') + '\n';
}
