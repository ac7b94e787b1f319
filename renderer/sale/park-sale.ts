/**
 * "Suspender" and "Recuperar": the sale on the counter is set aside in the core and the counter is free; a parked
 * sale comes back (and whatever was on the counter takes its place). Saves in flight settle first, and none runs
 * while a sale moves, so a late save can never bring a parked cart back onto the counter.
 */
import type { BridgeEnvelope } from '../../shared/bridge/contract';
import type { ParkedSaleDto } from '../../shared/bridge/types';
import { focusSoon, useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { messagesFor } from '../i18n/messages';
import { describeBridgeErrorSoon } from './counter-later-loader';
import { currentOpenSaleDraft, OPEN_SALE_SLOT, openSaleCharged, saveOpenSaleSoon, settleOpenSaleSaves } from './open-sale-sync';
import { useCounterPanels } from './counter-panels';
import { useSale } from './sale-store';

export async function refreshParked(): Promise<void> {
  const answer = await bridge.call('openSale.parked', {});
  if (answer.ok) useSale.getState().setParked(answer.value);
}

type FirstMessages = ReturnType<typeof messagesFor>;

/**
 * One move between the counter and the parked sales (park or recall): nothing else runs meanwhile, saves in flight
 * settle first, and a refusal leaves the counter as it was (saved again) with the core's reason.
 */
async function moveSale<T extends { list: ParkedSaleDto[] }>(
  call: () => Promise<BridgeEnvelope<T>>,
  moved: (value: T, t: FirstMessages) => string,
  refused?: () => void,
): Promise<void> {
  const sale = useSale.getState();
  const app = useApp.getState();
  const t = messagesFor(app.locale);
  if (sale.charging) return;
  sale.setCharging(true);
  await settleOpenSaleSaves();
  const answer = await call();
  sale.setCharging(false);
  if (!answer.ok) {
    saveOpenSaleSoon();
    app.notify('error', await describeBridgeErrorSoon(answer.error, app.locale));
    refused?.();
    return;
  }
  const said = moved(answer.value, t);
  openSaleCharged(); // what the core holds in the counter's slot now is what the counter shows
  useSale.getState().setParked(answer.value.list);
  app.notify('info', said);
  focusSoon('product-search');
}

export async function parkSale(): Promise<void> {
  const sale = useSale.getState();
  const app = useApp.getState();
  if (sale.charging) return;
  if (sale.lines.length === 0) {
    app.notify('error', messagesFor(app.locale).parkEmpty);
    return;
  }
  await moveSale(
    () => bridge.call('openSale.park', { slot: OPEN_SALE_SLOT, draft: currentOpenSaleDraft() }),
    (value, t) => {
      useSale.getState().clearCounter();
      useCounterPanels.getState().closeAll();
      return t.parkedDone(value.parked.number);
    },
  );
}

export async function recallSale(number: number): Promise<void> {
  await moveSale(
    () => bridge.call('openSale.recall', { slot: OPEN_SALE_SLOT, number, draft: currentOpenSaleDraft() }),
    (value, t) => {
      useSale.getState().restore(value.draft);
      return t.recalledDone(number, value.parkedCurrent);
    },
    () => void refreshParked(),
  );
}
