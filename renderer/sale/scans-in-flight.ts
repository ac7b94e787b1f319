/**
 * Scans whose product is still being looked up in the core. A cashier scans the last item and presses F12 at once:
 * Cobrar must wait for that look-up, or it charges the cart without it (or finds it empty and charges nothing) and
 * the product lands afterwards on the next sale.
 */
const inFlight = new Set<Promise<unknown>>();

/** Runs a scan's look-up-and-add, remembering it until it has landed in the cart (or failed). */
export function trackScan<T>(work: Promise<T>): Promise<T> {
  const tracked = work.finally(() => inFlight.delete(tracked));
  inFlight.add(tracked);
  return tracked;
}

/** Resolves once every scan started before this call has landed; a scan that fails is simply not in the cart. */
export async function scansSettled(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}

/** How many scans are still being looked up (the counter is not idle while one is). */
export function scansInFlight(): number {
  return inFlight.size;
}
