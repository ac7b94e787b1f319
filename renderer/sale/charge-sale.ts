/** Cobrar: the cart becomes a durable sale in the core's outbox, and the counter is clear for the next customer. */
import { consumidorFinal } from '../../shared/customer';
import { formatCop } from '../../shared/money';
import { focusSoon, useApp } from '../app/app-store';
import { bridge } from '../bridge/client';
import { describeBridgeError } from '../bridge/bridge-error-text';
import { CHARGE_BUTTON_ID } from '../customer/form-focus';
import { messagesFor } from '../i18n/messages';
import { readCart } from './cart';
import { buyerGap } from './charge-check';
import { useSale } from './sale-store';

export async function chargeSale(): Promise<void> {
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
  const gap = buyerGap(sale.customer, app.settings);
  if (gap) {
    // The cart stays as it is; the focus goes to the one field that is missing.
    app.notify('error', t[gap.message]);
    if (gap.place === 'settings') app.show('settings');
    else sale.openCustomerForm({ initial: sale.customer, focusId: gap.fieldId, returnFocusId: CHARGE_BUTTON_ID });
    focusSoon(gap.fieldId);
    return;
  }
  const customer = sale.customer ?? consumidorFinal({
    email: app.settings.defaultEmail, municipality_code: app.settings.defaultMunicipalityCode,
  });
  sale.setCharging(true);
  const answer = await bridge.call('sales.charge', { customer, items: cart.items, payment: sale.payment });
  if (!answer.ok) {
    sale.setCharging(false);
    app.notify('error', `${t.chargeFailed} ${describeBridgeError(answer.error, t)}`);
    return;
  }
  const { saleId, referenceCode, shortNumber, totals } = answer.value;
  sale.finish({ saleId, referenceCode, shortNumber, payable: totals.payable });
  app.notify('info', t.charged(referenceCode, formatCop(totals.payable, app.locale)));
  focusSoon('product-search');
}
