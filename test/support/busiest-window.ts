/**
 * The most times inside any window of `windowMs`, as the service's rate limit counts arrivals: a half-open window
 * `(t − windowMs, t]`. Used by the rate tests and the rate benches to check "never more than the limit in any window".
 */
export function busiestWindow(times: readonly number[], windowMs: number): number {
  return busiestWindowAt(times, windowMs).count;
}

/** Where the busiest window starts (its first time), with its count: to tell when a run went over. */
export function busiestWindowAt(times: readonly number[], windowMs: number): { count: number; from: number | null } {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let from: number | null = null;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while ((sorted[j] as number) - (sorted[i] as number) >= windowMs) i++;
    if (j - i + 1 > best) { best = j - i + 1; from = sorted[i] as number; }
  }
  return { count: best, from };
}
