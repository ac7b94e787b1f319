/**
 * Long work's progress (issue 29): one shape for every job the till or the shop server runs for more than a moment
 * (a catalog or customer import, a backup, a restore, the first upload of a till's sales, a server dump). The core
 * reports it as the `job.progress` event (shared/bridge/contract.ts); a screen shows it with renderer/app/ProgressBar.tsx
 * and, where the job says it is cancellable, asks `jobs.cancel`. Pure: no node imports.
 */
import { z } from 'zod';

/** What kind of work it is (the screen's words for its unit come from it). Add a kind here when a new job reports. */
export const JOB_KINDS = [
  'catalog.preview', 'catalog.import', 'customers.preview', 'customers.import',
  'backup', 'restore', 'shop.upload', 'server.dump',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** What `done` and `total` count. */
export const JOB_UNITS = ['rows', 'bytes', 'sales', 'items'] as const;
export type JobUnit = (typeof JOB_UNITS)[number];

/** running → one of the three ends; an end is the job's last report. */
export const JOB_STATES = ['running', 'finished', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job's id: chosen by the screen that starts it (so it can follow its events before the call answers) or by the core. */
export const jobIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a job id is 1 to 64 letters, digits, - or _');

/** Bounds of a report's numbers: units of one phase (a 1 TB copy in bytes fits) and a time (the year 2286). */
export const MAX_UNITS = Number.MAX_SAFE_INTEGER;
export const MAX_TIME_MS = 10_000_000_000_000;

export const jobProgressSchema = z.strictObject({
  jobId: jobIdSchema,
  kind: z.enum(JOB_KINDS),
  /** The step under way, in the job's own terms ("reading", "checking", "writing"…): a screen may name it. */
  phase: z.string().min(1).max(40),
  unit: z.enum(JOB_UNITS),
  /** Units done in this phase, of `total` (null: not known yet). */
  done: z.number().int().min(0).max(MAX_UNITS),
  total: z.number().int().min(0).max(MAX_UNITS).nullable(),
  /** When the job started, and when this phase started (ms since the epoch, the core's clock). */
  startedAt: z.number().int().min(0).max(MAX_TIME_MS),
  phaseStartedAt: z.number().int().min(0).max(MAX_TIME_MS),
  /** When this report was made (ms since the epoch, the core's clock): the time left is measured against it. */
  at: z.number().int().min(0).max(MAX_TIME_MS),
  state: z.enum(JOB_STATES),
  /** Whether asking `jobs.cancel` now stops it safely. */
  cancellable: z.boolean(),
  /** A failed job's reason (the core's words; a screen says its own). */
  message: z.string().max(2000).optional(),
});
export type JobProgressDto = z.infer<typeof jobProgressSchema>;

/** Under this much work or time a rate means nothing: no time left is shown rather than a wild one. */
const MIN_ELAPSED_MS = 500;
const MIN_FRACTION = 0.02;

/**
 * Seconds left for the phase, from its pace so far (units per ms since the phase started), rounded up; null while
 * the pace is not known (no total, too early, nothing done) or once the job has ended. `now` defaults to the report's own time.
 */
export function timeLeftSeconds(p: Pick<JobProgressDto, 'done' | 'total' | 'phaseStartedAt' | 'at' | 'state'>, now = p.at): number | null {
  if (p.state !== 'running' || p.total === null || p.total === 0) return null;
  const elapsed = p.at - p.phaseStartedAt;
  if (elapsed < MIN_ELAPSED_MS || p.done <= 0 || p.done / p.total < MIN_FRACTION) return null;
  const left = Math.max(0, p.total - p.done);
  // Time since the report counts as spent: a stalled job's estimate does not stay put.
  const remainingMs = (left * elapsed) / p.done - Math.max(0, now - p.at);
  return Math.max(1, Math.ceil(remainingMs / 1000));
}

/** The share done, 0…1 (null when the total is not known). */
export function progressFraction(p: Pick<JobProgressDto, 'done' | 'total'>): number | null {
  if (p.total === null) return null;
  if (p.total === 0) return 1;
  return Math.min(1, Math.max(0, p.done / p.total));
}

export function isJobOver(p: Pick<JobProgressDto, 'state'>): boolean {
  return p.state !== 'running';
}
