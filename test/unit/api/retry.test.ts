import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../common/invoicing/errors';
import { MAX_PAUSE_MS, backoffDelayMs, parseRetryAfter, withRetry, type RetryPolicy } from '../../../common/invoicing/retry';
import { createFakeClock } from './fake-clock';

const policy: RetryPolicy = { maxAttempts: 4, baseMs: 250, capMs: 8_000, maxElapsedMs: 30_000 };
const transient = (extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ kind: 'transient', message: 'busy', status: 503, ...extra });

/** An operation that fails with the given errors, then succeeds; records when each attempt started. */
function scripted(failures: ApiError[], now: () => number) {
  const startedAt: number[] = [];
  const operation = async () => {
    startedAt.push(now());
    const failure = failures[startedAt.length - 1];
    if (failure) throw failure;
    return 'ok';
  };
  return { operation, startedAt };
}

async function settle<T>(promise: Promise<T>, clock: { run(): Promise<void> }): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await clock.run();
  return outcome;
}

describe('backoffDelayMs (full jitter)', () => {
  it('property: stays in [0, min(cap, base·2^n)) and reaches the top with random → 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
        const delay = backoffDelayMs(attempt, policy, () => r);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(ceiling);
      }),
    );
    expect(backoffDelayMs(0, policy, () => 0.999)).toBe(249);
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(1_000);
    expect(backoffDelayMs(10, policy, () => 0.5)).toBe(4_000); // capped at 8 s
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  it('reads seconds and HTTP dates, and ignores anything else', () => {
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1_500);
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0); // in the past: go now
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('2025', now)).toBe(2_025_000);
    expect(parseRetryAfter('later', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('withRetry (fake clock)', () => {
  function deps(clock: ReturnType<typeof createFakeClock>, pauses: number[] = []) {
    return { now: clock.now, sleep: clock.sleep, random: () => 0.5, pause: (until: number) => void pauses.push(until) };
  }

  it('retries transient and contract failures with growing jittered delays, then succeeds', async () => {
    const clock = createFakeClock();
    const { operation, startedAt } = scripted([transient(), new ApiError({ kind: 'contract', message: 'garbled' }), transient()], clock.now);
    const outcome = await settle(withRetry(operation, policy, deps(clock)), clock);
    expect(outcome.value).toBe('ok');
    expect(startedAt).toEqual([0, 125, 375, 875]); // 0.5 × 250, 0.5 × 500, 0.5 × 1000
  });

  it('never retries permanent or auth failures', async () => {
    for (const kind of ['permanent', 'auth'] as const) {
      const clock = createFakeClock();
      const { operation, startedAt } = scripted([new ApiError({ kind, message: 'no' })], clock.now);
      const outcome = await settle(withRetry(operation, policy, deps(clock)), clock);
      expect((outcome.error as ApiError).kind).toBe(kind);
      expect(startedAt).toHaveLength(1);
    }
  });

  it('gives up after maxAttempts with the last failure', async () => {
    const clock = createFakeClock();
    const last = transient({ message: 'still busy' });
    const { operation, startedAt } = scripted([transient(), transient(), transient(), last], clock.now);
    const outcome = await settle(withRetry(operation, policy, deps(clock)), clock);
    expect(outcome.error).toBe(last);
    expect(startedAt).toHaveLength(4);
  });

  it('gives up instead of waiting past maxElapsedMs', async () => {
    const clock = createFakeClock();
    const { operation, startedAt } = scripted(Array.from({ length: 10 }, () => transient()), clock.now);
    const tight = { ...policy, maxAttempts: 10, maxElapsedMs: 1_000 };
    const outcome = await settle(withRetry(operation, tight, deps(clock)), clock);
    expect(outcome.error).toBeInstanceOf(ApiError);
    expect(startedAt).toEqual([0, 125, 375, 875]);
    expect(clock.now()).toBeLessThanOrEqual(1_000);
  });

  it('a 429 waits Retry-After through the shared pause, not a private sleep', async () => {
    const clock = createFakeClock();
    const pauses: number[] = [];
    const { operation, startedAt } = scripted([transient({ status: 429, retryAfterMs: 2_000 })], clock.now);
    const outcome = await settle(withRetry(operation, policy, deps(clock, pauses)), clock);
    expect(outcome.value).toBe('ok');
    expect(pauses).toEqual([2_000]);
    expect(clock.sleeps).toEqual([]);
    expect(startedAt).toHaveLength(2);
  });

  it('a 429 without Retry-After pauses everyone for a backoff delay', async () => {
    const clock = createFakeClock();
    const pauses: number[] = [];
    const { operation } = scripted([transient({ status: 429 })], clock.now);
    await settle(withRetry(operation, policy, deps(clock, pauses)), clock);
    expect(pauses).toEqual([125]);
  });

  it('a Retry-After longer than the remaining budget ends the retries, keeping retryAfterMs for the caller', async () => {
    const clock = createFakeClock();
    const long = transient({ status: 429, retryAfterMs: 120_000 });
    const { operation, startedAt } = scripted([long], clock.now);
    const outcome = await settle(withRetry(operation, policy, deps(clock)), clock);
    expect(outcome.error).toBe(long);
    expect((outcome.error as ApiError).retryAfterMs).toBe(120_000);
    expect(startedAt).toHaveLength(1);
  });

  it('a Retry-After over 30 s still pauses everyone before this call gives up (it is not ignored)', async () => {
    const clock = createFakeClock();
    const pauses: number[] = [];
    const { operation } = scripted([transient({ status: 429, retryAfterMs: 45_000 })], clock.now);
    const outcome = await settle(withRetry(operation, policy, deps(clock, pauses)), clock);
    expect((outcome.error as ApiError).status).toBe(429);
    expect(pauses).toEqual([45_000]);
  });

  it('a 429 on the last attempt pauses everyone too; an absurd Retry-After is capped', async () => {
    const clock = createFakeClock();
    const pauses: number[] = [];
    const { operation } = scripted([transient({ status: 429, retryAfterMs: 2_000 })], clock.now);
    await settle(withRetry(operation, { ...policy, maxAttempts: 1 }, deps(clock, pauses)), clock);
    const { operation: days } = scripted([transient({ status: 429, retryAfterMs: 3 * 86_400_000 })], clock.now);
    await settle(withRetry(days, policy, deps(clock, pauses)), clock);
    expect(pauses).toEqual([2_000, MAX_PAUSE_MS]);
  });

  it('does not retry errors that are not ApiErrors (bugs surface at once)', async () => {
    const clock = createFakeClock();
    let calls = 0;
    const outcome = await settle(
      withRetry(
        async () => {
          calls++;
          throw new TypeError('bug');
        },
        policy,
        deps(clock),
      ),
      clock,
    );
    expect(outcome.error).toBeInstanceOf(TypeError);
    expect(calls).toBe(1);
  });
});
