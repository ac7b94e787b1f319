/** The till's estimate of the shop server's clock (issue 25), from answers' times and their round trips. */
import { describe, expect, it } from 'vitest';
import { parseServerTime, ServerClock } from '../../../electron/core/shop/server-clock';

const T0 = 1_790_000_000_000;
/** A clock whose local time the test sets. */
function clockAt(start = T0) {
  let local = start;
  const clock = new ServerClock({ localNow: () => local });
  return { clock, set: (ms: number) => { local = ms; }, get local() { return local; } };
}

describe('ServerClock', () => {
  it('knows nothing before an answer, and signs with the till\'s own time then', () => {
    const { clock } = clockAt();
    expect(clock.offset()).toBeNull();
    expect(clock.now()).toBe(T0);
  });

  it('takes the middle of the round trip: a till ten minutes ahead signs with the server\'s time', () => {
    const { clock, set } = clockAt();
    // Sent at T0 (till), answered at T0 + 200 ms (till); the server stamped its time in between: 10 min behind the till.
    expect(clock.observe(T0, T0 + 200, String(T0 + 100 - 600_000))).toBe(true);
    expect(clock.offset()).toBe(-600_000);
    set(T0 + 5_000);
    expect(clock.now()).toBe(T0 + 5_000 - 600_000);
  });

  it('prefers the sample with the shortest round trip among recent ones', () => {
    const { clock } = clockAt();
    // A slow answer (4 s round trip) whose stamp was late in it, then a quick one: the quick one decides.
    clock.observe(T0, T0 + 4_000, String(T0 + 3_900 + 7_200_000));
    expect(clock.offset()).toBe(7_200_000 + 1_900);
    clock.observe(T0 + 10_000, T0 + 10_020, String(T0 + 10_010 + 7_200_000));
    expect(clock.offset()).toBe(7_200_000);
    // A long-poll answered after 25 s (stamped at its end) does not move the estimate: a wide sample that agrees.
    clock.observe(T0 + 20_000, T0 + 45_000, String(T0 + 44_990 + 7_200_000));
    expect(clock.offset()).toBe(7_200_000);
  });

  it('starts afresh when the till\'s clock was set meanwhile (the new answer excludes the old estimate)', () => {
    const { clock } = clockAt();
    clock.observe(T0, T0 + 20, String(T0 + 10 + 1_800_000)); // 30 min behind
    expect(clock.offset()).toBe(1_800_000);
    // Someone set the clock right: the next quick answer says the offset is now about zero.
    const later = T0 + 1_800_000 + 60_000;
    clock.observe(later, later + 30, String(later + 15));
    expect(clock.offset()).toBe(0);
  });

  it('forgets samples older than their life, so a drifting clock is followed', () => {
    let local = T0;
    const clock = new ServerClock({ localNow: () => local, sampleLifeMs: 60_000 });
    clock.observe(T0, T0 + 10, String(T0 + 5 + 1_000)); // quick, +1 s
    // Two minutes later a slower sample (400 ms) that still agrees within its width: the old quick one has expired.
    local = T0 + 120_000;
    clock.observe(local, local + 400, String(local + 200 + 1_150));
    expect(clock.offset()).toBe(1_150);
  });

  it('ignores absurd samples: no header, garbage, a negative or huge round trip, an offset past a century', () => {
    const { clock } = clockAt();
    expect(clock.observe(T0, T0 + 10, null)).toBe(false);
    expect(clock.observe(T0, T0 + 10, 'yesterday')).toBe(false);
    expect(clock.observe(T0, T0 + 10, '12')).toBe(false);
    expect(clock.observe(T0, T0 + 10, '-1790000000000')).toBe(false);
    expect(clock.observe(T0, T0 - 10, String(T0))).toBe(false);
    expect(clock.observe(T0, T0 + 10 * 60_000, String(T0))).toBe(false);
    expect(clock.observe(T0, T0 + 10, T0 + 200 * 366 * 86_400_000)).toBe(false);
    expect(clock.offset()).toBeNull();
    // A till whose battery died and thinks it is 2001: the offset is large but real, and learnt.
    const y2001 = 978_307_200_000;
    const { clock: old } = clockAt(y2001);
    expect(old.observe(y2001, y2001 + 10, String(T0))).toBe(true);
    expect(old.offset()).toBe(T0 - y2001 - 5);
  });

  it('reads the header strictly', () => {
    expect(parseServerTime(' 1790000000000 ')).toBe(1_790_000_000_000);
    expect(parseServerTime('1790000000000.5')).toBeNull();
    expect(parseServerTime('0x1A')).toBeNull();
    expect(parseServerTime('1000000000000')).toBeNull(); // 2001: before any server of this contract
    expect(parseServerTime(undefined)).toBeNull();
  });
});
