/**
 * The open sale follows the cashier into the core: read back once at start, then saved (debounced, one call at a
 * time, in order) whenever the cart, the customer or the payment changes. Charging waits for the save in flight and
 * names the slot, so the core clears it in the same transaction that records the sale.
 */
import type { BridgeEnvelope } from '../../shared/bridge/contract';
import type { OpenSaleDto } from '../../shared/bridge/types';
import type { OpenSaleDraftInput } from '../../shared/open-sale';
import { DEFAULT_OPEN_SALE_SLOT } from '../../shared/open-sale-slot';
import { useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { messagesFor } from '../i18n/messages';
import { useSale } from './sale-store';

export const OPEN_SALE_SLOT = DEFAULT_OPEN_SALE_SLOT;
const SAVE_AFTER_MS = 250;

let timer: ReturnType<typeof setTimeout> | null = null;
let inFlight: Promise<void> = Promise.resolve();
let lastSaved = '';
let warned = false;

/** The open sale as the core keeps it (also what parking sends). */
export function currentOpenSaleDraft(): OpenSaleDraftInput {
  const { lines, customer, payment } = useSale.getState();
  return { lines, customer, payment };
}

function saveNow(): void {
  timer = null;
  if (useSale.getState().charging) return; // the charge decides what is left; finish() schedules the next save
  const draft = currentOpenSaleDraft();
  const text = JSON.stringify(draft);
  if (text === lastSaved) return;
  lastSaved = text;
  inFlight = inFlight.then(async () => {
    const answer = await bridge.call('openSale.save', { slot: OPEN_SALE_SLOT, draft });
    if (answer.ok) {
      warned = false;
    } else if (!warned) {
      // Once, not on every keystroke: the sale itself still works; only its safety net is missing.
      warned = true;
      lastSaved = '';
      const app = useApp.getState();
      app.notify('error', messagesFor(app.locale).openSaleNotKept);
    }
  }).catch(() => undefined); // a lost save must not stop the ones after it
}

/** The open sale as the core keeps it (asked at start together with the rest, bootstrap.ts). */
export function readOpenSale(): Promise<BridgeEnvelope<OpenSaleDto | null>> {
  return bridge.call('openSale.get', { slot: OPEN_SALE_SLOT });
}

/** Puts the open sale read back from the core on the counter and starts keeping it; returns the function that stops. */
export function keepOpenSale(answer: BridgeEnvelope<OpenSaleDto | null>): () => void {
  if (answer.ok && answer.value && answer.value.draft.lines.length + (answer.value.draft.customer ? 1 : 0) > 0) {
    const sale = useSale.getState();
    // Anything rung up before the answer came (a very fast scan) is kept too, after the restored lines.
    const typedMeanwhile = sale.lines;
    sale.restore(answer.value.draft);
    if (typedMeanwhile.length > 0) useSale.setState((s) => ({ lines: [...s.lines, ...typedMeanwhile] }));
    const app = useApp.getState();
    app.notify('info', messagesFor(app.locale).openSaleRestored(answer.value.draft.lines.length));
  }
  lastSaved = JSON.stringify(currentOpenSaleDraft());
  const stop = useSale.subscribe((s, before) => {
    if (s.lines === before.lines && s.customer === before.customer && s.payment === before.payment) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(saveNow, SAVE_AFTER_MS);
  });
  // A reload or a closing window does not wait for the debounce: what is pending goes now.
  const flush = () => { if (timer !== null) { clearTimeout(timer); saveNow(); } };
  window.addEventListener('pagehide', flush);
  return () => {
    stop();
    window.removeEventListener('pagehide', flush);
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}

/** Before charging: no save may land after the charge and bring the charged cart back. */
export async function settleOpenSaleSaves(): Promise<void> {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  await inFlight;
}

/** After a charge that did not happen, the cart is still open: keep it. */
export function saveOpenSaleSoon(): void {
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(saveNow, SAVE_AFTER_MS);
}

/** After a charge the core's slot is empty; so is the cart. */
export function openSaleCharged(): void {
  lastSaved = JSON.stringify(currentOpenSaleDraft());
}
