/**
 * "Suspender" and "Recuperar": the sale on the counter is set aside in the core and the counter is free; a parked
 * sale comes back (and whatever was on the counter takes its place). Saves in flight settle first, and none runs
 * while a sale moves, so a late save can never bring a parked cart back onto the counter.
 */
import { focusSoon, useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { messagesFor } from '../i18n/messages';
import { currentOpenSaleDraft, OPEN_SALE_SLOT, openSaleCharged, saveOpenSaleSoon, settleOpenSaleSaves } from './open-sale-sync';
import { useSale } from './sale-store';

export async function refreshParked(): Promise<void> {
  const answer = await bridge.call('openSale.parked', {});
  if (answer.ok) useSale.getState().setParked(answer.value);
}

export async function parkSale(): Promise<void> {
  const sale = useSale.getState();
  const app = useApp.getState();
  const t = messagesFor(app.locale);
  if (sale.charging) return;
  if (sale.lines.length === 0) {
    app.notify('error', t.parkEmpty);
    return;
  }
  sale.setCharging(true);
  await settleOpenSaleSaves();
  const answer = await bridge.call('openSale.park', { slot: OPEN_SALE_SLOT, draft: currentOpenSaleDraft() });
  sale.setCharging(false);
  if (!answer.ok) {
    saveOpenSaleSoon();
    app.notify('error', describeBridgeError(answer.error, t));
    return;
  }
  sale.clearCounter();
  openSaleCharged(); // the core's slot is empty, and so is the counter
  sale.setParked(answer.value.list);
  app.notify('info', t.parkedDone(answer.value.parked.number));
  focusSoon('product-search');
}

export async function recallSale(number: number): Promise<void> {
  const sale = useSale.getState();
  const app = useApp.getState();
  const t = messagesFor(app.locale);
  if (sale.charging) return;
  sale.setCharging(true);
  await settleOpenSaleSaves();
  const answer = await bridge.call('openSale.recall', { slot: OPEN_SALE_SLOT, number, draft: currentOpenSaleDraft() });
  sale.setCharging(false);
  if (!answer.ok) {
    saveOpenSaleSoon();
    app.notify('error', describeBridgeError(answer.error, t));
    void refreshParked();
    return;
  }
  sale.restore(answer.value.draft);
  openSaleCharged(); // what the core holds in the slot now is what the counter shows
  sale.setParked(answer.value.list);
  app.notify('info', t.recalledDone(number, answer.value.parkedCurrent));
  focusSoon('product-search');
}
