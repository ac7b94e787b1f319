/** The counter: products and lines on the left; customer, payment, totals and Cobrar on the right. */
import type { ReactNode } from 'react';
import { useText } from '../i18n/use-text';
import { CustomerPanel } from '../customer/CustomerPanel';
import { CartTable } from './CartTable';
import { ChargeBar } from './ChargeBar';
import { ParkedSales } from './ParkedSales';
import { PaymentPanel } from './PaymentPanel';
import { ProductSearch } from './ProductSearch';
import { QuickKeys } from './QuickKeys';
import { TotalsPanel } from './TotalsPanel';

export function SaleScreen(): ReactNode {
  const t = useText();
  return (
    <div className="sale-screen">
      <section className="sale-lines" aria-label={t.saleInProgress}>
        <ProductSearch />
        <CartTable />
        <QuickKeys />
      </section>
      <aside className="sale-side" aria-label={t.checkout}>
        <CustomerPanel />
        <PaymentPanel />
        <TotalsPanel />
        <ChargeBar />
        <ParkedSales />
      </aside>
    </div>
  );
}
