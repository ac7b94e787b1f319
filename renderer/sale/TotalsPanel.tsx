/** Live totals from the shared calculation: the same figures the receipt and the history show. */
import type { ReactNode } from 'react';
import { calculateTotals, formatCop } from '../../shared/money';
import { useApp } from '../app/app-store';
import { taxLabel } from '../format/tax-name';
import { useText } from '../i18n/use-text';
import { readCart } from './cart';
import { useSale } from './sale-store';

export function TotalsPanel(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const lines = useSale((s) => s.lines);
  const cart = readCart(lines, locale);
  const totals = calculateTotals(cart.inputs);
  const money = (amount: string) => formatCop(amount, locale);
  return (
    <section className="totals" aria-label={t.totals}>
      <dl>
        <div><dt>{t.subtotal}</dt><dd>{money(totals.gross)}</dd></div>
        <div><dt>{t.discounts}</dt><dd>−{'\u00A0'}{money(totals.discount)}</dd></div>
        {totals.taxes.map((tax) => (
          <div key={`${tax.code}:${tax.rate}`}>
            <dt>{taxLabel(tax.code, tax.rate, locale)} <span className="muted tax-base">({t.taxBase} {money(tax.taxable_amount)})</span></dt>
            <dd>{money(tax.amount)}</dd>
          </div>
        ))}
        <div className="grand-total"><dt>{t.total}</dt><dd data-testid="sale-total" aria-live="polite">{money(totals.payable)}</dd></div>
      </dl>
      {Object.keys(cart.problems).length > 0 ? <p className="field-error" role="alert">{t.chargeFixLines}</p> : null}
    </section>
  );
}
