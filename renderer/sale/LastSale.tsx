/** The sale just charged, by its short number ("Caja 1 · 000123"), with its fate and its receipt one click away. */
import type { ReactNode } from 'react';
import { formatCop } from '../../shared/money';
import { useApp } from '../app/app-store';
import { saleNumberLabel } from '../format/sale-number';
import { useCounterText } from '../i18n/counter-text';
import { useLastSaleFate } from './last-sale-fate';
import { useSale } from './sale-store';

export function LastSale(): ReactNode {
  const t = useCounterText();
  const locale = useApp((s) => s.locale);
  const openReceipt = useApp((s) => s.openReceipt);
  const tillName = useApp((s) => s.settings?.tillName ?? '');
  const last = useSale((s) => s.lastCharge);
  const fate = useLastSaleFate(last);
  if (!last) return null;
  return (
    <p className="last-charge">
      {t.lastSale}:{' '}
      {/* The 32-character reference stays one hover away (and on the receipt); the cashier reads the short number. */}
      <strong data-testid="last-sale-number" title={last.referenceCode}>
        {last.shortNumber !== undefined ? saleNumberLabel(tillName, last.shortNumber) : last.referenceCode}
      </strong>{' '}
      · {formatCop(last.payable, locale)}{' '}
      {fate ? (
        <span className={`last-sale-fate fate-${fate.state}`} role="status" data-testid="last-sale-fate" data-sale-id={fate.saleId}>
          {fate.state === 'validated' ? t.lastSaleValidated(fate.fullNumber ?? '') : fate.state === 'needs_attention' ? t.lastSaleNeedsAttention : t.lastSaleValidating}
        </span>
      ) : null}{' '}
      <button type="button" className="link" onClick={() => openReceipt(last.saleId)}>{fate?.state === 'validated' ? t.openReceipt : t.openSlip}</button>
    </p>
  );
}
