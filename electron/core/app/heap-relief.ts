/**
 * A long import allocates gigabytes of short-lived objects a row at a time; left alone, V8 grows its young
 * generation to its maximum and lets old garbage pile up before collecting, and the till's process passed 300 MB
 * for a 100 000-row file. A full collection every 10 000 rows keeps it near what is really alive (about 170 MB at
 * its peak, see the README's bench table), for a few tens of milliseconds each. V8 offers
 * `gc` only behind a flag; Node allows setting it at run time, and where that fails the import simply runs without.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options?: { type?: 'major' | 'minor'; execution?: 'sync'; flavor?: 'regular' | 'last-resort' }) => void;

let collect: Collect | null | undefined;

function collector(): Collect | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    const found: unknown = runInNewContext('gc');
    collect = typeof found === 'function' ? (found as Collect) : null;
  } catch {
    collect = null;
  }
  return collect;
}

/** A full, synchronous collection that also gives unused young-generation memory back (nothing when unavailable). */
export function relieveHeap(): void {
  // 'last-resort' is the flavour that also shrinks the young generation; a 'regular' one leaves the process as big.
  collector()?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
