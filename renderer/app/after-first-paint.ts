/**
 * Resolves once the first frame with the counter on it has been painted. What the counter does not show at once
 * (the quick keys' list, the parked sales' count, the unsent count, the printer's state) is asked for after it, so
 * those answers never stand between opening the till and the product search (issue 17's first download).
 */
let painted: Promise<void> | null = null;

export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    // Outside a browser (unit tests) there is no frame to wait for.
    if (typeof requestAnimationFrame !== 'function') return resolve();
    // A frame's callbacks run before its paint; a task queued from one runs after it.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
  return painted;
}
