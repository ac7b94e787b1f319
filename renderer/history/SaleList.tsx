/**
 * The sales found, newest first, drawn a screenful at a time (a search may hold thousands) and walked with the
 * keyboard: ↑ ↓ Page Up/Down Home End move the highlighted row, Enter opens it. Rows load page by page as the
 * list nears its end. As the list narrows its columns give way in history-columns.ts's order (history.css).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useHeight } from '../app/use-height';
import type { SaleSummaryDto } from '../../shared/bridge/types';
import { formatCop } from '../../shared/money';
import { useApp } from '../app/app-store';
import { formatDateTime, formatDay, formatTime } from '../format/date-time';
import { saleNumberLabel } from '../format/sale-number';
import { useScreenText } from '../i18n/screen-text';
import { isLate, useUnsent } from '../shifts/unsent-store';
import { giveWayClass as go } from './history-columns';
import { saleStateText } from './sale-state-text';
import { movedRow, rowWindow, scrollToShow } from './virtual-rows';

/** Fixed row height (px), so the window arithmetic holds; the stylesheet gives rows this height. */
export const ROW_HEIGHT = 40;
/** Until the list is measured (it fills what the window leaves it). */
const FIRST_HEIGHT = 480;
/** Ask for the next page when the drawn rows come this close to the last loaded one. */
const LOAD_AHEAD = 30;

interface Props {
  sales: SaleSummaryDto[];
  /** More rows exist beyond those loaded. */
  more: boolean;
  selectedId: number | null;
  onSelect(id: number): void;
  onNeedMore(): void;
}

export function SaleList({ sales, more, selectedId, onSelect, onNeedMore }: Props): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const tillName = useApp((s) => s.settings?.tillName ?? '');
  const unsent = useUnsent((s) => s.unsent);
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState(-1);
  const viewportHeight = useHeight(scroller, FIRST_HEIGHT, sales.length === 0);
  const { start, end } = rowWindow(scrollTop, viewportHeight, ROW_HEIGHT, sales.length);

  useEffect(() => {
    if (more && end + LOAD_AHEAD >= sales.length) onNeedMore();
  }, [more, end, sales.length, onNeedMore]);
  // A new search starts at its top.
  const first = sales[0]?.id;
  useEffect(() => {
    setActive(-1);
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
  }, [first]);

  if (sales.length === 0) return <p className="muted">{t.noSales}</p>;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && active >= 0) {
      const sale = sales[active];
      if (sale) { e.preventDefault(); onSelect(sale.id); }
      return;
    }
    const next = movedRow(e.key, active, sales.length, Math.floor(viewportHeight / ROW_HEIGHT) - 1);
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    const top = scrollToShow(next, scroller.current?.scrollTop ?? 0, viewportHeight - ROW_HEIGHT, ROW_HEIGHT);
    if (scroller.current) scroller.current.scrollTop = top;
    setScrollTop(top);
  };

  return (
    <div className="history-scroll virtual" ref={scroller} tabIndex={0} role="group" aria-label={t.historyListKeys}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)} onKeyDown={onKeyDown}>
      <table className="history" aria-label={t.salesFound} aria-rowcount={sales.length + 1}>
        <thead>
          <tr>
            <th scope="col" className="c-number">{t.saleNumber}</th>
            <th scope="col" className="c-date"><span className="hc-day">{t.date}</span><span className="hc-time">{t.historyTime}</span></th>
            <th scope="col" className={`c-reference ${go('reference')}`}>{t.reference}</th>
            <th scope="col" className={`c-invoice ${go('invoice')}`}>{t.invoiceNumber}</th>
            <th scope="col" className={`c-customer ${go('customer')}`}>{t.customer}</th>
            <th scope="col" className={`c-cashier ${go('cashier')}`}>{t.soldBy}</th>
            <th scope="col" className="c-total num">{t.total}</th>
            <th scope="col" className="c-state">{t.state}</th>
          </tr>
        </thead>
        <tbody>
          {start > 0 ? <tr aria-hidden="true" style={{ height: start * ROW_HEIGHT }} /> : null}
          {sales.slice(start, end).map((sale, k) => {
            const index = start + k;
            const shown = saleStateText(sale, t, tillName);
            const number = saleNumberLabel(sale.tillName || tillName, sale.shortNumber);
            const classes = [sale.id === selectedId ? 'selected' : '', index === active ? 'active' : '', isLate(sale, unsent) ? 'late-sale' : ''].filter(Boolean).join(' ');
            return (
              <tr key={sale.id} className={classes} aria-selected={sale.id === selectedId} aria-rowindex={index + 2}
                style={{ height: ROW_HEIGHT }} onClick={() => setActive(index)}>
                <td className="sale-number">
                  <button type="button" className="link" tabIndex={-1} onClick={() => onSelect(sale.id)}
                    aria-label={t.historyOpenSaleNamed(number, sale.referenceCode)}>{number}</button>
                </td>
                <td className="c-date" title={formatDateTime(sale.createdAt, locale)}>
                  <span className="hc-day">{formatDay(sale.createdAt, locale)} </span>{formatTime(sale.createdAt, locale)}
                </td>
                <td className={`${go('reference')} product-code`} title={sale.referenceCode}>{sale.referenceCode}</td>
                <td className={go('invoice')}>{sale.fullNumber ?? '—'}</td>
                <td className={`c-customer ${go('customer')}`} title={sale.customerName}>{sale.customerName}</td>
                <td className={go('cashier')}>{sale.cashierName || '—'}</td>
                <td className="c-total num">{formatCop(sale.payable, locale)}</td>
                <td className="c-state" title={shown.text}><span className={shown.className}>{shown.text}</span>{isLate(sale, unsent) ? <span className="late-badge" title={t.lateSale}>⏱</span> : null}</td>
              </tr>
            );
          })}
          {end < sales.length ? <tr aria-hidden="true" style={{ height: (sales.length - end) * ROW_HEIGHT }} /> : null}
        </tbody>
      </table>
    </div>
  );
}
