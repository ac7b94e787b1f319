/** The sales found, newest first; choosing one opens its detail. */
import type { ReactNode } from 'react';
import type { SaleSummaryDto } from '../../shared/bridge/types';
import { formatCop } from '../../shared/money';
import { useApp } from '../app/app-store';
import { formatDateTime } from '../format/date-time';
import { saleNumberLabel } from '../format/sale-number';
import { useText } from '../i18n/use-text';
import { isLate, useUnsent } from '../shifts/unsent-store';

interface Props { sales: SaleSummaryDto[]; selectedId: number | null; onSelect(id: number): void }

export function SaleList({ sales, selectedId, onSelect }: Props): ReactNode {
  const t = useText();
  const locale = useApp((s) => s.locale);
  const tillName = useApp((s) => s.settings?.tillName ?? '');
  const unsent = useUnsent((s) => s.unsent);
  if (sales.length === 0) return <p className="muted">{t.noSales}</p>;
  return (
    <div className="history-scroll">
      <table className="history" aria-label={t.salesFound}>
        <thead>
          <tr>
            <th scope="col">{t.date}</th>
            <th scope="col">{t.saleNumber}</th>
            <th scope="col">{t.reference}</th>
            <th scope="col">{t.invoiceNumber}</th>
            <th scope="col">{t.customer}</th>
            <th scope="col">{t.soldBy}</th>
            <th scope="col" className="num">{t.total}</th>
            <th scope="col">{t.state}</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => (
            <tr key={sale.id} className={`${sale.id === selectedId ? 'selected' : ''}${isLate(sale, unsent) ? ' late-sale' : ''}`} aria-selected={sale.id === selectedId}>
              <td>{formatDateTime(sale.createdAt, locale)}</td>
              <td className="sale-number">{saleNumberLabel(sale.tillName || tillName, sale.shortNumber)}</td>
              <td>
                <button type="button" className="link" onClick={() => onSelect(sale.id)} aria-label={t.openSale(sale.referenceCode)}>
                  {sale.referenceCode}
                </button>
              </td>
              <td>{sale.fullNumber ?? '—'}</td>
              <td>{sale.customerName}</td>
              <td>{sale.cashierName || '—'}</td>
              <td className="num">{formatCop(sale.payable, locale)}</td>
              <td><span className={`state state-${sale.state}`}>{t.saleState[sale.state]}</span>{isLate(sale, unsent) ? <span className="late-badge" title={t.lateSale}>⏱</span> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
