/** The lines of the sale in progress. */
import type { ReactNode } from 'react';
import { useText } from '../i18n/use-text';
import { CartRow } from './CartRow';
import { useSale } from './sale-store';

export function CartTable(): ReactNode {
  const t = useText();
  const lines = useSale((s) => s.lines);
  if (lines.length === 0) return <p className="cart-empty">{t.cartEmpty}</p>;
  return (
    <div className="cart-scroll">
      <table className="cart" aria-label={t.cartLines}>
        <thead>
          <tr>
            <th scope="col" className="num">#</th>
            <th scope="col">{t.product}</th>
            <th scope="col" className="num">{t.quantity}</th>
            <th scope="col" className="num">{t.unitPrice}</th>
            <th scope="col" className="num">{t.discountRate}</th>
            <th scope="col">{t.tax}</th>
            <th scope="col" className="num">{t.lineTotal}</th>
            <th scope="col"><span className="visually-hidden">{t.actions}</span></th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => <CartRow key={line.id} line={line} index={i} />)}
        </tbody>
      </table>
    </div>
  );
}
