/**
 * Process-wide rolling-window limiter: never more than `limit` requests start in any `windowMs`.
 *
 * A slot is held from the moment a request starts until it finishes, and counts for `windowMs` after that.
 * Counting from the finish (not the start) is what keeps us under the service's limit even though the service
 * counts arrivals, which come somewhere between our start and our finish: a burst that waited on a new
 * connection would otherwise line up with the next burst on a warm one inside the service's window.
 */
export interface RateLimiter {
  /** Resolves when a request may start; call the returned function once the request has finished. */
  acquire(): Promise<() => void>;
  /** Holds back every caller until `untilMs` (ms since epoch), e.g. for a Retry-After. */
  pause(untilMs: number): void;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

interface Slot {
  at: number;
  open: boolean;
}

export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  if (!Number.isInteger(opts.limit) || opts.limit < 1) throw new RangeError('limit must be a positive integer');
  if (!(opts.windowMs > 0)) throw new RangeError('windowMs must be positive');
  let slots: Slot[] = [];
  let pausedUntil = 0;
  let waiters: Array<() => void> = [];
  // One caller at a time looks for a slot, so callers are served in arrival order.
  let turn: Promise<unknown> = Promise.resolve();

  function slotFreed(): Promise<void> {
    return new Promise((resolve) => waiters.push(resolve));
  }

  function wakeWaiters(): void {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  }

  async function admit(): Promise<() => void> {
    for (;;) {
      const t = opts.now();
      if (pausedUntil > t) {
        await opts.sleep(pausedUntil - t);
        continue;
      }
      slots = slots.filter((s) => s.open || s.at > t - opts.windowMs);
      if (slots.length < opts.limit) {
        const slot: Slot = { at: t, open: true };
        slots.push(slot);
        return () => {
          if (!slot.open) return;
          slot.open = false;
          slot.at = Math.max(slot.at, opts.now());
          wakeWaiters();
        };
      }
      const closed = slots.filter((s) => !s.open);
      if (closed.length === 0) {
        await slotFreed();
      } else {
        const freeAt = Math.min(...closed.map((s) => s.at)) + opts.windowMs;
        await Promise.race([opts.sleep(freeAt - t), slotFreed()]);
      }
    }
  }

  return {
    acquire() {
      const admitted = turn.then(admit);
      turn = admitted.catch(() => undefined);
      return admitted;
    },
    pause(untilMs) {
      pausedUntil = Math.max(pausedUntil, untilMs);
    },
  };
}
