/**
 * The printed representation (DOMAIN.md): title, seller and NIT-DV, resolution text, full number, date and time,
 * buyer, every line, taxes by type and rate, total, payment, CUFE, the QR (≥ 2 cm) and the software's name.
 * Before validation: a provisional slip that says plainly it is not an electronic invoice.
 */
import type { ReactNode } from 'react';
import type { ReceiptDto } from '../../shared/bridge/types';
import { IDENTIFICATION_TYPES, labelOf, PAYMENT_FORMS, PAYMENT_MEANS, UNIT_MEASURES } from '../../shared/codes';
import { formatCop, ON_PAPER } from '../../shared/money';
import { useApp } from '../app/app-store';
import { formatDateTime, formatQuantity, formatRate } from '../format/date-time';
import { saleNumberLabel } from '../format/sale-number';
import { taxLabel } from '../format/tax-name';
import { useScreenText } from '../i18n/screen-text';
import { ReceiptQr } from './ReceiptQr';
import { authorizationLines } from '../../shared/numbering-authorization';
import { softwareMakerLine } from '../../shared/software-maker';
// Paper's styles (on screen and in print) come with the chunk that draws it, not in the counter's first download.
import '../styles/receipt.css';

export function ReceiptPaper({ receipt }: { receipt: ReceiptDto }): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const money = (amount: string) => formatCop(amount, locale, ON_PAPER);
  const { seller, customer, totals } = receipt;
  return (
    <article className={`receipt-paper paper-${receipt.paperWidth} ${receipt.fiscal ? 'fiscal' : 'provisional'}`}
      aria-label={receipt.title} data-testid="receipt">
      {receipt.copy ? <p className="copy-mark" data-testid="receipt-copy">{receipt.copy.copyNumber > 0
        ? t.copyMark(receipt.copy.copyNumber, formatDateTime(receipt.copy.at, locale))
        : t.copyMarkUncounted(formatDateTime(receipt.copy.at, locale))}</p> : null}
      {receipt.fiscal ? null : <p className="not-fiscal" role="note">{t.notFiscalBanner}</p>}
      <h1 className="receipt-title">{receipt.title}</h1>
      <header className="receipt-seller">
        <p className="seller-name">{seller.name}</p>
        <p>NIT {seller.nit}-{seller.dv}</p>
        {seller.address ? <p>{seller.address}</p> : null}
        {seller.phone ? <p>{t.phone} {seller.phone}</p> : null}
        {seller.email ? <p>{seller.email}</p> : null}
        {receipt.fiscal && seller.resolutionText ? <p className="resolution">{seller.resolutionText}</p> : null}
        {receipt.fiscal && receipt.authorization ? (
          <div className="resolution" data-testid="receipt-authorization">
            {authorizationLines(receipt.authorization).map((line) => <p key={line}>{line}</p>)}
          </div>
        ) : null}
      </header>
      <dl className="receipt-facts">
        {receipt.fullNumber && receipt.fiscal ? <div><dt>{t.invoiceNumber}</dt><dd className="strong">{receipt.fullNumber}</dd></div> : null}
        <div><dt>{t.saleNumber}</dt><dd className="strong" data-testid="receipt-sale-number">{saleNumberLabel(receipt.tillName, receipt.shortNumber)}</dd></div>
        <div><dt>{t.reference}</dt><dd>{receipt.referenceCode}</dd></div>
        {receipt.cashierName ? <div><dt>{t.soldBy}</dt><dd data-testid="receipt-cashier">{receipt.cashierName}</dd></div> : null}
        <div><dt>{t.issuedAt}</dt><dd>{formatDateTime(receipt.issuedAt, locale)}</dd></div>
        {receipt.validatedAt ? <div><dt>{t.validatedAt}</dt><dd>{formatDateTime(receipt.validatedAt, locale)}</dd></div> : null}
        <div><dt>{t.buyer}</dt><dd>{customer.name}</dd></div>
        <div><dt>{labelOf(IDENTIFICATION_TYPES, customer.identification_type)}</dt><dd>{customer.identification}-{customer.dv}</dd></div>
      </dl>
      <table className="receipt-lines">
        <thead>
          <tr><th scope="col">{t.product}</th><th scope="col" className="num">{t.lineTotal}</th></tr>
        </thead>
        <tbody>
          {receipt.items.map((item, i) => {
            const amounts = totals.lines[i];
            const tax = item.taxes[0];
            return (
              <tr key={`${item.code}-${i}`}>
                <td>
                  <span className="item-name">{item.name}</span>
                  <span className="item-detail">
                    {formatQuantity(item.quantity, locale)} {labelOf(UNIT_MEASURES, item.unit_measure)} ×{'\u00A0'}{money(String(item.price))}
                    {item.discount_rate > 0 ? ` · ${t.discountShort} ${formatRate(String(item.discount_rate), locale)}` : ''}
                    {tax ? ` · ${taxLabel(tax.code, String(tax.rate), locale)}` : ` · ${t.noTax}`}
                  </span>
                </td>
                <td className="num">{amounts ? money(amounts.line_amount) : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="receipt-totals">
        <div><dt>{t.subtotal}</dt><dd>{money(totals.gross)}</dd></div>
        {totals.discount !== '0.00' ? <div><dt>{t.discounts}</dt><dd>−{'\u00A0'}{money(totals.discount)}</dd></div> : null}
        {totals.taxes.map((tax) => (
          <div key={`${tax.code}:${tax.rate}`}>
            <dt>{taxLabel(tax.code, tax.rate, locale)} {t.taxOn} {money(tax.taxable_amount)}</dt><dd>{money(tax.amount)}</dd>
          </div>
        ))}
        <div className="receipt-total"><dt>{t.total}</dt><dd>{money(totals.payable)}</dd></div>
        <div><dt>{t.paymentForm}</dt><dd>{labelOf(PAYMENT_FORMS, receipt.payment.form_code)}</dd></div>
        <div><dt>{t.paymentMeans}</dt><dd>{labelOf(PAYMENT_MEANS, receipt.payment.means_code)}</dd></div>
        {receipt.cash && receipt.cash.due !== totals.payable ? <div><dt>{t.cashRoundedReceipt}</dt><dd>{money(receipt.cash.due)}</dd></div> : null}
        {receipt.cash ? <div><dt>{t.cashReceivedReceipt}</dt><dd data-testid="receipt-cash-received">{money(receipt.cash.received)}</dd></div> : null}
        {receipt.cash ? <div><dt>{t.cashChangeReceipt}</dt><dd data-testid="receipt-cash-change">{money(receipt.cash.change)}</dd></div> : null}
      </dl>
      {receipt.fiscal ? (
        <footer className="receipt-fiscal">
          {receipt.qrImage ? <ReceiptQr src={receipt.qrImage} alt={t.qrAlt} /> : null}
          {receipt.cufe ? <p className="cufe"><span>CUFE:</span> {receipt.cufe}</p> : null}
        </footer>
      ) : (
        <p className="not-fiscal">{t.notFiscalFooter}</p>
      )}
      <p className="software" data-testid="receipt-software">{softwareMakerLine(receipt.softwareMaker)}</p>
    </article>
  );
}
