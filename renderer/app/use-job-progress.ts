/**
 * A long job's progress as the core reports it (`job.progress`, shared/progress.ts), for the job this screen started:
 * the screen picks the id (newJobId) and passes it with its call, so it hears the first report before the call answers.
 */
import { useEffect, useState } from 'react';
import type { JobProgressDto } from '../../shared/progress';
import { bridge } from '../bridge/client';

let counter = 0;
/** An id for a job this screen is about to start (unique in this page; the core refuses other characters). */
export function newJobId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.floor(Math.random() * 1e9).toString(36)}`;
}

/** The last report of job `jobId` (null before the first, or with no job). */
export function useJobProgress(jobId: string | null): JobProgressDto | null {
  const [progress, setProgress] = useState<JobProgressDto | null>(null);
  useEffect(() => {
    setProgress(null);
    if (jobId === null) return undefined;
    return bridge.on('job.progress', (p) => {
      if (p.jobId === jobId) setProgress(p);
    });
  }, [jobId]);
  return progress;
}

/** Asks the core to stop the job at its next safe point; false when it is not running or cannot stop now. */
export async function cancelJob(jobId: string): Promise<boolean> {
  const answer = await bridge.call('jobs.cancel', { jobId });
  return answer.ok && answer.value.cancelling;
}
