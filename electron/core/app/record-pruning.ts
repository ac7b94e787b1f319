/**
 * Keeps the request log and finished print jobs bounded (store/retention.ts): one small batch now, the next soon
 * after while a backlog remains (a year's worth drains within the first half hour, never holding a charge), then hourly.
 */
import { RETENTION, type Retention } from '../store';

export interface RecordPruning {
  stop(): void;
}

export function startRecordPruning(
  store: Retention, log: (line: string) => void, opts: { stepMs?: number; everyMs?: number; firstMs?: number } = {},
): RecordPruning {
  const stepMs = opts.stepMs ?? 1_000;
  const everyMs = opts.everyMs ?? 3600_000;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = (ms: number): void => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  function run(): void {
    let more = false;
    try {
      const pruned = store.pruneOldRecords(RETENTION.batch);
      more = pruned.requests === RETENTION.batch || pruned.printJobs === RETENTION.batch;
    } catch (error) {
      log(`old records could not be pruned: ${error instanceof Error ? error.message : String(error)}`);
    }
    schedule(more ? stepMs : everyMs);
  }
  schedule(opts.firstMs ?? 5_000);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
