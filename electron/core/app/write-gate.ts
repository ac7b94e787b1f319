/**
 * The counter's writes before an import's (issue 29): the core counts the counter's write calls under way in shared
 * memory, and the import's worker (catalog-import-worker.ts) waits for none to be under way before it begins each of
 * its transactions. A charge then waits at most for the one import transaction already begun, instead of retrying
 * (SQLite's busy handler sleeps 1, 2, 5 … 100 ms between its tries) while the import takes the lock again and again.
 */

/** Calls that write at the counter and must never queue behind an import (quick, local: no network inside). */
export const COUNTER_WRITES: ReadonlySet<string> = new Set([
  'sales.charge', 'openSale.save', 'openSale.park', 'openSale.recall', 'shifts.open', 'shifts.close',
  'people.signIn', 'people.signOut', 'corrections.correct', 'corrections.void', 'catalog.save', 'catalog.setActive',
  'customers.save', 'customers.update',
]);

/** How long the import waits for the counter at most before each transaction (a stuck count never stops it). */
export const IMPORT_YIELD_MAX_MS = 250;

export interface WriteGate {
  /** Int32Array(1) over it: the counter's write calls under way. */
  readonly buffer: SharedArrayBuffer;
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createWriteGate(): WriteGate {
  const buffer = new SharedArrayBuffer(4);
  const count = new Int32Array(buffer);
  return {
    buffer,
    async run(work) {
      Atomics.add(count, 0, 1);
      try {
        return await work();
      } finally {
        Atomics.sub(count, 0, 1);
        Atomics.notify(count, 0);
      }
    },
  };
}

/** The worker's side: returns once no counter write is under way (or after IMPORT_YIELD_MAX_MS). */
export function yieldToCounter(buffer: SharedArrayBuffer): void {
  const count = new Int32Array(buffer);
  const until = Date.now() + IMPORT_YIELD_MAX_MS;
  for (let now = Date.now(); now < until; now = Date.now()) {
    const current = Atomics.load(count, 0);
    if (current <= 0) return;
    Atomics.wait(count, 0, current, until - now);
  }
}
