/**
 * A long import allocates gigabytes of short-lived objects a row at a time, and V8 sizes its heap for throughput:
 * its young generation grows to its maximum and the old one to about four times what is alive before it collects,
 * so the till's process reached 324 MB for a 100 000-row file with nothing done about it (see docs/developer/benchmarks.md, the bench
 * table). `relieveHeap`, called between rows, asks the heap's size (a cheap question) and only when it has grown past
 * a budget runs one full collection that also gives the young generation's memory back: about 180 MB at the peak,
 * with nine collections for that file's preview and import together (a collection every 10 000 rows made twenty),
 * which cost about an eighth of their CPU time. The budget follows what is alive, so a till with a large heap of its
 * own does not collect at every look. V8 offers `gc` only behind a flag; Node allows setting it at run
 * time, and where that fails the import simply runs without (and V8's own sizing decides).
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options?: { type?: 'major' | 'minor'; execution?: 'sync'; flavor?: 'regular' | 'last-resort' }) => void;

/** The heap (both generations, as committed) may grow to this before a collection… */
const HEAP_BUDGET_BYTES = 64 * 1024 * 1024;
/** …or to this much above what the last collection left, when that is more. */
const HEAP_HEADROOM_BYTES = 32 * 1024 * 1024;

let collect: Collect | null | undefined;
let threshold = HEAP_BUDGET_BYTES;

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

/** One full collection when the heap has grown past its budget; says whether it ran. */
export function relieveHeap(): boolean {
  if (getHeapStatistics().total_heap_size < threshold) return false;
  const run = collector();
  // 'last-resort' is the flavour that also shrinks the young generation; a 'regular' one leaves the process as big.
  run?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  threshold = Math.max(HEAP_BUDGET_BYTES, getHeapStatistics().total_heap_size + HEAP_HEADROOM_BYTES);
  return run !== null;
}

/**
 * A till runs for days. V8 grows its young generation whenever enough objects have survived its scavenges since the
 * last growth, doubling each time up to a maximum it sizes from the machine's memory (128 MB of new space under
 * Node 24 on this 24 GB machine, 64 MB semi-spaces): any long-lived process keeping a few requests in flight gets
 * there, and each doubling is resident memory the till never gives back (on the aged till's bench, 141 → 155 MB
 * after some 150 charges; measured in docs/developer/benchmarks.md). Once the till has started (its young generation sized by the
 * start's own work), growth is turned off: scavenges come a little more often, each as cheap as before (their cost
 * is what survives, not the space). A collection that shrinks the young generation (`relieveHeap`) still does.
 * Where the runtime refuses the flag, V8's own sizing decides.
 */
export function holdYoungGeneration(): boolean {
  try {
    setFlagsFromString('--semi-space-growth-factor=1');
    return true;
  } catch {
    return false;
  }
}
