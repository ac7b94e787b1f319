/**
 * Bounded retries with exponential backoff and full jitter. A 429 waits for the service's Retry-After through
 * the shared rate limiter, so every caller in the process holds back, not only the one that was refused.
 */
import { ApiError, isApiError } from './errors';

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
      if (!isApiError(error) || !error.retryable || attempt + 1 >= policy.maxAttempts) throw error;
      const rateLimited = error.status === 429;
      const delay = rateLimited && error.retryAfterMs !== undefined ? error.retryAfterMs : backoffDelayMs(attempt, policy, deps.random);
      if (deps.now() + delay - startedAt > policy.maxElapsedMs) throw error;
      deps.onRetry?.(error, attempt + 1);
      if (rateLimited) {
        // The limit is shared by the whole process: the limiter makes everyone wait, including this retry.
        deps.pause(deps.now() + delay);
      } else if (delay > 0) {
        await deps.sleep(delay);
      }
    }
  }
}
