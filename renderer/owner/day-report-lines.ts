/**
 * The shop's day report as paper lines (80 mm or a screen), from the server's answer (shared/shop/back-office.ts):
 * pure, so a test reads the words and figures without a page. Every figure is the server's, summed in PostgreSQL;
 * nothing is added up here but what the report says should be said (a till's shifts listed under it).
 */
import { tillLabel } from '../format/till-label';
import type { DayReport } from '../../shared/shop/back-office';
import { labelOf, PAYMENT_MEANS } from '../../shared/codes';
import type { Locale } from '../../shared/bridge/types';
import { formatCop, ON_PAPER } from '../../shared/money';
import { taxLabel } from '../format/tax-name';
import type { Messages } from '../i18n/messages';
import { driftText } from './clock-lines';

export interface ReportLine { label: string; value: string; strong?: boolean; testId?: string }
export interface ReportSection { heading: string; lines: ReportLine[]; testId?: string }

/** "-$1.500" for missing cash and "+$200" for a surplus, so the sign reads on paper. */
function signed(amount: string, money: (a: string) => string): string {
  if (/^-/.test(amount) && /[1-9]/.test(amount)) return `−${money(amount.slice(1))}`;
  return /[1-9]/.test(amount) ? `+${money(amount)}` : money(amount);
}

export function dayReportSections(report: DayReport, t: Messages, locale: Locale): ReportSection[] {
  const money = (amount: string) => formatCop(amount, locale, ON_PAPER);
  const counted = (label: string, x: { count: number; total: string }, testId?: string): ReportLine => ({ label: `${label} (${x.count})`, value: money(x.total), ...(testId ? { testId } : {}) });
  const sections: ReportSection[] = [];

  sections.push({
    heading: t.daySales, testId: 'day-sales',
    lines: [
      { label: t.dashSalesCount(report.sales.count), value: '', testId: 'day-sales-count' },
      { label: t.dayGross, value: money(report.sales.gross) },
      ...(/[1-9]/.test(report.sales.discount) ? [{ label: t.dayDiscounts, value: `−${money(report.sales.discount)}` }] : []),
      ...report.taxes.map((x) => ({ label: `${taxLabel(x.code, x.rate, locale)} ${t.taxOn} ${money(x.taxableAmount)}`, value: money(x.amount), testId: `day-tax-${x.code}-${x.rate}` })),
      { label: t.dayTaxTotal, value: money(report.sales.taxTotal), testId: 'day-tax-total' },
      { label: t.dayTotal, value: money(report.sales.total), strong: true, testId: 'day-total' },
    ],
  });

  sections.push({ heading: t.dayByMeans, lines: report.byMeans.map((m) => counted(labelOf(PAYMENT_MEANS, m.meansCode), m, `day-means-${m.meansCode}`)) });

  for (const till of report.tills) {
    const lines: ReportLine[] = [counted(t.daySales, till.sales, `day-till-${till.number}-sales`)];
    for (const shift of till.shifts) {
      lines.push({ label: t.dayShiftLine(shift.shiftId, shift.closedBy || shift.openedBy), value: money(shift.zSales.total) });
    }
    for (const missing of till.missingZ) {
      lines.push({ label: missing.shiftId === null ? t.dayOutsideShift : t.dayMissingShift(String(missing.shiftId)), value: `${money(missing.sales.total)} · ${t.dayNoZ}` });
    }
    if (till.clockCorrected) {
      lines.push({ label: t.dayClockCorrected(till.clockCorrected.count, driftText(till.clockCorrected.offsetMs, t)), value: '', testId: `day-till-${till.number}-clock` });
    }
    if (till.audit?.inReview) lines.push({ label: t.dayInReview, value: '', testId: `day-till-${till.number}-review` });
    if (till.audit && till.audit.unsendable > 0) lines.push({ label: t.dayUnsendable(till.audit.unsendable), value: '', testId: `day-till-${till.number}-unsendable` });
    lines.push({ label: t.dayCashExpected, value: money(till.cash.expected) });
    if (till.shifts.length > 0) {
      lines.push({ label: t.dayCashCounted, value: money(till.cash.counted) });
      lines.push({ label: t.dayCashDifference, value: signed(till.cash.difference, money), strong: true, testId: `day-till-${till.number}-difference` });
    }
    sections.push({ heading: tillLabel(till.name, till.number), lines, testId: `day-till-${till.number}` });
  }

  const { corrections } = report;
  const tillNames = new Map(report.tills.map((x) => [x.number, x.name]));
  sections.push({
    heading: t.dayCorrections, testId: 'day-corrections',
    lines: corrections.voided.count + corrections.replaced.count === 0 ? [{ label: t.dayNoCorrections, value: '' }] : [
      counted(t.dayVoided, corrections.voided, 'day-voided'),
      counted(t.dayReplaced, corrections.replaced, 'day-replaced'),
      ...corrections.list.map((c) => ({ label: `${c.kind === 'voided' ? t.dayVoided : t.dayReplaced} · ${tillLabel(tillNames.get(c.tillNumber) ?? '', c.tillNumber)} · ${String(c.saleNumber).padStart(6, '0')}`, value: money(c.total) })),
    ],
  });

  sections.push({
    heading: t.dayDian,
    lines: [
      counted(t.dayValidated, report.validated, 'day-validated'),
      counted(t.dayPending, report.pending, 'day-pending'),
      counted(t.dayNeedsAttention, report.needsAttention, 'day-attention'),
    ],
  });

  sections.push({
    heading: t.dayZReports,
    lines: [
      { label: t.dayZCount(report.zReports.count), value: money(report.zReports.sales.total), testId: 'day-z-total' },
      { label: t.dayCashExpected, value: money(report.zReports.cashExpected) },
      { label: t.dayCashCounted, value: money(report.zReports.cashCounted) },
    ],
  });
  return sections;
}

/** The warning naming every till whose Z has not reached the server; null when none is missing. */
export function missingZWarning(report: DayReport, t: Messages): string | null {
  if (report.tillsWithoutZ.length === 0) return null;
  return t.dayMissingZ(report.tillsWithoutZ.map((x) => tillLabel(x.name, x.number)).join(', '));
}

/** The warning naming every till whose sales of the day are not all at the server (issue 25); null when all are. */
export function incompleteWarning(report: DayReport, t: Messages): string | null {
  const tills = report.tillsIncomplete ?? [];
  if (tills.length === 0) return null;
  return t.dayIncomplete(tills.map((x) => {
    const name = tillLabel(x.name, x.number);
    const why = [...(x.inReview ? [t.dayInReviewShort] : []), ...(x.unsendable > 0 ? [t.dayUnsendable(x.unsendable)] : [])];
    return `${name} (${why.join('; ')})`;
  }).join(', '));
}
