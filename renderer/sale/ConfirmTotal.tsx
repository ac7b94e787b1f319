/** A total far above a counter's usual asks before it is charged: a scan in a quantity field must not become an invoice. */
import type { ReactNode } from 'react';
import { formatCop } from '../../shared/money';
import { focusSoon, useApp } from '../app/app-store';
import { useCounterText } from '../i18n/counter-text';
import { CONFIRM_TOTAL_ID, useSale } from './sale-store';

/** `confirm` charges it (chargeSale(true)), passed in so this late part does not import the charge. */
export function ConfirmTotal({ confirm }: { confirm(): void }): ReactNode {
  const t = useCounterText();
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
        <button type="button" className="danger" onClick={confirm}>{t.confirmCharge}</button>
      </div>
    </div>
  );
}
