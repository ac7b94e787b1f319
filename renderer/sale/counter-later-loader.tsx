/**
 * The counter's late chunk (`counter-later.ts`): the parts of the counter that are not on screen at its first render
 * (the customer search, the parked sales' list, the keypad, the owner's PIN dialog, a large total to confirm, the last
 * sale's line) and the words for what went wrong. Fetched once the counter is painted and the browser is idle, so it
 * is normally here long before a key asks for it; a part asked for sooner shows once it arrives (a focus asked for
 * meanwhile follows it), and a failed load says so with a retry. Scans never wait on it: the wedge and the cart are
 * in the first download.
 */
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { BridgeError } from '../../shared/bridge/contract';
import type { Locale } from '../../shared/bridge/types';
import { retryMissedFocus } from '../app/app-store';
import { messagesFor } from '../i18n/messages';
import { useText } from '../i18n/use-text';

export type CounterLater = typeof import('./counter-later');

interface LaterState { module: CounterLater | null; failed: boolean }

let state: LaterState = { module: null, failed: false };
let pending: Promise<CounterLater> | null = null;
const listeners = new Set<() => void>();

function settle(next: LaterState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The chunk, fetched once; a failed load is forgotten, so the next use tries again. */
export function loadCounterLater(): Promise<CounterLater> {
  return (pending ??= import('./counter-later').then(
    (module) => {
      settle({ module, failed: false });
      retryMissedFocus();
      return module;
    },
    (error: unknown) => {
      pending = null;
      settle({ module: null, failed: true });
      throw error;
    },
  ));
}

/** The chunk when it is already here, else null. */
export const counterLaterNow = (): CounterLater | null => state.module;

type IdleWindow = Window & { requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number };

/** After the counter's first render: soon, but after the browser has painted it. */
export function prefetchCounterLater(win: IdleWindow = window): void {
  const load = () => void loadCounterLater().catch(() => undefined); // the part that needs it says so
  if (win.requestIdleCallback) win.requestIdleCallback(load, { timeout: 500 });
  else win.setTimeout(load, 0);
}

/**
 * A bridge error in the cashier's language for a notice of the counter: its words come with the late chunk, so a
 * very early error waits for it; if the chunk cannot load, a general sentence of the first render's words says it.
 */
export async function describeBridgeErrorSoon(error: BridgeError, locale: Locale): Promise<string> {
  const later = await loadCounterLater().catch(() => null);
  return later ? later.describeBridgeError(error, later.counterMessagesFor(locale)) : messagesFor(locale).problemWordsMissing;
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = (): LaterState => state;

/**
 * A part of the counter from the late chunk, rendered once it is here. Meanwhile `waiting` (a short "Cargando…" by
 * default; a dialog shows nothing); a failed load says so with a retry.
 */
export function CounterLaterPart({ children, waiting, passive = false }: {
  children: (later: CounterLater) => ReactNode;
  waiting?: ReactNode;
  /** Shows once the chunk is here, never asks for it nor says it failed (the idle prefetch brings it). */
  passive?: boolean;
}): ReactNode {
  const t = useText();
  const { module, failed } = useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    if (!passive && !module && !failed) void loadCounterLater().catch(() => undefined);
  }, [module, failed, passive]);
  if (module) return children(module);
  if (passive) return null;
  if (failed) {
    return (
      <p className="field-error" role="alert">
        {t.counterPartMissing}{' '}
        <button type="button" className="small" onClick={() => void loadCounterLater().catch(() => undefined)}>{t.screenRetry}</button>
      </p>
    );
  }
  return waiting === undefined ? <p className="muted" role="status">{t.loading}</p> : waiting;
}
