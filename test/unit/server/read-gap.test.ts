/**
 * The shop server's confirmation loop (issue 28): the shortest time between two reads of the service, from what
 * waits for a verdict and how much of the shop's limit the last minute used (server/confirm/confirmer.ts).
 */
import { describe, expect, it } from 'vitest';
import { readGapMs } from '../../../server/confirm/confirmer';

describe('the confirmation loop\'s read gap', () => {
  it('reads at the follow-up step while a few documents wait, and spaces reads as more wait (a page then answers for many)', () => {
    // One sale a second with a 2 s service keeps two to four waiting: each verdict is read within a step.
    for (const waiting of [0, 1, 2, 3, 4]) expect(readGapMs(waiting, 0)).toBe(50);
    expect(readGapMs(5, 0)).toBe(250);
    expect(readGapMs(24, 0)).toBe(3_100);
    // Never more than 15 s, however long the backlog.
    expect(readGapMs(10_000, 0)).toBe(15_000);
  });

  it('widens the gap while the shop uses most of its limit, so the tills\' sales go out first', () => {
    // Up to 60 % of the limit used in the last minute: unchanged.
    expect(readGapMs(2, 0.6)).toBe(50);
    // From there up to 500 ms more at 90 % and above.
    expect(readGapMs(2, 0.75)).toBe(300);
    expect(readGapMs(2, 0.9)).toBe(550);
    expect(readGapMs(2, 1.2)).toBe(550);
    expect(readGapMs(6, 0.9)).toBe(400 + 500);
    expect(readGapMs(10_000, 1)).toBe(15_000);
  });
});
