/**
 * The till's rate budget for one invoicing service: never more than the budget's requests start in any `windowMs`.
 *
 * A slot is held from the moment a request starts until it finishes, and counts for `windowMs` after that.
 * Counting from the finish (not the start) is what keeps us under the service's limit even though the service
 * counts arrivals, which come somewhere between our start and our finish: a burst that waited on a new
 * connection would otherwise line up with the next burst on a warm one inside the service's window.
 *
 * The promise outlives the process: with a journal, every start and finish is written down, and a new limiter
 * (a restart, a crash) begins from the last window's requests instead of an empty one. A request that never
 * recorded its finish (the process was killed) may have arrived as late as its start + `inFlightMs`.
 *
 * Several tills on one client id share the service's limit without knowing of each other: each takes its share
 * (a setting), and a 429 halves the budget (multiplicative decrease, at most once per round of requests) while
 * every window without one grows it back by a small step (additive increase), so the tills converge.
 */
export interface RateLimiter {
  /** Resolves when a request may start; call the returned function once the request has finished. */
  acquire(): Promise<(outcome?: RequestOutcome) => void>;
  /** Holds back every caller until `untilMs` (ms since epoch), e.g. for a Retry-After. Survives a restart. */
  pause(untilMs: number): void;
  /** Requests this till may start per window right now (after AIMD and its share). */
  budget(): number;
  /** Wakes every waiter and lets nothing more through (the client is shutting down). */
  close(): void;
  /** If a request asked now would be held back: until when at the earliest, and why (for the status bar). */
  heldUntil(): { untilMs: number; reason: 'retry-after' | 'window' } | null;
}

export interface RequestOutcome {
  /** The service refused the request for its rate limit (HTTP 429). */
  rateLimited?: boolean;
}

/** Where the requests of the last window are written down, so a restarted till starts from them. */
export interface RateJournal {
  load(sinceMs: number): RateJournalState;
  /** Returns a handle for `finished`. */
  started(atMs: number): number;
  finished(handle: number, atMs: number): void;
  paused(untilMs: number): void;
  budgetChanged(budget: number, atMs: number): void;
  /** Forgets requests that started before `beforeMs`. */
  prune(beforeMs: number): void;
}

export interface RateJournalState {
  requests: Array<{ startedAt: number; finishedAt: number | null }>;
  pausedUntil: number;
  /** The AIMD budget after the last 429 and when it was set; null when it was never reduced. */
  budget: { value: number; atMs: number } | null;
}

export interface RateLimiterOptions {
  /** Requests per window this till may send at most (the service's limit with some headroom). */
  limit: number;
  windowMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** This till's share of `limit`, in (0, 1]; read at every admission so a settings change applies at once. */
  share?: () => number;
  journal?: RateJournal;
  /** How long after its start a request may still reach the service (the HTTP client's total timeout). */
  inFlightMs?: number;
  /** A 429 multiplies the budget by this. */
  decrease?: number;
  /** Each window without a 429 adds this fraction of the ceiling back. */
  increasePerWindow?: number;
}

interface Slot {
  at: number;
  open: boolean;
  /** Admission order, to tell the requests admitted before a cut from those after it. */
  serial: number;
  handle: number | null;
}

const DEFAULT_DECREASE = 0.5;
const DEFAULT_INCREASE = 0.02;
const DEFAULT_IN_FLIGHT_MS = 15_000;
const MIN_BUDGET_FRACTION = 0.1;

export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  if (!Number.isInteger(opts.limit) || opts.limit < 1) throw new RangeError('limit must be a positive integer');
  if (!(opts.windowMs > 0)) throw new RangeError('windowMs must be positive');
  const decrease = opts.decrease ?? DEFAULT_DECREASE;
  const increase = opts.increasePerWindow ?? DEFAULT_INCREASE;
  const inFlightMs = opts.inFlightMs ?? DEFAULT_IN_FLIGHT_MS;
  const journal = opts.journal ? bestEffort(opts.journal) : null;
  let slots: Slot[] = [];
  let pausedUntil = 0;
  // The AIMD budget (requests per window) and when it was last set; null = the whole ceiling.
  let reduced: { value: number; atMs: number } | null = null;
  let admitted = 0;
  // Requests admitted before this serial were sent at the rate the last cut already answered for.
  let cutSerial = 0;
  let lastPruneAt = Number.NEGATIVE_INFINITY;
  let closed = false;
  let waiters: Array<() => void> = [];
  // One caller at a time looks for a slot, so callers are served in arrival order.
  let turn: Promise<unknown> = Promise.resolve();

  if (journal) {
    const t = opts.now();
    const state = journal.load(t - opts.windowMs - inFlightMs);
    for (const r of state.requests) {
      // Unfinished: the previous run died with it in flight, and it may have arrived until its timeout.
      const at = r.finishedAt ?? r.startedAt + inFlightMs;
      if (at > t - opts.windowMs) slots.push({ at, open: false, serial: -1, handle: null });
    }
    pausedUntil = state.pausedUntil;
    reduced = state.budget;
  }

  const ceiling = (): number => {
    const share = opts.share?.() ?? 1;
    const fraction = Number.isFinite(share) ? Math.min(1, Math.max(0.01, share)) : 1;
    return Math.max(1, Math.floor(opts.limit * fraction));
  };

  /** The budget now: the reduced one grown back by `increase` of the ceiling per window since it was set. */
  function currentBudget(t: number): number {
    const top = ceiling();
    if (!reduced) return top;
    const grown = reduced.value + (top * increase * Math.max(0, t - reduced.atMs)) / opts.windowMs;
    if (grown >= top) {
      reduced = null;
      return top;
    }
    return Math.max(1, Math.floor(grown));
  }

  function rateLimited(slot: Slot): void {
    // The 429s of requests that started before the last decrease answer for the old rate, already halved.
    if (slot.serial < cutSerial) return;
    const t = opts.now();
    const inWindow = slots.filter((s) => s.open || s.at > t - opts.windowMs).length;
    // Halve what was actually being sent (a till that sent little does not keep a large budget), but never below a
    // tenth of the ceiling: a 429 when we sent little means someone else spends the limit, not that we must stop.
    const value = Math.max(1, MIN_BUDGET_FRACTION * ceiling(), decrease * Math.min(currentBudget(t), inWindow));
    reduced = { value, atMs: t };
    cutSerial = admitted;
    journal?.budgetChanged(value, t);
  }

  function slotFreed(): Promise<void> {
    return new Promise((resolve) => waiters.push(resolve));
  }

  function wakeWaiters(): void {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  }

  function prune(t: number): void {
    if (!journal || t - lastPruneAt < opts.windowMs / 4) return;
    lastPruneAt = t;
    journal.prune(t - opts.windowMs - inFlightMs);
  }

  async function admit(): Promise<(outcome?: RequestOutcome) => void> {
    for (;;) {
      if (closed) return () => undefined;
      const t = opts.now();
      if (pausedUntil > t) {
        await Promise.race([opts.sleep(pausedUntil - t), slotFreed()]);
        continue;
      }
      slots = slots.filter((s) => s.open || s.at > t - opts.windowMs);
      if (slots.length < currentBudget(t)) {
        const slot: Slot = { at: t, open: true, serial: admitted++, handle: journal?.started(t) ?? null };
        slots.push(slot);
        prune(t);
        return (outcome) => {
          if (!slot.open) return;
          slot.open = false;
          slot.at = Math.max(slot.at, opts.now());
          if (slot.handle !== null) journal?.finished(slot.handle, slot.at);
          if (outcome?.rateLimited) rateLimited(slot);
          wakeWaiters();
        };
      }
      const closedSlots = slots.filter((s) => !s.open);
      if (closedSlots.length === 0) {
        await slotFreed();
      } else {
        // With a shrunken budget more than one slot may have to expire: wait for the one that brings us under it.
        const ends = closedSlots.map((s) => s.at).sort((a, b) => a - b);
        const excess = slots.length - currentBudget(t);
        const freeAt = (ends[Math.min(excess, ends.length - 1)] as number) + opts.windowMs;
        await Promise.race([opts.sleep(Math.max(1, freeAt - t)), slotFreed()]);
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
      if (untilMs <= pausedUntil) return;
      pausedUntil = untilMs;
      journal?.paused(untilMs);
    },
    budget() {
      return currentBudget(opts.now());
    },
    heldUntil() {
      const t = opts.now();
      if (pausedUntil > t) return { untilMs: pausedUntil, reason: 'retry-after' };
      const live = slots.filter((s) => s.open || s.at > t - opts.windowMs);
      const budget = currentBudget(t);
      if (live.length < budget) return null;
      // Full: the earliest a slot frees is when enough finished ones leave the window (open ones: unknown, so now).
      const ends = live.filter((s) => !s.open).map((s) => s.at).sort((a, b) => a - b);
      const excess = live.length - budget;
      const end = ends[Math.min(excess, ends.length - 1)];
      return { untilMs: end === undefined ? t : end + opts.windowMs, reason: 'window' };
    },
    close() {
      closed = true;
      wakeWaiters();
    },
  };
}

/** The journal is a help, not a condition: if the disk refuses a write, the limiter goes on from memory. */
function bestEffort(journal: RateJournal): RateJournal {
  const guard = <A extends unknown[], R>(fn: (...args: A) => R, fallback: R) => (...args: A): R => {
    try {
      return fn(...args);
    } catch {
      return fallback;
    }
  };
  return {
    load: guard((since: number) => journal.load(since), { requests: [], pausedUntil: 0, budget: null }),
    started: guard((at: number) => journal.started(at), -1),
    finished: guard((handle: number, at: number) => journal.finished(handle, at), undefined),
    paused: guard((until: number) => journal.paused(until), undefined),
    budgetChanged: guard((value: number, at: number) => journal.budgetChanged(value, at), undefined),
    prune: guard((before: number) => journal.prune(before), undefined),
  };
}
