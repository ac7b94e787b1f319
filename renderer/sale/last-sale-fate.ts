/**
 * The fate of the sale just charged, for the charge bar: "Validando…" until the tax authority has answered, then
 * its invoice number — and its receipt on screen at once if the cashier has not started the next sale (a sale in
 * progress is never interrupted; the receipt is then one click away).
 */
import { useEffect, useState } from 'react';
import type { SaleState } from '../../shared/bridge/types';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { useSale } from './sale-store';

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

/** Whether the receipt may take the screen now: the sale screen, nothing rung up, no form open. */
export function receiptMayOpen(screen: string, linesInCart: number, formOpen: boolean): boolean {
  return screen === 'sale' && linesInCart === 0 && !formOpen;
}

/** Sales whose receipt already took the screen once: coming back to the sale screen never opens it again. */
const receiptShown = new Set<number>();

export function useLastSaleFate(last: { saleId: number; referenceCode: string } | null): LastSaleFate | null {
  const [fate, setFate] = useState<LastSaleFate | null>(null);
  useEffect(() => {
    if (!last) return undefined;
    let live = true;
    setFate({ saleId: last.saleId, state: 'pending', fullNumber: null });
    const read = async (justDecided: boolean): Promise<void> => {
      const answer = await bridge.call('sales.get', { id: last.saleId });
      if (!live || !answer.ok || !answer.value) return;
      const { state, fullNumber } = answer.value;
      setFate({ saleId: last.saleId, state, fullNumber });
      if (state === 'validated' && justDecided && !receiptShown.has(last.saleId)) {
        const app = useApp.getState();
        const sale = useSale.getState();
        if (receiptMayOpen(app.screen, sale.lines.length, sale.customerForm !== null)) {
          receiptShown.add(last.saleId);
          app.openReceipt(last.saleId);
        }
      }
    };
    void read(false);
    const off = bridge.on('sale.updated', (event) => {
      if (event.referenceCode === last.referenceCode && (event.state === 'validated' || event.state === 'needs_attention')) void read(true);
    });
    return () => {
      live = false;
      off();
    };
  }, [last?.saleId, last?.referenceCode]);
  // The render right after a new charge comes before the effect above: the previous sale's fate must not show then.
  return fateOf(last, fate);
}
