/** A sleep that can be cut short: loops wait on it and are woken when there is new work. */
export class Wakeup {
  private pending: { resolve: () => void; timer: ReturnType<typeof setTimeout> } | null = null;
  private woken = false;

  wait(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.release(), Math.max(0, ms));
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
    clearTimeout(p.timer);
    p.resolve();
  }
}
