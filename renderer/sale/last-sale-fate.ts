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
  state: SaleState | 'pending';
  fullNumber: string | null;
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
    setFate({ state: 'pending', fullNumber: null });
    const read = async (justDecided: boolean): Promise<void> => {
      const answer = await bridge.call('sales.get', { id: last.saleId });
      if (!live || !answer.ok || !answer.value) return;
      const { state, fullNumber } = answer.value;
      setFate({ state, fullNumber });
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
  return fate;
}
