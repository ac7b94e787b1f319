/**
 * Wakes the tills' long-polls when master data changes: each waiter is woken once, or gives up at its own deadline.
 * `changed()` wakes this process's waiters and tells the other server processes on the same PostgreSQL (`publish`,
 * see cross-process.ts); `wakeLocal()` is what a notification from another process does here.
 */
export class ChangeNotifier {
  private waiters = new Set<() => void>();
  private count = 0;

  constructor(private readonly publish: () => void = () => {}) {}

  /**
   * A mark to take before reading what a waiter would wait past: `wait(…, mark)` then returns at once when a change
   * came in between (the read may have missed it), instead of sleeping through it.
   */
  mark(): number {
    return this.count;
  }

  /** Resolves on the next change (or at once if one came since `mark`), after `ms`, or when `signal` aborts. */
  wait(ms: number, signal?: AbortSignal, mark?: number): Promise<void> {
    if (mark !== undefined && mark !== this.count) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Called after a transaction that changed master data has committed: wakes the waiters here and elsewhere. */
  changed(): void {
    this.wakeLocal();
    this.publish();
  }

  /** Wakes this process's waiters only (another process changed something, or the server is closing). */
  wakeLocal(): void {
    this.count += 1;
    const woken = [...this.waiters];
    this.waiters.clear();
    for (const wake of woken) wake();
  }

  get waiting(): number {
    return this.waiters.size;
  }
}
