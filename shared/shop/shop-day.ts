/**
 * The shop's calendar: days and hours in America/Bogota, which keeps UTC−5 all year (no daylight saving since
 * 1993), so a day is a fixed window of epoch milliseconds and needs no time-zone database. Weeks start on Monday.
 */
export const BOGOTA_OFFSET_MS = -5 * 3600_000;
export const DAY_MS = 24 * 3600_000;

/** "2026-03-14" → true only for a real calendar date. */
export function isShopDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
}

/** The shop's date of an instant ("2026-03-14"). */
export function shopDateOf(ms: number): string {
  return new Date(ms + BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day's window: from its midnight in Bogotá (inclusive) to the next (exclusive), epoch ms. */
export function shopDayWindow(date: string): { from: number; to: number } {
  const from = Date.parse(`${date}T00:00:00Z`) - BOGOTA_OFFSET_MS;
  return { from, to: from + DAY_MS };
}

/** The week (Monday to Sunday) holding `date`: its Monday's date and window. */
export function shopWeekWindow(date: string): { monday: string; from: number; to: number } {
  const { from } = shopDayWindow(date);
  const weekday = (new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const start = from - weekday * DAY_MS;
  return { monday: shopDateOf(start), from: start, to: start + 7 * DAY_MS };
}

/**
 * A shop day as a number (days since 1970-01-01 in Bogotá): the till's per-day digest and the server's agree on it
 * (issue 25's healing), so the rule lives here once, with the SQL both stores bucket by.
 */
export function shopDayIndex(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The shop day numbered `index` → "2026-03-14". */
export function shopDayOfIndex(index: number): string {
  return new Date(index * DAY_MS).toISOString().slice(0, 10);
}

/** The epoch ms of the shop day numbered `index`'s midnight in Bogotá. */
export function shopDayIndexStart(index: number): number {
  return index * DAY_MS - BOGOTA_OFFSET_MS;
}

/**
 * SQL (SQLite and PostgreSQL alike) that numbers the shop day of an epoch-ms expression (`created_at`, or the till's
 * own time of a sale): integer division is floor for times ≥ 0, which every sale's is.
 */
export function shopDayIndexSql(epochMs: string): string {
  return `((${epochMs} + ${BOGOTA_OFFSET_MS}) / ${DAY_MS})`;
}
