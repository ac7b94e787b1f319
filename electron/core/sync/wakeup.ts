/** A sleep that can be cut short: loops wait on it and are woken when there is new work. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class Wakeup {
  private pending: { resolve: () => void; timer: unknown } | null = null;
  private woken = false;

  /** `timers` is injected so tests can run the engine on a fake clock. */
  constructor(private readonly timers: Timers = realTimers) {}

  wait(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = this.timers.setTimeout(() => this.release(), Math.max(0, ms));
      this.pending = { resolve, timer };
    });
  }

  /** Ends the current wait at once, or the next one if nobody is waiting. */
  wake(): void {
    if (this.pending) this.release();
    else this.woken = true;
  }

  private release(): void {
    const p = this.pending;
    this.pending = null;
    if (!p) return;
    this.timers.clearTimeout(p.timer);
    p.resolve();
  }
}
