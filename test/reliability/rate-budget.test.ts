import { describe, expect, it } from 'vitest';
import { describeFigures, runRestart, runTwoTills, type RateRunOptions } from './rate-harness';

// Real tills (child processes, SQLite files) against the sandbox's real rate limit in its own process, with the
// window and the limit scaled down alike (60 per 2 s) so each run takes seconds. `npm run bench:rate` runs the
// same scenarios at 300 per minute (scaled in time only).
const small: RateRunOptions = { serviceLimit: 60, windowMs: 2_000, salesPerTill: 120 };

describe('the rate budget against the sandbox\'s rate limit (real processes, scaled window)', () => {
  it('a till SIGKILLed twice mid-drain and restarted on its data file never exceeds the limit and sees no 429', async () => {
    const f = await runRestart({ ...small, kills: 2 });
    const context = describeFigures(f, small);
    expect(f.kills, context).toBe(2);
    expect(f.drained, context).toBe(true);
    expect(f.notValidated, context).toBe(0);
    expect(f.maxInWindow, context).toBeLessThanOrEqual(small.serviceLimit);
    expect(f.http429, context).toBe(0);
  }, 120_000);

  it('two tills on one client id at 50 % each never exceed the limit and see no 429', async () => {
    const f = await runTwoTills({ ...small, salesPerTill: 60, share: 0.5 });
    const context = describeFigures(f, small);
    expect(f.drained, context).toBe(true);
    expect(f.notValidated, context).toBe(0);
    expect(f.maxInWindow, context).toBeLessThanOrEqual(small.serviceLimit);
    expect(f.http429, context).toBe(0);
  }, 120_000);

  it('two tills on one client id both at 100 %: AIMD copes with a handful of 429s (the requests in flight at the first one)', async () => {
    const f = await runTwoTills({ ...small, salesPerTill: 60, share: 1 });
    const context = describeFigures(f, small);
    expect(f.drained, context).toBe(true);
    expect(f.notValidated, context).toBe(0);
    // The tills learn of each other only from 429s: each may have its four senders in flight when the first comes.
    expect(f.http429, context).toBeLessThanOrEqual(12);
    expect(f.maxInWindow, context).toBeLessThanOrEqual(small.serviceLimit + f.http429);
  }, 120_000);
});
