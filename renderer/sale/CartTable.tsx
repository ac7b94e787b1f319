/** The lines of the sale in progress: one compact row each (CartRow.tsx); a row opens its line panel. */
import { useEffect, type ReactNode } from 'react';
import { useText } from '../i18n/use-text';
import { CartRow } from './CartRow';
import { rowButtonId, useLinePanel } from './line-panel-store';
import { useSale } from './sale-store';

/** The open line's row scrolled into view (the panel beneath takes some of the cart's height). */
function useOpenRowInView(): void {
  const lineId = useLinePanel((s) => s.lineId);
  useEffect(() => {
    if (!lineId) return;
    const frame = requestAnimationFrame(() => document.getElementById(rowButtonId(lineId))?.closest('tr')?.scrollIntoView({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [lineId]);
}

export function CartTable(): ReactNode {
  const t = useText();
  const lines = useSale((s) => s.lines);
  useOpenRowInView();
  if (lines.length === 0) return <p className="cart-empty">{t.cartEmpty}</p>;
  return (
    <div className="cart-scroll">
      <table className="cart" aria-label={t.cartLines} aria-describedby="cart-hint">
        <colgroup><col className="col-index" /><col /><col className="col-figures" /></colgroup>
        <thead>
          <tr>
            <th scope="col"><span className="visually-hidden">#</span></th>
            <th scope="col"><span className="visually-hidden">{t.product}</span></th>
            <th scope="col"><span className="visually-hidden">{t.lineTotal}</span></th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => <CartRow key={line.id} line={line} index={i} />)}
        </tbody>
      </table>
      <p id="cart-hint" className="visually-hidden">{t.lineOpenHint}</p>
    </div>
  );
}
