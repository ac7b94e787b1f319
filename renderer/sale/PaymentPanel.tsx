/**
 * F8: payment form (contado/crédito) and means (efectivo, tarjeta, ...). For cash: what the customer handed over
 * (typed, or added with the bill buttons) and the change in large type, from the shared cash rule.
 */
import { useEffect, type ReactNode } from 'react';
import { CASH_BILLS, CASH_MEANS } from '../../shared/cash';
import { PAYMENT_FORMS, PAYMENT_MEANS } from '../../shared/codes';
import { calculateTotals, formatCop } from '../../shared/money';
import { regroupMoneyText } from '../format/decimal-text';
import { useApp } from '../app/app-store';
import { codeOptions, SelectField, TextField } from '../app/fields';
import { useText } from '../i18n/use-text';
import { readCart } from './cart';
import { addBill, CASH_FIELD_ID, cashSettled, readCash } from './cash-entry';
import { isCashRefusal } from './charge-sale';
import { useSale } from './sale-store';

const FORMS = codeOptions(PAYMENT_FORMS);
const MEANS = codeOptions(PAYMENT_MEANS);

/** "$ 20.000" without cents: how a bill is named. */
const billLabel = (bill: number, locale: 'es-CO' | 'en') => formatCop(String(bill), locale).replace(/[.,]00$/, '');

function CashEntryFields(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const lines = useSale((s) => s.lines);
  const payment = useSale((s) => s.payment);
  const typed = useSale((s) => s.cashReceived);
  const setTyped = useSale((s) => s.setCashReceived);
  const payable = calculateTotals(readCart(lines, locale).inputs).payable;
  const cash = readCash(typed, payable, payment.means_code, locale);
  const money = (amount: string) => formatCop(amount, locale);
  return (
    <div className="cash-entry">
      <TextField id={CASH_FIELD_ID} label={t.cashReceived} value={typed} onChange={setTyped} onBlur={() => setTyped(regroupMoneyText(typed, locale))} inputMode="numeric"
        hint={t.cashReceivedHint} error={cash.kind === 'invalid' ? t.cashNotNumber : null} />
      <div className="cash-bills" role="group" aria-label={t.cashBills}>
        {CASH_BILLS.map((bill) => (
          <button type="button" key={bill} aria-label={t.addBill(billLabel(bill, locale))}
            onClick={() => setTyped(addBill(typed, bill, locale))}>
            {billLabel(bill, locale)}
          </button>
        ))}
        <button type="button" onClick={() => setTyped('')} disabled={typed === ''}>{t.cashClear}</button>
      </div>
      {cash.kind === 'ok' ? (
        <>
          {cash.tender.due !== payable ? <p className="muted">{t.cashDueRounded(money(cash.tender.due))}</p> : null}
          <p className="cash-change" aria-live="polite">
            <span>{t.cashChange}</span> <strong data-testid="cash-change">{money(cash.tender.change)}</strong>
          </p>
        </>
      ) : null}
      {cash.kind === 'short' ? (
        <p className="cash-change short" aria-live="polite" role="alert">
          <span>{t.cashMissing}</span> <strong data-testid="cash-missing">{money(cash.missing)}</strong>
        </p>
      ) : null}
    </div>
  );
}

/** "The cash does not reach" stops being true once the cash reaches (or another means is chosen): the notice goes then. */
function useCashRefusalCleared(): void {
  const locale = useApp((s) => s.locale);
  const notice = useApp((s) => s.notice);
  const clear = useApp((s) => s.clearNotice);
  const settled = useSale((s) => cashSettled(readCash(s.cashReceived, calculateTotals(readCart(s.lines, locale).inputs).payable, s.payment.means_code, locale)));
  useEffect(() => {
    if (settled && isCashRefusal(notice)) clear();
  }, [settled, notice, clear]);
}

export function PaymentPanel(): ReactNode {
  const t = useText();
  const payment = useSale((s) => s.payment);
  const setPayment = useSale((s) => s.setPayment);
  useCashRefusalCleared();
  return (
    <section className="panel payment" aria-labelledby="payment-title">
      <h2 id="payment-title">{t.payment} <kbd>F8</kbd></h2>
      <div className="row">
        <SelectField id="payment-means" label={t.paymentMeans} value={payment.means_code} options={MEANS}
          onChange={(means_code) => setPayment({ ...payment, means_code })} />
        <SelectField id="payment-form" label={t.paymentForm} value={payment.form_code} options={FORMS}
          onChange={(form_code) => setPayment({ ...payment, form_code })} />
      </div>
      {payment.means_code === CASH_MEANS ? <CashEntryFields /> : null}
    </section>
  );
}
