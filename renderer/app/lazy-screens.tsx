/**
 * The back-office screens load on first open, each its own chunk, so the counter's first render carries none of
 * them. Once the counter is on screen and the browser is idle they are fetched one by one, so opening one rarely
 * waits and a second visit never does. A chunk that fails to load throws a ScreenLoadError into the screen's error
 * boundary (a message and a retry); the retry forgets the failure and imports it again.
 */
import { use, useEffect, type ComponentType, type ReactNode } from 'react';
import { messagesFor } from '../i18n/messages';
import { prefetchCounterLater } from '../sale/counter-later-loader';
import { prefetchCounterSchemas } from '../sale/counter-schemas-loader';
import { setScreenLoader, useApp, type Screen } from './app-store';
import { ScreenLoadError } from './screen-load-error';

export interface LazyScreen<P extends object> {
  Screen: ComponentType<P>;
  /** The chunk is here: the screen renders without suspending. */
  loaded(): boolean;
  /** Starts fetching the chunk (idempotent); never rejects. */
  prefetch(): Promise<void>;
}

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchOnce = (): Promise<ComponentType<P>> => (pending ??= load().then(
    (component) => (loaded = component),
    // The failed promise stays until the boundary's retry forgets it: a render that imported again on its own
    // would suspend anew on every failure and the screen would read "Cargando…" for ever.
    (error: unknown) => { throw new ScreenLoadError(error, () => { pending = null; }); },
  ));
  function Screen(props: P): ReactNode {
    // Once loaded the screen renders at once: no Suspense round on a second visit.
    const Loaded = loaded ?? use(fetchOnce());
    return <Loaded {...props} />;
  }
  return { Screen, loaded: () => loaded !== null, prefetch: () => fetchOnce().then(() => undefined, () => undefined) };
}

export const historyScreen = lazyScreen(() => import('../history/HistoryScreen').then((m) => m.HistoryScreen));
export const settingsScreen = lazyScreen(() => import('../settings/SettingsScreen').then((m) => m.SettingsScreen));
export const customersScreen = lazyScreen(() => import('../customers/CustomersScreen').then((m) => m.CustomersScreen));
export const catalogScreen = lazyScreen(() => import('../catalog/CatalogScreen').then((m) => m.CatalogScreen));
export const peopleScreen = lazyScreen(() => import('../people/PeopleScreen').then((m) => m.PeopleScreen));
export const shiftScreen = lazyScreen(() => import('../shifts/ShiftScreen').then((m) => m.ShiftScreen));
export const receiptScreen = lazyScreen(() => import('../receipt/ReceiptScreen').then((m) => m.ReceiptScreen));
export const ownerViewScreen = lazyScreen(() => import('../owner/OwnerViewScreen').then((m) => m.OwnerViewScreen));

const BY_SCREEN: Partial<Record<Screen, Pick<LazyScreen<never>, 'loaded' | 'prefetch'>>> = {
  history: historyScreen, settings: settingsScreen, customers: customersScreen, catalog: catalogScreen, people: peopleScreen,
  shifts: shiftScreen, receipt: receiptScreen, owner: ownerViewScreen,
};
// A screen asked for before its chunk is here: the current one stays until it arrives (app-store.ts says why).
setScreenLoader((screen) => {
  const lazy = BY_SCREEN[screen];
  return lazy && !lazy.loaded() ? lazy.prefetch() : null;
});

/** In the order a cashier is likeliest to open them. */
const BACK_OFFICE: readonly LazyScreen<never>[] = [
  historyScreen, receiptScreen, catalogScreen, customersScreen, shiftScreen, settingsScreen, peopleScreen, ownerViewScreen,
] as readonly LazyScreen<never>[];

type IdleWindow = Window & { requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number };

/** How long the counter is left alone after its first render: the cashier's first scans come before any prefetch. */
const PREFETCH_AFTER_MS = 1_500;

/** After the counter's first render: each chunk in turn, when the browser has nothing better to do. */
export function prefetchBackOffice(win: IdleWindow = window): void {
  const idle = (run: () => void) => (win.requestIdleCallback ? win.requestIdleCallback(run, { timeout: 5_000 }) : win.setTimeout(run, 200));
  const next = (i: number) => {
    const screen = BACK_OFFICE[i];
    if (screen) idle(() => void screen.prefetch().then(() => next(i + 1)));
  };
  win.setTimeout(() => next(0), PREFETCH_AFTER_MS);
}

/** The back-office screen to show, or null for the counter. */
export function backOfficeScreen(screen: Screen, receiptSaleId: number | null): ReactNode {
  if (screen === 'history') return <historyScreen.Screen />;
  if (screen === 'settings') return <settingsScreen.Screen />;
  if (screen === 'customers') return <customersScreen.Screen />;
  if (screen === 'catalog') return <catalogScreen.Screen />;
  if (screen === 'people') return <peopleScreen.Screen />;
  if (screen === 'shifts') return <shiftScreen.Screen />;
  if (screen === 'owner') return <ownerViewScreen.Screen />;
  if (screen === 'receipt' && receiptSaleId !== null) return <receiptScreen.Screen key={receiptSaleId} saleId={receiptSaleId} />;
  return null;
}

/** Once the counter has been on screen: its late parts and schemas chunks at once, then the back office (once per page). */
let prefetchStarted = false;
export function usePrefetchBackOffice(counterShown: boolean): void {
  useEffect(() => {
    if (!counterShown || prefetchStarted) return;
    prefetchStarted = true;
    prefetchCounterLater();
    prefetchCounterSchemas();
    prefetchBackOffice();
  }, [counterShown]);
}

/**
 * While a chunk loads: the screen's area stays as it is (nothing moves), and only a load that takes long enough to
 * be noticed says so (the words fade in after a delay, styles/screens.css).
 */
export function ScreenLoading(): ReactNode {
  const t = messagesFor(useApp((s) => s.locale));
  return <p className="screen-loading muted" role="status">{t.loading}</p>;
}
