/**
 * Long jobs' progress and cancel (shared/progress.ts), for every kind of long work in the core: a job reports its
 * phase and count as it goes; the screens hear it as `job.progress` (at most one report per job each
 * REPORT_EVERY_MS, and always a phase change and the end); `jobs.cancel` asks it to stop at its next safe point
 * (it reads `cancelRequested` or its `signal` between its steps and ends as cancelled).
 */
import { randomUUID } from 'node:crypto';
import type { JobKind, JobProgressDto, JobState, JobUnit } from '../../../shared/progress';

/** A screen redraws its bar no more often than this per job. */
export const REPORT_EVERY_MS = 150;

export interface JobStart {
  /** The screen's id (it follows the events before the call answers); a fresh one when absent. */
  id?: string | undefined;
  kind: JobKind;
  phase: string;
  unit: JobUnit;
  total: number | null;
  cancellable: boolean;
}

export interface Job {
  readonly id: string;
  /** Aborted when `jobs.cancel` asks for it. */
  readonly signal: AbortSignal;
  readonly cancelRequested: boolean;
  /** A new step: its own count from 0 (reported at once). */
  phase(phase: string, total: number | null, unit?: JobUnit): void;
  /** Where the phase is (reported when REPORT_EVERY_MS have passed since the last report). */
  progress(done: number, total?: number | null): void;
  /** Whether stopping is still safe (a commit under way is not). */
  setCancellable(cancellable: boolean): void;
  finish(): void;
  cancelled(): void;
  failed(message: string): void;
}

export interface Jobs {
  start(start: JobStart): Job;
  /** true when the job was running and cancellable: it stops at its next safe point. */
  cancel(id: string): boolean;
  /** The running jobs' last reports (a screen opened during a job shows it). */
  running(): JobProgressDto[];
}

export function createJobs(report: (progress: JobProgressDto) => void, now: () => number = Date.now): Jobs {
  const live = new Map<string, { progress: JobProgressDto; abort: AbortController }>();

  function start(s: JobStart): Job {
    const id = s.id ?? randomUUID();
    const startedAt = Math.floor(now());
    // The same id again (a screen that retries): the earlier one is stopped first.
    live.get(id)?.abort.abort();
    const abort = new AbortController();
    let p: JobProgressDto = {
      jobId: id, kind: s.kind, phase: s.phase, unit: s.unit, done: 0, total: s.total, startedAt, phaseStartedAt: startedAt,
      at: startedAt, state: 'running', cancellable: s.cancellable,
    };
    const entry = { progress: p, abort };
    live.set(id, entry);
    let lastSent = -Infinity;
    const send = (force: boolean) => {
      const at = Math.floor(now());
      if (!force && at - lastSent < REPORT_EVERY_MS) return;
      lastSent = at;
      p = { ...p, at };
      entry.progress = p;
      report(p);
    };
    const end = (state: JobState, message?: string) => {
      if (p.state !== 'running') return;
      p = { ...p, state, cancellable: false, ...(message !== undefined ? { message } : {}) };
      if (live.get(id) === entry) live.delete(id);
      send(true);
    };
    send(true);
    return {
      id,
      signal: abort.signal,
      get cancelRequested() { return abort.signal.aborted; },
      phase(phase, total, unit) {
        const at = Math.floor(now());
        p = { ...p, phase, total, done: 0, phaseStartedAt: at, ...(unit ? { unit } : {}) };
        send(true);
      },
      progress(done, total) {
        p = { ...p, done: Math.max(0, Math.floor(done)), ...(total !== undefined ? { total } : {}) };
        send(false);
      },
      setCancellable(cancellable) {
        if (p.cancellable === cancellable) return;
        p = { ...p, cancellable };
        send(true);
      },
      finish: () => end('finished'),
      cancelled: () => end('cancelled'),
      failed: (message) => end('failed', message),
    };
  }

  return {
    start,
    cancel(id) {
      const entry = live.get(id);
      if (!entry || !entry.progress.cancellable) return false;
      entry.abort.abort();
      return true;
    },
    running: () => [...live.values()].map((e) => e.progress),
  };
}
