/**
 * Bounded retries with exponential backoff and full jitter. A 429 waits for the service's Retry-After through
 * the shared rate limiter, so every caller in the process holds back, not only the one that was refused — also
 * when the Retry-After is longer than this call is willing to wait.
 */
import { ApiError, isApiError } from './errors';

/** A Retry-After is honoured up to this; a longer one (a broken clock, a typo) must not silence the till for days. */
export const MAX_PAUSE_MS = 15 * 60_000;

export interface RetryPolicy {
  maxAttempts: number;
  baseMs: number;
  capMs: number;
  /** No new attempt is scheduled if it would start later than this after the first one. */
  maxElapsedMs: number;
}

export interface RetryDeps {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  /** Holds back every request of the process until the given time (ms since epoch). */
  pause: (untilMs: number) => void;
  onRetry?: (error: ApiError, attempt: number) => void;
}

/** Full jitter: a uniform delay in [0, min(cap, base·2^attempt)). `attempt` counts from 0. */
export function backoffDelayMs(attempt: number, policy: Pick<RetryPolicy, 'baseMs' | 'capMs'>, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** Retry-After is either delay-seconds or an HTTP date; anything else is ignored (undefined). */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, date - nowMs);
}

export async function withRetry<T>(operation: (attempt: number) => Promise<T>, policy: RetryPolicy, deps: RetryDeps): Promise<T> {
  const startedAt = deps.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const rateLimited = error.status === 429;
      const delay = rateLimited && error.retryAfterMs !== undefined ? error.retryAfterMs : backoffDelayMs(attempt, policy, deps.random);
      // The limit is shared by the whole process (and the pause outlives it): everyone holds back for the service's
      // Retry-After even when this call gives up below, or the other sales would keep sending into 429s.
      if (rateLimited) deps.pause(deps.now() + Math.min(delay, MAX_PAUSE_MS));
      if (!error.retryable || attempt + 1 >= policy.maxAttempts) throw error;
      if (deps.now() + delay - startedAt > policy.maxElapsedMs) throw error;
      deps.onRetry?.(error, attempt + 1);
      if (!rateLimited && delay > 0) await deps.sleep(delay);
    }
  }
}
