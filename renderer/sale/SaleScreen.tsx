/**
 * The counter, a fixed full-window layout: products and lines on the left (the cart scrolls inside its own area, the
 * quick keys strip sits under it and folds on a short window; an opened line's panel takes the strip's place; a
 * notice takes its own line above the cart);
 * on the right, the customer, the payment, parked sales and the last sale in a column that scrolls by itself above a
 * pinned footer with the totals, the change and Cobrar, which never leave the window.
 */
import type { ReactNode } from 'react';
import { NoticeToast } from '../app/NoticeToast';
import { useText } from '../i18n/use-text';
import { CustomerPanel } from '../customer/CustomerPanel';
import { CartTable } from './CartTable';
import { CashChange } from './CashChange';
import { ChargeBar } from './ChargeBar';
import { CounterLaterPart } from './counter-later-loader';
import { LinePanel } from './LinePanel';
import { ParkedSales } from './ParkedSales';
import { PaymentPanel } from './PaymentPanel';
import { ProductSearch } from './ProductSearch';
import { QuickKeys } from './QuickKeys';
import { TotalsPanel } from './TotalsPanel';
import { useSale } from './sale-store';

export function SaleScreen(): ReactNode {
  const t = useText();
  return (
    <div className="sale-screen">
      <section className="sale-lines" aria-label={t.saleInProgress}>
        <ProductSearch />
        <NoticeToast place="counter" />
        <CartTable />
        <LinePanel />
        <QuickKeys />
      </section>
      <aside className="sale-side" aria-label={t.checkout}>
        <div className="side-scroll">
          <CustomerPanel />
          <PaymentPanel />
          <ParkedSales />
          <LastSaleLine />
        </div>
        <div className="side-footer">
          <TotalsPanel />
          <CashChange />
          <ChargeBar />
        </div>
      </aside>
    </div>
  );
}

/** The sale just charged: there is none at the first render, so its line comes with the counter's late chunk. */
function LastSaleLine(): ReactNode {
  const charged = useSale((s) => s.lastCharge !== null);
  return charged ? <CounterLaterPart waiting={null}>{(later) => <later.LastSale />}</CounterLaterPart> : null;
}
