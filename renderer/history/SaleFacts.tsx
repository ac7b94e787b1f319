/** The detail's longer parts: the lines and totals, the payment, every send to the service, every reprint. */
import type { ReactNode } from 'react';
import type { Locale, SaleDetailDto } from '../../shared/bridge/types';
import { labelOf, PAYMENT_FORMS, PAYMENT_MEANS } from '../../shared/codes';
import { formatCop } from '../../shared/money';
import { formatDateTime, formatQuantity } from '../format/date-time';
import { attemptText } from '../format/remote-status';
import { taxLabel } from '../format/tax-name';
import type { Messages } from '../i18n/messages';

interface Props { sale: SaleDetailDto; t: Messages; locale: Locale }

export function SaleLines({ sale, t, locale }: Props): ReactNode {
  const money = (amount: string) => formatCop(amount, locale);
  return (
    <>
      <h3>{t.historyLines}</h3>
      <table aria-label={t.historyLines}>
        <thead><tr><th scope="col">{t.product}</th><th scope="col" className="num">{t.lineTotal}</th></tr></thead>
        <tbody>
          {sale.items.map((item, i) => (
            <tr key={`${item.code}-${i}`}>
              <td>{formatQuantity(item.quantity, locale)} × {item.name} <span className="muted">({item.code})</span></td>
              <td className="num">{sale.totals.lines[i] ? money(sale.totals.lines[i].line_amount) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="facts">
        <div><dt>{t.subtotal}</dt><dd>{money(sale.totals.gross)}</dd></div>
        {sale.totals.discount !== '0.00' ? <div><dt>{t.discounts}</dt><dd>−{'\u00A0'}{money(sale.totals.discount)}</dd></div> : null}
        {sale.totals.taxes.map((tax) => (
          <div key={`${tax.code}:${tax.rate}`}><dt>{taxLabel(tax.code, tax.rate, locale)} {t.taxOn} {money(tax.taxable_amount)}</dt><dd>{money(tax.amount)}</dd></div>
        ))}
        <div><dt>{t.total}</dt><dd className="strong">{money(sale.totals.payable)}</dd></div>
      </dl>
      <h3>{t.historyPayment}</h3>
      <dl className="facts">
        <div><dt>{t.paymentForm}</dt><dd>{labelOf(PAYMENT_FORMS, sale.payment.form_code)}</dd></div>
        <div><dt>{t.paymentMeans}</dt><dd>{labelOf(PAYMENT_MEANS, sale.payment.means_code)}</dd></div>
        {sale.cash ? <div><dt>{t.cashReceivedReceipt}</dt><dd>{money(sale.cash.received)}</dd></div> : null}
        {sale.cash ? <div><dt>{t.cashChangeReceipt}</dt><dd>{money(sale.cash.change)}</dd></div> : null}
      </dl>
    </>
  );
}

export function SaleLog({ sale, t, locale }: Props): ReactNode {
  const attempts = sale.attemptLog ?? [];
  const reprints = sale.reprints ?? [];
  return (
    <>
      <h3>{t.historyAttempts}</h3>
      {attempts.length === 0 ? <p className="muted">{t.historyNoAttempts}</p> : (
        <ol aria-label={t.historyAttempts}>
          {attempts.map((a, i) => (
            <li key={i}>
              {formatDateTime(a.startedAt, locale)} — {attemptText(a, t)}
            </li>
          ))}
        </ol>
      )}
      <h3>{t.historyReprints}</h3>
      {reprints.length === 0 ? <p className="muted">{t.historyNoReprints}</p> : (
        <ol aria-label={t.historyReprints}>
          {reprints.map((r) => <li key={r.copyNumber}>{t.historyReprintItem(r.copyNumber, formatDateTime(r.at, locale))}</li>)}
        </ol>
      )}
    </>
  );
}
