/** When the status bar warns about backups, without zod: the status bar is on the counter's first render. */

/** The status bar warns once the last good copy is older than this (or there never was one). */
export const BACKUP_WARN_AFTER_MS = 48 * 60 * 60 * 1000;

/** Whole days since the last good copy when the status bar should warn; null = no warning. 'never' = no copy at all. */
export function backupWarning(lastGoodAt: number | null | undefined, now: number): { days: number } | 'never' | null {
  if (lastGoodAt === undefined) return null; // this till does not take backups (tests, an in-memory store)
  if (lastGoodAt === null) return 'never';
  const age = now - lastGoodAt;
  return age > BACKUP_WARN_AFTER_MS ? { days: Math.floor(age / 86_400_000) } : null;
}
