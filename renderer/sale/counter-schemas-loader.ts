/**
 * The counter's schemas chunk (`counter-schemas.ts`): fetched once the counter is on screen and the browser is idle,
 * awaited by whatever needs it before then (Cobrar, the PIN dialog, the customer form). A failed load is forgotten,
 * so the next use tries again.
 */
type CounterSchemas = typeof import('./counter-schemas');

let loaded: CounterSchemas | null = null;
let pending: Promise<CounterSchemas> | null = null;

export function loadCounterSchemas(): Promise<CounterSchemas> {
  return (pending ??= import('./counter-schemas').then(
    (module) => (loaded = module),
    (error: unknown) => { pending = null; throw error; },
  ));
}

/** The chunk when it is already here (a render that must not wait), else null. */
export const counterSchemasNow = (): CounterSchemas | null => loaded;

type IdleWindow = Window & { requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number };

/** After the counter's first render: soon, but after the browser has painted it. */
export function prefetchCounterSchemas(win: IdleWindow = window): void {
  const load = () => void loadCounterSchemas().catch(() => undefined); // the next use tries again and says why
  if (win.requestIdleCallback) win.requestIdleCallback(load, { timeout: 500 });
  else win.setTimeout(load, 0);
}
