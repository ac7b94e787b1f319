/**
 * Which copies to keep, for the till's backups and the shop server's alike: the newest copy of each of the last 7
 * days that have one, of the last 4 ISO weeks and of the last 12 months (the grandfather-father-son scheme, as
 * restic's --keep-daily/--keep-weekly/--keep-monthly count it). Pure: it sees only each copy's file name and the
 * local date and time its name carries, so tests drive it with any sequence of dates.
 */

export interface RotationPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

export const DEFAULT_ROTATION: RotationPolicy = { daily: 7, weekly: 4, monthly: 12 };

/** A good copy as rotation sees it. */
export interface DatedCopy {
  file: string;
  /** Local calendar date of the copy, YYYY-MM-DD. */
  day: string;
  /** Sortable local time stamp, YYYY-MM-DD-HHMMSS. */
  stamp: string;
}

/** ISO 8601 week of a calendar date ("2025-W03"), computed on the date alone (no time zone involved). */
export function isoWeek(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday of this week decides its year
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Splits good copies into those to keep and those to delete (file names, newest first). */
export function planCopyRotation(dated: readonly DatedCopy[], policy: RotationPolicy = DEFAULT_ROTATION): { keep: string[]; remove: string[] } {
  const copies = [...dated].sort((a, b) => (a.stamp === b.stamp ? a.file.localeCompare(b.file) : b.stamp.localeCompare(a.stamp)));
  const kept = new Set<string>();
  const keepBy = (bucket: (c: DatedCopy) => string, count: number): void => {
    const seen = new Set<string>();
    for (const copy of copies) {
      if (seen.size >= count) break;
      const key = bucket(copy);
      if (seen.has(key)) continue;
      seen.add(key);
      kept.add(copy.file);
    }
  };
  keepBy((c) => c.day, policy.daily);
  keepBy((c) => isoWeek(c.day), policy.weekly);
  keepBy((c) => c.day.slice(0, 7), policy.monthly);
  return {
    keep: copies.filter((c) => kept.has(c.file)).map((c) => c.file),
    remove: copies.filter((c) => !kept.has(c.file)).map((c) => c.file),
  };
}
