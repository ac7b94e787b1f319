import { describe, expect, it } from 'vitest';
import { jobProgressSchema, progressFraction, timeLeftSeconds, type JobProgressDto } from '../../../shared/progress';
import { createJobs } from '../../../electron/core/app/jobs';
import { esProgress } from '../../../renderer/i18n/es-progress';

const base: JobProgressDto = {
  jobId: 'import-1', kind: 'catalog.import', phase: 'writing', unit: 'rows', done: 0, total: 100_000,
  startedAt: 1_000, phaseStartedAt: 1_000, at: 1_000, state: 'running', cancellable: true,
};

describe('a job progress report (shared/progress.ts)', () => {
  it('is refused when a count is negative, an id has other characters, or the kind is unknown', () => {
    expect(jobProgressSchema.safeParse(base).success).toBe(true);
    expect(jobProgressSchema.safeParse({ ...base, done: -1 }).success).toBe(false);
    // Every number bounded: a time past the year 2286 or a count past what a double holds exactly is refused.
    expect(jobProgressSchema.safeParse({ ...base, at: 1e16 }).success).toBe(false);
    expect(jobProgressSchema.safeParse({ ...base, total: 2 ** 60 }).success).toBe(false);
    expect(jobProgressSchema.safeParse({ ...base, jobId: 'a b' }).success).toBe(false);
    expect(jobProgressSchema.safeParse({ ...base, kind: 'coffee' }).success).toBe(false);
    expect(jobProgressSchema.safeParse({ ...base, total: null }).success).toBe(true);
  });

  it('estimates the time left from the phase pace so far', () => {
    // 12 400 rows in 1.24 s: 87 600 left at 10 rows per ms is 8.76 s → "about 9 s".
    expect(timeLeftSeconds({ ...base, done: 12_400, at: 1_000 + 1_240 })).toBe(9);
    // Measured from the phase's own start, not the job's.
    const laterPhase: JobProgressDto = { ...base, startedAt: 0, phaseStartedAt: 1_000, done: 50_000, at: 6_000 };
    expect(timeLeftSeconds(laterPhase)).toBe(5);
    // Time since the report counts as spent.
    expect(timeLeftSeconds({ ...base, done: 50_000, at: 6_000 }, 9_000)).toBe(2);
    // Never says 0 while running.
    expect(timeLeftSeconds({ ...base, done: 99_999, at: 6_000 })).toBe(1);
  });

  it('gives no estimate while the pace means nothing, without a total, or once the job ended', () => {
    expect(timeLeftSeconds({ ...base, done: 10_000, at: 1_200 })).toBeNull();
    expect(timeLeftSeconds({ ...base, done: 1_000, at: 5_000 })).toBeNull();
    expect(timeLeftSeconds({ ...base, done: 0, at: 5_000 })).toBeNull();
    expect(timeLeftSeconds({ ...base, total: null, done: 50_000, at: 5_000 })).toBeNull();
    expect(timeLeftSeconds({ ...base, state: 'finished', done: 50_000, at: 5_000 })).toBeNull();
  });

  it('says the share done, whole when the total is zero', () => {
    expect(progressFraction({ done: 25, total: 100 })).toBe(0.25);
    expect(progressFraction({ done: 0, total: 0 })).toBe(1);
    expect(progressFraction({ done: 120, total: 100 })).toBe(1);
    expect(progressFraction({ done: 5, total: null })).toBeNull();
  });

  it('reads in Spanish as the bar shows it', () => {
    expect(esProgress.progressCount(12_400, 100_000, 'rows')).toBe('12\u00a0400 de 100\u00a0000 filas');
    expect(esProgress.progressCount(1, null, 'sales')).toBe('1 venta');
    // Bytes as an owner reads them, not 655 360 de 64 524 288 bytes.
    expect(esProgress.progressCount(655_360, 64_524_288, 'bytes')).toBe('0,7 de 64,5 MB');
    expect(esProgress.progressCount(1_234_567_890, 2_000_000_000, 'bytes')).toBe('1\u00a0234,6 de 2\u00a0000,0 MB');
    expect(esProgress.progressCount(200_000, 800_000, 'bytes')).toBe('200 de 800 kB');
    expect(esProgress.progressTimeLeft(8)).toBe('quedan unos 8 s');
    expect(esProgress.progressTimeLeft(125)).toBe('quedan unos 3 min');
  });
});

describe('the core jobs (electron/core/app/jobs.ts)', () => {
  it('reports a phase change and the end at once, and counts at most every 150 ms', () => {
    let clock = 1_000;
    const seen: JobProgressDto[] = [];
    const jobs = createJobs((p) => seen.push(p), () => clock);
    const job = jobs.start({ id: 'j1', kind: 'catalog.import', phase: 'reading', unit: 'rows', total: null, cancellable: true });
    job.progress(10);
    clock += 50;
    job.progress(20);
    clock += 200;
    job.progress(30, 1_000);
    job.phase('writing', 1_000);
    job.finish();
    job.failed('too late');
    expect(seen.map((p) => [p.phase, p.done, p.total, p.state])).toEqual([
      ['reading', 0, null, 'running'], ['reading', 30, 1_000, 'running'], ['writing', 0, 1_000, 'running'], ['writing', 0, 1_000, 'finished'],
    ]);
    for (const p of seen) expect(jobProgressSchema.safeParse(p).success).toBe(true);
    expect(seen.at(-1)?.phaseStartedAt).toBe(1_250);
    expect(jobs.running()).toEqual([]);
  });

  it('cancels only a running job that says stopping is safe', () => {
    const seen: JobProgressDto[] = [];
    const jobs = createJobs((p) => seen.push(p));
    const job = jobs.start({ id: 'j2', kind: 'catalog.import', phase: 'writing', unit: 'rows', total: 10, cancellable: false });
    expect(jobs.cancel('j2')).toBe(false);
    expect(job.cancelRequested).toBe(false);
    job.setCancellable(true);
    expect(jobs.cancel('nobody')).toBe(false);
    expect(jobs.cancel('j2')).toBe(true);
    expect(job.signal.aborted).toBe(true);
    job.cancelled();
    expect(seen.at(-1)?.state).toBe('cancelled');
    expect(jobs.cancel('j2')).toBe(false);
  });
});
