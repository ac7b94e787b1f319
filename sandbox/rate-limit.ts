/** Rolling-window request limit per key (a client_id, or an address for unauthenticated calls). */
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string): RateDecision;
}

export function createRateLimiter(opts: { limit: number; windowMs: number; now: () => number }): RateLimiter {
  const seen = new Map<string, number[]>();
  return {
    take(key) {
      const now = opts.now();
      const since = now - opts.windowMs;
      const times = (seen.get(key) ?? []).filter((t) => t > since);
      // Forget idle keys so one-off addresses do not accumulate.
      if (times.length === 0) seen.delete(key);
      if (times.length >= opts.limit) {
        seen.set(key, times);
        // Refused requests are not recorded, so a client that waits Retry-After always gets through.
        const oldest = times[0] ?? now;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + opts.windowMs - now) / 1000)) };
      }
      times.push(now);
      seen.set(key, times);
      return { ok: true };
    },
  };
}

/** Every request the rate limit saw (accepted or refused), as the service counts arrivals: for tests that check a client. */
export interface Arrival {
  at: number;
  key: string;
  ok: boolean;
}

export interface ArrivalLog {
  record(arrival: Arrival): void;
  list(): Arrival[];
}

/** Keeps the most recent `max` arrivals, so a long-running sandbox does not grow without bound. */
export function createArrivalLog(max = 200_000): ArrivalLog {
  let arrivals: Arrival[] = [];
  return {
    record(arrival) {
      arrivals.push(arrival);
      if (arrivals.length > max) arrivals = arrivals.slice(-Math.floor(max / 2));
    },
    list: () => [...arrivals],
  };
}
