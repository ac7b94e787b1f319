/** Cobrar: the cart becomes a durable sale in the core's outbox, and the counter is clear for the next customer. */
import { consumidorFinal } from '../../shared/consumidor-final';
import { LIMITS } from '../../shared/limits';
import { calculateTotals, formatCop } from '../../shared/money';
import { focusSoon, useApp } from '../app/app-store';
import { CHARGE_BUTTON_ID } from '../customer/form-focus';
import { compareDecimal } from '../format/decimal-text';
import { saleNumberLabel } from '../format/sale-number';
import { messagesFor } from '../i18n/messages';
import { describeBridgeErrorSoon } from './counter-later-loader';
import { readCart } from './cart';
import { CASH_FIELD_ID, readCash } from './cash-entry';
import { OPEN_SALE_SLOT, openSaleCharged, saveOpenSaleSoon, settleOpenSaleSaves } from './open-sale-sync';
import { useCounterPanels } from './counter-panels';
import { loadCounterSchemas } from './counter-schemas-loader';
import { CONFIRM_TOTAL_ID, useSale } from './sale-store';
import { scansSettled } from './scans-in-flight';
import { focusSearchKeepingText } from './counter-keys';
import { usePeople } from '../people/people-store';
import { callWithOwner } from '../people/owner-pin';
import { refreshPeople } from '../people/refresh-people';
import { NOBODY_SIGNED_IN, NO_SHIFT_REASONS } from '../../shared/shift-rule';
import { SHIFT_ASK_CASH_ID, SHIFT_ASK_GO_ID, useShiftAsk } from './shift-ask';

/** The notice Cobrar showed because the cash did not reach (or was unreadable): the payment panel clears it once fixed. */
let cashRefusal: unknown = null;
export const isCashRefusal = (notice: unknown): boolean => notice !== null && notice === cashRefusal;

/** True while Cobrar waits for scans in flight: a second F12 meanwhile is the same Cobrar, not another. */
let waitingForScans = false;

/**
 * Cobrar (the button, F12, Ctrl+Enter). A total above LIMITS.confirmTotalAbove (a mis-scan, a price typed with
 * too many zeros) is charged only with `confirmed`, which only the confirmation's own button passes.
 */
export async function chargeSale(confirmed = false): Promise<void> {
  // A product scanned just before F12 is still being looked up: the cart is read once it has landed.
  if (useSale.getState().charging || waitingForScans) return;
  waitingForScans = true;
  let schemas: Awaited<ReturnType<typeof loadCounterSchemas>> | null;
  try {
    await scansSettled();
    // The buyer's check runs the shared schemas, whose chunk follows the first render: a very early F12 waits for it.
    schemas = await loadCounterSchemas().catch(() => null);
  } finally {
    waitingForScans = false;
  }
  const sale = useSale.getState();
  const app = useApp.getState();
  const t = messagesFor(app.locale);
  if (sale.charging) return;
  const cart = readCart(sale.lines, app.locale);
  if (!cart.ready) {
    app.notify('error', sale.lines.length === 0 ? t.chargeEmpty : t.chargeFixLines);
    return;
  }
  if (!app.settings) {
    app.notify('error', t.chargeNoSettings);
    return;
  }
  if (!schemas) {
    app.notify('error', t.counterSchemasMissing);
    return;
  }
  const gap = schemas.buyerGap(sale.customer, app.settings);
  if (gap) {
    // The cart stays as it is; the focus goes to the one field that is missing.
    app.notify('error', schemas.counterMessagesFor(app.locale)[gap.message]);
    if (gap.place === 'settings') app.show('settings');
    else sale.openCustomerForm({ initial: sale.customer, focusId: gap.fieldId, returnFocusId: CHARGE_BUTTON_ID });
    focusSoon(gap.fieldId);
    return;
  }
  const payable = calculateTotals(cart.inputs).payable;
  // A cash sale is never charged short (the core refuses it too); nothing typed means paid exactly.
  const cash = readCash(sale.cashReceived, payable, sale.payment.means_code, app.locale);
  if (cash.kind === 'invalid' || cash.kind === 'short') {
    app.notify('error', cash.kind === 'invalid' ? t.cashNotNumber : t.cashShort(formatCop(cash.due, app.locale), formatCop(cash.missing, app.locale)));
    cashRefusal = useApp.getState().notice;
    focusSoon(CASH_FIELD_ID);
    return;
  }
  if (!confirmed && compareDecimal(payable, String(LIMITS.confirmTotalAbove)) > 0) {
    // The safe answer has the focus, so a second F12 or Enter never charges it by accident.
    sale.askToConfirmTotal(payable);
    focusSoon(CONFIRM_TOTAL_ID);
    return;
  }
  sale.askToConfirmTotal(null);
  const customer = sale.customer ?? consumidorFinal({
    email: app.settings.defaultEmail, municipality_code: app.settings.defaultMunicipalityCode,
  });
  sale.setCharging(true);
  const chargedLineIds = new Set(sale.lines.map((line) => line.id));
  await settleOpenSaleSaves();
  // A saved buyer charged with other tax data than saved needs the owner's PIN for this charge (the core asks).
  const answer = await callWithOwner('sales.charge', { customer, items: cart.items, payment: sale.payment, openSaleSlot: OPEN_SALE_SLOT,
    ...(cash.kind === 'ok' ? { cash: { received: cash.received } } : {}) }, 'customer-tax');
  if (!answer.ok) {
    sale.setCharging(false);
    saveOpenSaleSoon();
    // No shift open at a till that sells in shifts: asked here (open it and charge), or sent to Turnos; the cart stays.
    const { reason } = answer.error;
    if (reason === NO_SHIFT_REASONS.ask || reason === NO_SHIFT_REASONS.refuse) {
      useShiftAsk.getState().setAsking(reason === NO_SHIFT_REASONS.ask ? 'ask' : 'refuse');
      focusSoon(reason === NO_SHIFT_REASONS.ask ? SHIFT_ASK_CASH_ID : SHIFT_ASK_GO_ID);
      return;
    }
    // The shop has people and nobody is signed in here (the server's feed may just have brought them): «¿Quién vende?».
    if (reason === NOBODY_SIGNED_IN) void refreshPeople();
    app.notify('error', `${t.chargeFailed} ${await describeBridgeErrorSoon(answer.error, app.locale)}`);
    return;
  }
  useShiftAsk.getState().setAsking(null);
  const { saleId, referenceCode, shortNumber, totals } = answer.value;
  sale.finish({ saleId, referenceCode, shortNumber, payable: totals.payable, cash: answer.value.cash }, chargedLineIds);
  openSaleCharged();
  // A product scanned while the charge was on its way is the next sale: the core cleared the open sale, keep it again.
  if (useSale.getState().lines.length > 0) saveOpenSaleSoon();
  usePeople.getState().clearUnlocked(); // the core ends the owner's approvals with the sale; the next one starts locked
  useCounterPanels.getState().closeAll();
  app.notify('info', t.charged(saleNumberLabel(app.settings.tillName, shortNumber), formatCop(totals.payable, app.locale)));
  // Back to the search, keeping whatever the cashier typed while the charge was on its way (selecting it would lose it).
  if (!focusSearchKeepingText()) focusSoon('product-search');
}
