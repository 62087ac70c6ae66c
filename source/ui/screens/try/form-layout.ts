/**
 * How the bot's form fits the rows it is given, pure: the title and Submit always, and the fields between
 * them by priority — the focused field whole (its label, description, limits, text, problem), the
 * others as compactly as needed (their description and limits go first), and when even that is too much
 * the fields scroll around the focused one, with how many rows are above and below said. A border and
 * the blank rows between fields are drawn only where everything fits with them.
 */

/** One field's rows, from the most needed: `core` always (label, value), `extra` only where there is room. */
export interface FieldRows {
  key: string;
  /** Rows the field needs at least (its label and its value, and its problem when it has one). */
  core: number;
  /** Rows it takes whole (its description and limits too, a paragraph's text open on several rows). */
  whole: number;
}

export interface FormLayout {
  border: boolean;
  /** Blank rows between fields. */
  spaced: boolean;
  /** Per field (by key): shown whole, compact, or not at all (scrolled away). */
  shown: Record<string, 'whole' | 'compact' | 'hidden'>;
  /** Rows of fields above and below the ones shown (the markers take a row each where they are). */
  above: number;
  below: number;
}

/**
 * `rows`: what the form has, under the app's header and above its footer; two of them are the title
 * and Submit. The focused field (`focus`, absent on Submit) is whole whenever it fits at all.
 */
export function formLayout(fields: readonly FieldRows[], focus: string | undefined, rows: number): FormLayout {
  const room = Math.max(1, rows - 2);
  const whole = (key: string) => Object.fromEntries(fields.map((field) => [field.key, field.key === key || key === '*' ? 'whole' : 'compact'])) as FormLayout['shown'];
  const sum = (mode: (field: FieldRows) => number) => fields.reduce((total, field) => total + mode(field), 0);
  const gaps = Math.max(0, fields.length - 1) + 1;
  // Everything whole, with a border (two rows) and a blank row between fields and above Submit.
  if (sum((field) => field.whole) + gaps + 2 <= room) return { border: true, spaced: true, shown: whole('*'), above: 0, below: 0 };
  if (sum((field) => field.whole) <= room) return { border: false, spaced: false, shown: whole('*'), above: 0, below: 0 };
  const focused = fields.find((field) => field.key === focus);
  if (sum((field) => (field === focused ? field.whole : field.core)) <= room) return { border: false, spaced: false, shown: whole(focus ?? ''), above: 0, below: 0 };
  if (sum((field) => field.core) <= room) return { border: false, spaced: false, shown: whole(''), above: 0, below: 0 };
  // Scrolled: the focused field (whole where it fits), then its neighbours while they fit, with a row
  // saying what is above and below; the fewest marker rows that the fields left out need.
  const anchorIndex = focused ? fields.indexOf(focused) : fields.length - 1;
  for (const reserve of [0, 1, 2]) {
    const laid = scrolled(fields, anchorIndex, focused !== undefined, room - reserve);
    if ((laid.above > 0 ? 1 : 0) + (laid.below > 0 ? 1 : 0) <= reserve) return laid;
  }
  return scrolled(fields, anchorIndex, false, room - 2);
}

/** The fields around `anchor` that fit in `room` rows: the anchor first (whole if `focused` and it fits), then its neighbours by turns. */
function scrolled(fields: readonly FieldRows[], anchorIndex: number, focused: boolean, room: number): FormLayout {
  const shown: FormLayout['shown'] = Object.fromEntries(fields.map((field) => [field.key, 'hidden']));
  const anchor = fields[anchorIndex]!;
  const anchorMode = focused && anchor.whole <= room ? 'whole' : 'compact';
  shown[anchor.key] = anchorMode;
  let used = anchorMode === 'whole' ? anchor.whole : anchor.core;
  let first = anchorIndex;
  let last = anchorIndex;
  for (let step = 0; ; step += 1) {
    const below = fields[last + 1];
    const above = fields[first - 1];
    const order = step % 2 === 0 ? [below, above] : [above, below];
    const next = order.find((field) => field !== undefined && used + field.core <= room);
    if (!next) break;
    shown[next.key] = 'compact';
    used += next.core;
    if (next === below) last += 1;
    else first -= 1;
  }
  const rowsOf = (from: number, to: number) => fields.slice(from, to).reduce((total, field) => total + field.core, 0);
  return { border: false, spaced: false, shown, above: rowsOf(0, first), below: rowsOf(last + 1, fields.length) };
}
