/** A total far above a counter's usual asks before it is charged: a scan in a quantity field must not become an invoice. */
import type { ReactNode } from 'react';
import { formatCop } from '../../shared/money';
import { focusSoon, useApp } from '../app/app-store';
import { useText } from '../i18n/use-text';
import { chargeSale, CONFIRM_TOTAL_ID } from './charge-sale';
import { useSale } from './sale-store';

export function ConfirmTotal(): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const payable = useSale((s) => s.confirmingTotal);
  const ask = useSale((s) => s.askToConfirmTotal);
  if (payable === null) return null;
  const review = () => {
    ask(null);
    focusSoon('product-search');
  };
  return (
    <div className="confirm-total" role="alertdialog" aria-labelledby="confirm-total-title" aria-describedby="confirm-total-text">
      <h2 id="confirm-total-title">{t.confirmTotalTitle}</h2>
      <p id="confirm-total-text">{t.confirmTotal(formatCop(payable, locale))}</p>
      <div className="row">
        <button type="button" id={CONFIRM_TOTAL_ID} onClick={review}>{t.reviewSale}</button>
        <button type="button" className="danger" onClick={() => void chargeSale(true)}>{t.confirmCharge}</button>
      </div>
    </div>
  );
}
