/** Wakes the tills' long-polls when master data changes: each waiter is woken once, or gives up at its own deadline. */
export class ChangeNotifier {
  private waiters = new Set<() => void>();

  /** Resolves on the next change, after `ms`, or when `signal` aborts (the till hung up), whichever is first. */
  wait(ms: number, signal?: AbortSignal): Promise<void> {
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

  /** Called after a transaction that changed master data has committed. */
  changed(): void {
    const woken = [...this.waiters];
    this.waiters.clear();
    for (const wake of woken) wake();
  }

  get waiting(): number {
    return this.waiters.size;
  }
}
