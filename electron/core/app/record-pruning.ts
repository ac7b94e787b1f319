/**
 * Keeps the request log and finished print jobs bounded (store/retention.ts): one small batch now, the next soon
 * after while a backlog remains (a year's worth drains within the first hour, never holding a charge), then hourly.
 * A batch is a synchronous transaction on the event loop, and how long it takes depends on the disk (its commit
 * waits for fsync) and on how scattered the old rows are, so the batch size follows the time taken: halved when a
 * batch took longer than `budgetMs`, grown back while batches stay well under it.
 */
import { RETENTION, type Retention } from '../store';

export interface RecordPruning {
  stop(): void;
}

export interface RecordPruningOptions {
  stepMs?: number;
  everyMs?: number;
  firstMs?: number;
  /** The longest a batch should hold the event loop (the bridge's idle target is 20 ms at p99). */
  budgetMs?: number;
  /** The clock batches are timed with (tests pass a fake one). */
  clock?: () => number;
}

export const PRUNE_BUDGET_MS = 8;
export const MIN_PRUNE_BATCH = 10;

/** The next batch size after one of `size` rows took `tookMs`. */
export function nextPruneBatch(size: number, tookMs: number, budgetMs = PRUNE_BUDGET_MS): number {
  if (tookMs > budgetMs) return Math.max(MIN_PRUNE_BATCH, Math.floor(size / 2));
  if (tookMs < budgetMs / 4) return Math.min(RETENTION.batch, size * 2);
  return size;
}

export function startRecordPruning(store: Retention, log: (line: string) => void, opts: RecordPruningOptions = {}): RecordPruning {
  const stepMs = opts.stepMs ?? 1_000;
  const everyMs = opts.everyMs ?? 3600_000;
  const budgetMs = opts.budgetMs ?? PRUNE_BUDGET_MS;
  const clock = opts.clock ?? (() => performance.now());
  // Start small: the first batch on a year-old file is the one most likely to be slow.
  let batch = Math.max(MIN_PRUNE_BATCH, Math.floor(RETENTION.batch / 5));
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
      const size = batch;
      const started = clock();
      const pruned = store.pruneOldRecords(size);
      batch = nextPruneBatch(size, clock() - started, budgetMs);
      more = pruned.requests === size || pruned.printJobs === size;
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
