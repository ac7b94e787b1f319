/**
 * F8: payment form (contado/crédito) and means (efectivo, tarjeta, ...). Closed, it is one line (the means and form,
 * "Cambiar") plus, for cash, what the customer handed over; opened, the selects and the bill buttons. The change is
 * shown by the total (CashChange), where it is always in view.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { CASH_BILLS, CASH_MEANS } from '../../shared/cash';
import { labelOf, PAYMENT_FORMS, PAYMENT_MEANS } from '../../shared/codes';
import { formatCop } from '../../shared/money';
import { focusSoon, useApp } from '../app/app-store';
import { nameOptions, SelectField, TextField } from '../app/fields';
import { useText } from '../i18n/use-text';
import { addBill, CASH_FIELD_ID, cashSettled } from './cash-entry';
import { isCashRefusal } from './charge-sale';
import { useCounterPanels } from './counter-panels';
import { useSale } from './sale-store';
import { useCashReading } from './use-cash-reading';

const FORMS = nameOptions(PAYMENT_FORMS);
const MEANS = nameOptions(PAYMENT_MEANS);

/** "$ 20.000" without cents: how a bill is named. */
const billLabel = (bill: number, locale: 'es-CO' | 'en') => formatCop(String(bill), locale).replace(/[.,]00$/, '');

function CashReceivedField(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const typed = useSale((s) => s.cashReceived);
  const setTyped = useSale((s) => s.setCashReceived);
  const regroup = useSale((s) => s.regroupCash);
  const { cash } = useCashReading();
  return (
    <TextField id={CASH_FIELD_ID} className="cash-received" label={t.cashReceived} value={typed} onChange={setTyped}
      onBlur={() => regroup(locale)} inputMode="numeric" hint={t.cashReceivedHint} error={cash.kind === 'invalid' ? t.cashNotNumber : null} />
  );
}

function CashBills(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const typed = useSale((s) => s.cashReceived);
  const setTyped = useSale((s) => s.setCashReceived);
  return (
    <div className="cash-bills" role="group" aria-label={t.cashBills}>
      {CASH_BILLS.map((bill) => (
        <button type="button" key={bill} aria-label={t.addBill(billLabel(bill, locale))}
          onClick={() => setTyped(addBill(typed, bill, locale))}>
          {billLabel(bill, locale)}
        </button>
      ))}
      <button type="button" onClick={() => setTyped('')} disabled={typed === ''}>{t.cashClear}</button>
    </div>
  );
}

/** "The cash does not reach" stops being true once the cash reaches (or another means is chosen): the notice goes then. */
function useCashRefusalCleared(): void {
  const notice = useApp((s) => s.notice);
  const clear = useApp((s) => s.clearNotice);
  const settled = cashSettled(useCashReading().cash);
  useEffect(() => {
    if (settled && isCashRefusal(notice)) clear();
  }, [settled, notice, clear]);
}

export function PaymentPanel(): ReactNode {
  const t = useText();
  const payment = useSale((s) => s.payment);
  const setPayment = useSale((s) => s.setPayment);
  const expanded = useCounterPanels((s) => s.open.payment);
  const setOpen = useCounterPanels((s) => s.setOpen);
  const cashSale = payment.means_code === CASH_MEANS;
  useCashRefusalCleared();
  // Opened, the whole panel comes into view in the side column, down to "Recibido en efectivo" (issue 29: at
  // 1093×614 the field stayed half hidden under the totals until the cashier scrolled).
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!expanded) return;
    const frame = requestAnimationFrame(() => section.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [expanded, cashSale]);
  const toggle = () => {
    setOpen('payment', !expanded);
    if (!expanded) focusSoon('payment-means');
  };
  // Esc in the open panel closes it; the cashier goes back to the products.
  const closeOnEscape = (key: string) => {
    if (key !== 'Escape' || !expanded) return;
    setOpen('payment', false);
    focusSoon('product-search');
  };
  return (
    <section ref={section} className={`panel payment counter-panel${expanded ? ' open' : ''}`} aria-labelledby="payment-title"
      onKeyDown={(e) => closeOnEscape(e.key)}>
      <div className="panel-line">
        <h2 id="payment-title">{t.payment} <kbd>F8</kbd></h2>
        <p className="payment-current" data-testid="current-payment">
          <strong>{labelOf(PAYMENT_MEANS, payment.means_code)}</strong> · {labelOf(PAYMENT_FORMS, payment.form_code)}
        </p>
        <button type="button" className="small panel-toggle" aria-expanded={expanded} aria-controls="payment-body"
          aria-label={expanded ? t.closePaymentPanel : t.changePayment} onClick={toggle}>
          {expanded ? t.closePanel : t.changePanel}
        </button>
      </div>
      {expanded ? (
        <div id="payment-body" className="row">
          <SelectField id="payment-means" label={t.paymentMeans} value={payment.means_code} options={MEANS}
            onChange={(means_code) => setPayment({ ...payment, means_code })} />
          <SelectField id="payment-form" label={t.paymentForm} value={payment.form_code} options={FORMS}
            onChange={(form_code) => setPayment({ ...payment, form_code })} />
        </div>
      ) : null}
      {cashSale ? (
        <div className="cash-entry">
          <CashReceivedField />
          {expanded ? <CashBills /> : null}
        </div>
      ) : null}
    </section>
  );
}
