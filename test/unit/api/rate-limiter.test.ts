import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../common/invoicing/rate-limiter';
import { createFakeClock } from './fake-clock';
import { busiestWindow } from '../../support/busiest-window';

interface Arrival {
  at: number;
  durationMs: number;
}

/** Runs the arrivals through one limiter on a fake clock; returns each request's start and finish times. */
async function simulate(limit: number, windowMs: number, arrivals: Arrival[], pauses: Array<{ at: number; untilMs: number }> = []) {
  const clock = createFakeClock();
  const limiter = createRateLimiter({ limit, windowMs, now: clock.now, sleep: clock.sleep });
  const runs: Array<{ arrival: number; start: number; end: number }> = [];
  for (const p of pauses) clock.schedule(p.at, () => limiter.pause(p.untilMs));
  for (const a of arrivals) {
    clock.schedule(a.at, () => {
      void limiter.acquire().then((finished) => {
        const run = { arrival: a.at, start: clock.now(), end: Number.NaN };
        runs.push(run);
        clock.schedule(clock.now() + a.durationMs, () => {
          run.end = clock.now();
          finished();
        });
      });
    });
  }
  await clock.run();
  return runs;
}

describe('rate limiter (fake clock)', () => {
  it('lets `limit` requests start at once and holds the next until the window has passed since the first finished', async () => {
    const arrivals = Array.from({ length: 5 }, () => ({ at: 0, durationMs: 10 }));
    const runs = await simulate(3, 1_000, arrivals);
    expect(runs.map((r) => r.start)).toEqual([0, 0, 0, 1_010, 1_010]);
  });

  it('a request still in flight keeps its slot: nobody starts until one finishes and its window passes', async () => {
    const runs = await simulate(1, 100, [
      { at: 0, durationMs: 500 },
      { at: 1, durationMs: 1 },
    ]);
    expect(runs[1]?.start).toBe(600);
  });

  it('serves callers in arrival order', async () => {
    const arrivals = [0, 1, 2, 3, 4, 5].map((at) => ({ at, durationMs: at === 0 ? 50 : 1 }));
    const runs = await simulate(2, 100, arrivals);
    const order = runs.map((r) => r.arrival);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('pause holds every caller until the given time (Retry-After)', async () => {
    const runs = await simulate(
      100,
      1_000,
      [
        { at: 10, durationMs: 1 },
        { at: 20, durationMs: 1 },
      ],
      [{ at: 5, untilMs: 2_000 }],
    );
    expect(runs.map((r) => r.start)).toEqual([2_000, 2_000]);
  });

  it('an earlier pause end never shortens a later one', async () => {
    const runs = await simulate(10, 1_000, [{ at: 10, durationMs: 1 }], [
      { at: 1, untilMs: 3_000 },
      { at: 2, untilMs: 1_500 },
    ]);
    expect(runs[0]?.start).toBe(3_000);
  });

  it('rejects nonsense limits', () => {
    const clock = createFakeClock();
    expect(() => createRateLimiter({ limit: 0, windowMs: 1_000, now: clock.now, sleep: clock.sleep })).toThrow(RangeError);
    expect(() => createRateLimiter({ limit: 2, windowMs: 0, now: clock.now, sleep: clock.sleep })).toThrow(RangeError);
  });

  it('property: for random arrivals and durations no window holds more than `limit` starts, and everyone gets through', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.record({ at: fc.integer({ min: 0, max: 3_000 }), durationMs: fc.integer({ min: 0, max: 300 }) }), {
          minLength: 1,
          maxLength: 40,
        }),
        async (limit, windowMs, arrivals) => {
          const runs = await simulate(limit, windowMs, arrivals);
          expect(runs).toHaveLength(arrivals.length);
          expect(busiestWindow(runs.map((r) => r.start), windowMs)).toBeLessThanOrEqual(limit);
          for (const run of runs) expect(run.start).toBeGreaterThanOrEqual(run.arrival);
          // The stronger promise: a start is a full window after the finish of the request `limit` places before it.
          const byStart = [...runs].sort((a, b) => a.start - b.start);
          for (let i = limit; i < byStart.length; i++) {
            const earlierEnds = byStart.slice(0, i).map((r) => r.end).sort((a, b) => a - b);
            const limitingEnd = earlierEnds[i - limit] as number;
            expect((byStart[i] as { start: number }).start).toBeGreaterThanOrEqual(limitingEnd + windowMs);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
