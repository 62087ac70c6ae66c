/**
 * Plain-text tables for terminal output: left-aligned columns padded to the widest cell,
 * long cells cut with an ellipsis so a row stays on one line.
 */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[], maxCell = 48): string {
  const cut = (cell: string) => (cell.length > maxCell ? `${cell.slice(0, maxCell - 1)}…` : cell);
  const cells = [headers, ...rows].map((row) => row.map(cut));
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd()).join('\n') + '\n';
}
