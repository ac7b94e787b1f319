/**
 * The X or Z report on receipt paper (80 or 58 mm), printed through the receipts' path: the same paper classes,
 * so the print stylesheet gives it its own page width. Every figure is the core's, from shared/money.ts.
 */
import type { ReactNode } from 'react';
import type { PaperWidth, SalesTallyDto, ShiftReportDto } from '../../shared/bridge/types';
import { labelOf, PAYMENT_MEANS } from '../../shared/codes';
import { formatCop, ON_PAPER } from '../../shared/money';
import { CASH_COUNT_BILLS, CASH_COUNT_COINS } from '../../shared/shift';
import { useApp } from '../app/app-store';
import { formatDateTime } from '../format/date-time';
import { saleNumberLabel } from '../format/sale-number';
import { taxLabel } from '../format/tax-name';
import { useScreenText } from '../i18n/screen-text';
import { waitedText } from './unsent-store';

export function ShiftReportPaper({ report, paperWidth }: { report: ShiftReportDto; paperWidth: PaperWidth }): ReactNode {
  const t = useScreenText();
  const locale = useApp((s) => s.locale);
  const money = (amount: string) => formatCop(amount, locale, ON_PAPER);
  const when = (at: number) => formatDateTime(at, locale);
  const { shift, cash } = report;
  const row = (label: string, value: string, testId?: string) => (
    <div key={label}><dt>{label}</dt><dd data-testid={testId}>{value}</dd></div>
  );
  const tally = (label: string, x: SalesTallyDto, testId?: string) => row(`${label} (${x.count})`, money(x.payable), testId);
  const short = cash.difference?.startsWith('-') ?? false;
  return (
    <article className={`receipt-paper shift-report paper-${paperWidth}`} aria-label={report.kind === 'Z' ? t.reportZ : t.reportX} data-testid="shift-report">
      <h1 className="receipt-title">{report.kind === 'Z' ? t.reportZ : t.reportX}</h1>
      <dl className="receipt-facts">
        {row(t.reportShift, `${shift.tillName} · ${shift.id}`)}
        {row(t.reportOpened, `${when(shift.openedAt)}${shift.openedBy ? ` · ${shift.openedBy}` : ''}`)}
        {shift.closedAt !== null ? row(t.reportClosed, `${when(shift.closedAt)}${shift.closedBy ? ` · ${shift.closedBy}` : ''}`) : null}
        {row(t.reportTaken, when(report.takenAt))}
      </dl>
      <h2 className="report-heading">{t.reportSales}</h2>
      <dl className="receipt-totals">
        {row(t.reportSalesCount, String(report.sales.count), 'report-sales-count')}
        {row(t.reportGross, money(report.gross))}
        {report.discount !== '0.00' ? row(t.reportDiscounts, `−\u00A0${money(report.discount)}`) : null}
        {report.taxes.map((tax) => row(`${taxLabel(tax.code, tax.rate, locale)} ${t.taxOn} ${money(tax.taxableAmount)}`, money(tax.amount), `report-tax-${tax.code}-${tax.rate}`))}
        {row(t.reportTaxTotal, money(report.taxTotal), 'report-tax-total')}
        <div className="receipt-total"><dt>{t.reportTotal}</dt><dd data-testid="report-total">{money(report.sales.payable)}</dd></div>
      </dl>
      <h2 className="report-heading">{t.reportByMeans}</h2>
      <dl className="receipt-totals">
        {report.byMeans.map((m) => tally(labelOf(PAYMENT_MEANS, m.meansCode), m, `report-means-${m.meansCode}`))}
      </dl>
      <h2 className="report-heading">{t.reportByState}</h2>
      <dl className="receipt-totals">
        {tally(t.reportValidated, report.validated, 'report-validated')}
        {tally(t.reportPending, report.pending, 'report-pending')}
        {report.needsAttention.count > 0 ? tally(t.reportNeedsAttention, report.needsAttention) : null}
      </dl>
      <h2 className="report-heading">{t.reportByCashier}</h2>
      <dl className="receipt-totals">
        {report.byCashier.map((c) => tally(c.cashierName || t.reportNoCashier, c))}
      </dl>
      <h2 className="report-heading">{t.reportCash}</h2>
      <dl className="receipt-totals">
        {row(t.reportOpeningCash, money(cash.opening))}
        {row(t.reportCashSales, money(cash.cashSales))}
        {row(t.reportExpected, money(cash.expected), 'report-expected')}
        {cash.count ? <>
          {CASH_COUNT_BILLS.map((b) => row(`${t.bills} ${money(String(b))}`, `× ${cash.count?.bills[String(b)] ?? 0}`))}
          {CASH_COUNT_COINS.map((c) => row(`${t.coins} ${money(String(c))}`, `× ${cash.count?.coins[String(c)] ?? 0}`))}
        </> : null}
        {cash.counted !== null ? row(t.reportCounted, money(cash.counted), 'report-counted') : null}
        {cash.difference !== null ? (
          <div className="receipt-total"><dt>{t.reportDifference}</dt>
            <dd data-testid="report-difference">{money(cash.difference)}{cash.difference !== '0.00' ? ` ${short ? t.reportMissing : t.reportSurplus}` : ''}</dd>
          </div>
        ) : null}
      </dl>
      {report.afterClose?.length ? <>
        <h2 className="report-heading">{t.reportAfterClose}</h2>
        <dl className="receipt-totals" data-testid="report-after-close">
          {report.afterClose.map((c, i) => (
            <div key={i}>
              <dt>{c.payableAfter === null ? t.reportVoided(saleNumberLabel(shift.tillName, c.shortNumber))
                : t.reportCorrected(saleNumberLabel(shift.tillName, c.shortNumber), c.newShortNumber === null ? null : String(c.newShortNumber).padStart(6, '0'))}
              <br />{when(c.at)}</dt>
              <dd>{c.payableAfter === null || c.payableAfter === c.payableBefore ? money(c.payableBefore) : `${money(c.payableBefore)} → ${money(c.payableAfter)}`}</dd>
            </div>
          ))}
        </dl>
        <p className="software">{t.reportAfterCloseNote}</p>
      </> : null}
      {report.unsent.count > 0 ? <p className="not-fiscal">{t.reportUnsent(report.unsent.count, waitedText(report.takenAt - (report.unsent.oldestAt ?? report.takenAt), locale))}</p> : null}
      <p className="software">{t.reportNotFiscal}</p>
    </article>
  );
}
