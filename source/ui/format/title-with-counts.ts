/**
 * A screen title that names something and counts something (`Edit ping in Guild Pixel Pal HQ  2
 * problems`): when the line is too narrow, the name is cut and the counts stay whole, since the counts
 * are what tells the user whether there is something to do.
 */
import { fitCell } from '../../terminal/fit-cell.js';
import { textWidth } from '../../terminal/text-width.js';

/** `name` fitted into what `width` leaves beside `counts` (the counts are never cut). */
export function fittedName(name: string, counts: string, width: number): string {
  const room = width - textWidth(counts);
  return textWidth(name) <= room ? name : fitCell(name, Math.max(1, room)).trimEnd();
}
