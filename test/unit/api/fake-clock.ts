/**
 * A fake clock for tests: `now()` and `sleep()` are injected into the code under test, and `run()` moves time
 * forward from one pending sleep to the next until nothing is waiting (bounded, so a bug cannot hang a test).
 */
export interface FakeClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Runs `action` when the clock reaches `at`. */
  schedule(at: number, action: () => void): void;
  /** Every sleep requested so far, in ms. */
  sleeps: number[];
  run(maxSteps?: number): Promise<void>;
}

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function createFakeClock(start = 0): FakeClock {
  let time = start;
  let seq = 0;
  const timers: Timer[] = [];
  const sleeps: number[] = [];
  const add = (at: number, fire: () => void) => timers.push({ at, seq: seq++, fire });
  return {
    now: () => time,
    sleep(ms) {
      sleeps.push(ms);
      return new Promise((resolve) => add(time + Math.max(0, ms), resolve));
    },
    schedule(at, action) {
      add(at, action);
    },
    sleeps,
    async run(maxSteps = 100_000) {
      await settle();
      for (let step = 0; step < maxSteps; step++) {
        if (timers.length === 0) return;
        timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = timers.shift() as Timer;
        time = Math.max(time, next.at);
        next.fire();
        await settle();
      }
      throw new Error('fake clock: too many steps');
    },
  };
}
