/**
 * Times as Discord writes them in API and gateway bodies: ISO 8601 with six fraction digits and an
 * explicit `+00:00`, as in `"joined_at": "2022-10-23T10:03:13.019000+00:00"` (test/fixtures/discord/interactions,
 * recorded from Discord) — not JavaScript's `…13.019Z`, which Python's `datetime.fromisoformat` before 3.11
 * refuses. Pure.
 */

const ISO_UTC = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(?:Z|\+00:00)$/;

/**
 * `time` (milliseconds, or a stored ISO string in either form) in Discord's form. A stored string that
 * is not a UTC ISO time is returned as it is: it came from a recorded body and is already Discord's.
 */
export function discordTimestamp(time: number | string): string {
  const iso = typeof time === 'number' ? new Date(time).toISOString() : time;
  const parts = ISO_UTC.exec(iso);
  return parts ? `${parts[1]}.${(parts[2] ?? '').padEnd(6, '0')}+00:00` : iso;
}

/** A stored time that may be absent (`communication_disabled_until`), in Discord's form or null. */
export function discordTimestampOrNull(time: string | null | undefined): string | null {
  return time ? discordTimestamp(time) : null;
}
