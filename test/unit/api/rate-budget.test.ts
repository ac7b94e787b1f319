/**
 * The rate budget beyond one process (fake clock, real SQLite file): a restarted limiter starts from the last
 * window's requests, pause and budget written down by the previous one; a 429 halves the budget and windows
 * without one grow it back (AIMD), which is what lets two tills on one client id share the service's limit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiter } from '../../../common/invoicing/rate-limiter';
import { openStore, type Store } from '../../../electron/core/store';
import { createFakeClock, type FakeClock } from './fake-clock';

let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-budget-'));
  store = openStore({ path: join(dir, 'till.sqlite') });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `count` requests at once on `limiter`; each finishes `durationMs` after it started. Returns the starts. */
function startBurst(clock: FakeClock, limiter: RateLimiter, count: number, durationMs: number, starts: number[]): void {
  for (let i = 0; i < count; i++) {
    void limiter.acquire().then((finished) => {
      starts.push(clock.now());
      clock.schedule(clock.now() + durationMs, () => finished());
    });
  }
}

describe('rate budget that survives restarts (fake clock, real SQLite file)', () => {
  it('a new limiter on the same data file starts from the requests the previous one made in the last window', async () => {
    const clock = createFakeClock(1_000_000);
    const options = { limit: 5, windowMs: 1_000, now: clock.now, sleep: clock.sleep, inFlightMs: 300 };
    const first = createRateLimiter({ ...options, journal: store.rateJournal('demo') });
    const before: number[] = [];
    startBurst(clock, first, 5, 10, before);
    await clock.run();
    expect(before).toEqual(Array(5).fill(1_000_000));

    // "Restart" 100 ms later: the previous run's five requests finished at +10 and count until +1 010.
    clock.schedule(1_000_100, () => undefined);
    await clock.run();
    const second = createRateLimiter({ ...options, journal: store.rateJournal('demo') });
    const after: number[] = [];
    startBurst(clock, second, 2, 10, after);
    await clock.run();
    expect(after).toEqual([1_001_010, 1_001_010]);
  });

  it('a request whose finish was never written (the process was killed) counts as arriving until its timeout', async () => {
    const clock = createFakeClock(5_000);
    const journal = store.rateJournal('https://api.example.com|fc_x');
    journal.started(5_000); // the killed run: started, never finished
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, now: clock.now, sleep: clock.sleep, inFlightMs: 300, journal });
    const starts: number[] = [];
    startBurst(clock, limiter, 1, 10, starts);
    await clock.run();
    expect(starts).toEqual([5_000 + 300 + 1_000]);
  });

  it('services do not share a budget: the demo service\'s requests do not hold back a real service', async () => {
    const clock = createFakeClock(0);
    const options = { limit: 1, windowMs: 1_000, now: clock.now, sleep: clock.sleep };
    const demo = createRateLimiter({ ...options, journal: store.rateJournal('demo') });
    startBurst(clock, demo, 1, 10, []);
    await clock.run();
    const real = createRateLimiter({ ...options, journal: store.rateJournal('https://api.example.com|fc_x') });
    const starts: number[] = [];
    startBurst(clock, real, 1, 10, starts);
    await clock.run();
    expect(starts).toEqual([10]);
  });

  it('a Retry-After pause and a budget halved by a 429 are still in force after a restart', async () => {
    const clock = createFakeClock(0);
    const options = { limit: 10, windowMs: 1_000, now: clock.now, sleep: clock.sleep, increasePerWindow: 0.1 };
    const first = createRateLimiter({ ...options, journal: store.rateJournal('demo') });
    const finishers = await Promise.all(Array.from({ length: 10 }, () => first.acquire()));
    finishers[0]?.({ rateLimited: true });
    first.pause(30_000);
    expect(first.budget()).toBe(5);

    const second = createRateLimiter({ ...options, journal: store.rateJournal('demo') });
    expect(second.budget()).toBe(5);
    const starts: number[] = [];
    startBurst(clock, second, 1, 10, starts);
    await clock.run();
    expect(starts).toEqual([30_000]);
    // 30 windows later the budget has grown back by 10 % of the ceiling per window, to the ceiling.
    expect(second.budget()).toBe(10);
  });

  it('rows older than the window (and the longest flight) are pruned as requests go', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({
      limit: 100, windowMs: 1_000, now: clock.now, sleep: clock.sleep, inFlightMs: 100, journal: store.rateJournal('demo'),
    });
    for (let at = 0; at < 20_000; at += 250) clock.schedule(at, () => startBurst(clock, limiter, 1, 5, []));
    await clock.run();
    store.close();
    const db = new Database(join(dir, 'till.sqlite'));
    const rows = db.prepare('SELECT count(*) AS n, min(at) AS oldest FROM api_requests').get() as { n: number; oldest: number };
    db.close();
    store = openStore({ path: join(dir, 'till.sqlite') });
    expect(rows.n).toBeLessThanOrEqual(8);
    expect(rows.oldest).toBeGreaterThanOrEqual(20_000 - 250 - 1_000 - 100 - 250);
  });
});

describe('AIMD budget (fake clock)', () => {
  it('a 429 halves the budget once per round: 429s of requests that started before the cut do not cut again', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ limit: 16, windowMs: 1_000, now: clock.now, sleep: clock.sleep, increasePerWindow: 0 });
    const finishers = await Promise.all(Array.from({ length: 16 }, () => limiter.acquire()));
    for (const finished of finishers) finished({ rateLimited: true });
    expect(limiter.budget()).toBe(8);
    clock.schedule(1_500, () => undefined);
    await clock.run();
    const later = await limiter.acquire();
    later({ rateLimited: true });
    // Only the one request started after the cut was in the window: half of it, but never below one.
    expect(limiter.budget()).toBe(1);
  });

  it('a 429 after only a few requests (someone else spends the limit) cuts to a tenth of the ceiling, not to nothing', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ limit: 290, windowMs: 60_000, now: clock.now, sleep: clock.sleep, increasePerWindow: 0 });
    const finishers = await Promise.all(Array.from({ length: 3 }, () => limiter.acquire()));
    finishers[2]?.({ rateLimited: true });
    expect(limiter.budget()).toBe(29);
  });

  it('grows back by the configured step per window without a 429, up to the ceiling', async () => {
    const clock = createFakeClock(0);
    const limiter = createRateLimiter({ limit: 100, windowMs: 1_000, now: clock.now, sleep: clock.sleep, increasePerWindow: 0.05 });
    const finishers = await Promise.all(Array.from({ length: 100 }, () => limiter.acquire()));
    finishers[0]?.({ rateLimited: true });
    expect(limiter.budget()).toBe(50);
    clock.schedule(4_000, () => undefined);
    await clock.run();
    expect(limiter.budget()).toBe(70);
    clock.schedule(20_000, () => undefined);
    await clock.run();
    expect(limiter.budget()).toBe(100);
  });

  it('this till\'s share sets the ceiling, read at every admission', async () => {
    const clock = createFakeClock(0);
    let share = 0.5;
    const limiter = createRateLimiter({ limit: 290, windowMs: 60_000, now: clock.now, sleep: clock.sleep, share: () => share });
    expect(limiter.budget()).toBe(145);
    share = 0.33;
    expect(limiter.budget()).toBe(95);
    share = Number.NaN;
    expect(limiter.budget()).toBe(290);
  });

  /**
   * Two tills with their own limiters, always a backlog, four senders each, against a service that counts
   * arrivals (half-way through each request) in a rolling window and refuses with Retry-After above its limit.
   */
  async function twoTills(share: number) {
    const clock = createFakeClock(0);
    const serviceLimit = 30;
    const windowMs = 1_000;
    const arrivals: number[] = [];
    let refused = 0;
    const arrive = (t: number): { ok: true } | { ok: false; retryAfterMs: number } => {
      const inWindow = arrivals.filter((a) => a > t - windowMs);
      if (inWindow.length >= serviceLimit) {
        refused++;
        return { ok: false, retryAfterMs: Math.max(1, (inWindow[0] as number) + windowMs - t) };
      }
      arrivals.push(t);
      return { ok: true };
    };
    const perTill = 300;
    const tills = [0, 1].map(() => {
      const limiter = createRateLimiter({ limit: 29, windowMs, now: clock.now, sleep: clock.sleep, share: () => share });
      return { limiter, left: perTill };
    });
    const sender = async (till: { limiter: RateLimiter; left: number }) => {
      while (till.left > 0) {
        till.left--;
        const finished = await till.limiter.acquire();
        await clock.sleep(20);
        const verdict = arrive(clock.now());
        await clock.sleep(20);
        finished({ rateLimited: !verdict.ok });
        if (!verdict.ok) {
          till.left++;
          till.limiter.pause(clock.now() + verdict.retryAfterMs);
        }
      }
    };
    const done = Promise.all(tills.flatMap((till) => [sender(till), sender(till), sender(till), sender(till)]));
    await clock.run(1_000_000);
    await done;
    const elapsed = clock.now();
    return { refused, elapsed, ideal: ((2 * perTill) / serviceLimit) * windowMs };
  }

  it('two tills on one client id at 100 % each: a handful of 429s, then they share the limit', async () => {
    const run = await twoTills(1);
    // Twenty windows: one collision at the start (the eight requests in flight), then a rare one as budgets regrow.
    expect(run.refused).toBeLessThanOrEqual(16);
    expect(run.elapsed).toBeLessThan(run.ideal * 2.5);
  });

  it('two tills at 50 % each never see a 429', async () => {
    const run = await twoTills(0.5);
    expect(run.refused).toBe(0);
  });
});
