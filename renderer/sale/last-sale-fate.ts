/**
 * The fate of the sale just charged, for the charge bar: "Validando…" until the tax authority has answered, then
 * its invoice number — and its receipt on screen by itself only on a quiet counter: nothing rung up, nothing being
 * typed or scanned (issue 26). A sale in progress is never interrupted; the receipt is then one click away.
 */
import { useEffect, useState } from 'react';
import type { SaleState } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { isTextField, msSinceLastKey } from './counter-keys';
import { useSale } from './sale-store';
import { scansInFlight } from './scans-in-flight';
import { PRODUCT_SEARCH_ID, useSearchText } from './search-text';

export interface LastSaleFate {
  /** The sale this fate is about: a fate read for an earlier sale is never shown next to a newer one. */
  saleId: number;
  state: SaleState | 'pending';
  fullNumber: string | null;
}

/** What the bar shows for the sale just charged: its own fate once read, "Validando…" until then. */
export function fateOf(last: { saleId: number } | null, known: LastSaleFate | null): LastSaleFate | null {
  if (!last) return null;
  return known && known.saleId === last.saleId ? known : { saleId: last.saleId, state: 'pending', fullNumber: null };
}

/** How long the counter must have had no key before the receipt may take the screen. */
export const QUIET_MS = 1_500;
/** How long a validated sale's receipt waits for a quiet counter before it stays one click away for good. */
export const RECEIPT_WAIT_MS = 60_000;

/** What the counter is doing, as the receipt's decision needs it. */
export interface CounterNow {
  screen: string;
  linesInCart: number;
  formOpen: boolean;
  charging: boolean;
  /** What the product search holds (kept even while another screen is in front). */
  searchText: string;
  scansInFlight: number;
  msSinceKey: number;
  /** A field other than the search has the focus and holds text (the cashier is typing there). */
  typingElsewhere: boolean;
}

/**
 * Whether the receipt may take the screen now (issue 26): the sale screen, nothing rung up, no form open, nothing
 * being typed or scanned — the search empty, no scan being looked up, no key for QUIET_MS.
 */
export function receiptMayOpen(c: CounterNow): boolean {
  return c.screen === 'sale' && c.linesInCart === 0 && !c.formOpen && !c.charging && c.searchText === ''
    && c.scansInFlight === 0 && !c.typingElsewhere && c.msSinceKey >= QUIET_MS;
}

/** Whether waiting for a quiet counter is over for good: the next sale started, the cashier went elsewhere, or too long. */
export function receiptWaitOver(c: CounterNow, waitedMs: number): boolean {
  return c.screen !== 'sale' || c.linesInCart > 0 || c.formOpen || waitedMs > RECEIPT_WAIT_MS;
}

function counterNow(): CounterNow {
  const sale = useSale.getState();
  const focused = document.activeElement;
  const typingElsewhere = (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)
    && focused.id !== PRODUCT_SEARCH_ID && isTextField(focused) && focused.value !== '';
  return {
    screen: useApp.getState().screen, linesInCart: sale.lines.length, formOpen: sale.customerForm !== null, charging: sale.charging,
    searchText: useSearchText.getState().text, scansInFlight: scansInFlight(), msSinceKey: msSinceLastKey(), typingElsewhere,
  };
}

/** Sales whose receipt already took the screen once: coming back to the sale screen never opens it again. */
const receiptShown = new Set<number>();

/**
 * Shows the receipt once the counter is quiet; checks again after the quiet time while the cashier types, and gives
 * up (the receipt one click away) once the next sale has started. Returns the way to stop waiting.
 */
function openWhenQuiet(saleId: number): () => void {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const step = () => {
    timer = null;
    if (stopped || receiptShown.has(saleId)) return;
    const now = counterNow();
    if (receiptWaitOver(now, performance.now() - started)) return;
    if (!receiptMayOpen(now)) {
      timer = setTimeout(step, Math.max(100, Math.min(QUIET_MS, QUIET_MS - now.msSinceKey)));
      return;
    }
    // Checked again at the very moment it would show: a key pressed while its code was loading keeps the counter.
    useApp.getState().openReceiptIf(saleId, () => {
      if (stopped || receiptShown.has(saleId) || !receiptMayOpen(counterNow())) {
        if (!stopped && timer === null) timer = setTimeout(step, 100);
        return false;
      }
      receiptShown.add(saleId);
      return true;
    });
  };
  step();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
  };
}

export function useLastSaleFate(last: { saleId: number; referenceCode: string } | null): LastSaleFate | null {
  const [fate, setFate] = useState<LastSaleFate | null>(null);
  useEffect(() => {
    if (!last) return undefined;
    let live = true;
    let stopWaiting: (() => void) | null = null;
    setFate({ saleId: last.saleId, state: 'pending', fullNumber: null });
    const read = async (justDecided: boolean): Promise<void> => {
      const answer = await bridge.call('sales.get', { id: last.saleId });
      if (!live || !answer.ok || !answer.value) return;
      const { state, fullNumber } = answer.value;
      setFate({ saleId: last.saleId, state, fullNumber });
      if (state === 'validated' && justDecided && !receiptShown.has(last.saleId) && stopWaiting === null) stopWaiting = openWhenQuiet(last.saleId);
    };
    void read(false);
    const off = bridge.on('sale.updated', (event) => {
      if (event.referenceCode === last.referenceCode && (event.state === 'validated' || event.state === 'needs_attention')) void read(true);
    });
    return () => {
      live = false;
      stopWaiting?.();
      off();
    };
  }, [last?.saleId, last?.referenceCode]);
  // The render right after a new charge comes before the effect above: the previous sale's fate must not show then.
  return fateOf(last, fate);
}
