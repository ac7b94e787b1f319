/**
 * The X and Z reports of a shift, from its sales. Every figure comes from shared/money.ts: the taxes by code and
 * rate are `calculateTotals` over all the shift's lines (document totals are sums of rounded line figures, so this
 * equals the sum of the sales' own totals to the cent), and tallies add the sales' stored payables.
 */
import type { ShiftCorrectionDto, ShiftDto, ShiftReportDto, SalesTallyDto } from '../../../shared/bridge/types';
import { calculateTotals, cashChange, cashDue, sumAmounts } from '../../../shared/money';
import { CASH_MEANS, SMALLEST_COIN } from '../../../shared/cash';
import type { ShiftCorrection, ShiftRecord, ShiftSale, Shifts, UnsentSales } from '../store/shifts';

export const shiftDto = (s: ShiftRecord): ShiftDto => ({
  id: s.id, tillName: s.tillName, openedAt: s.openedAt, openedBy: s.openedBy, openingCash: s.openingCash,
  closedAt: s.closedAt, closedBy: s.closedBy,
});

const tally = (sales: readonly ShiftSale[]): SalesTallyDto => ({ count: sales.length, payable: sumAmounts(sales.map((s) => s.payable)) });

function groupBy<K>(sales: readonly ShiftSale[], key: (s: ShiftSale) => K): Map<K, ShiftSale[]> {
  const groups = new Map<K, ShiftSale[]>();
  for (const sale of sales) groups.set(key(sale), [...(groups.get(key(sale)) ?? []), sale]);
  return groups;
}

export interface ReportInput {
  shift: ShiftRecord;
  sales: readonly ShiftSale[];
  takenAt: number;
  unsent: UnsentSales;
  /** At the close: what was counted (count by denomination and its total). */
  counted?: { count: { bills: Record<string, number>; coins: Record<string, number> }; total: string };
}

export function shiftReport(input: ReportInput): ShiftReportDto {
  const { shift, sales } = input;
  const totals = calculateTotals(sales.flatMap((s) => s.items));
  const cashSales = sumAmounts(sales.filter((s) => s.payment.means_code === CASH_MEANS).map((s) => cashDue(s.payable, SMALLEST_COIN)));
  const expected = sumAmounts([shift.openingCash, cashSales]);
  const pending = sales.filter((s) => s.state === 'waiting' || s.state === 'sending' || s.state === 'queued');
  return {
    kind: input.counted ? 'Z' : 'X',
    shift: shiftDto(shift),
    takenAt: input.takenAt,
    sales: tally(sales),
    gross: totals.gross,
    discount: totals.discount,
    taxTotal: totals.tax_total,
    taxes: totals.taxes.map((t) => ({ code: t.code, rate: t.rate, taxableAmount: t.taxable_amount, amount: t.amount })),
    byMeans: [...groupBy(sales, (s) => s.payment.means_code)].sort(([a], [b]) => a.localeCompare(b))
      .map(([meansCode, group]) => ({ meansCode, ...tally(group) })),
    validated: tally(sales.filter((s) => s.state === 'validated')),
    pending: tally(pending),
    needsAttention: tally(sales.filter((s) => s.state === 'needs_attention')),
    byCashier: [...groupBy(sales, (s) => s.cashierName)].sort(([a], [b]) => a.localeCompare(b))
      .map(([cashierName, group]) => ({ cashierName, ...tally(group) })),
    cash: {
      opening: shift.openingCash,
      cashSales,
      expected,
      counted: input.counted?.total ?? null,
      difference: input.counted ? cashChange(input.counted.total, expected) : null,
      count: input.counted?.count ?? null,
    },
    unsent: { count: input.unsent.count, oldestAt: input.unsent.oldestAt },
  };
}

export const shiftCorrectionDto = (c: ShiftCorrection): ShiftCorrectionDto => ({
  at: c.at, kind: c.kind, referenceCode: c.before.referenceCode,
  newReferenceCode: c.kind === 'new_reference' ? c.after?.referenceCode ?? null : null,
  shortNumber: c.shortNumber, newShortNumber: c.newShortNumber,
  payableBefore: calculateTotals(c.before.items).payable,
  payableAfter: c.after === null ? null : calculateTotals(c.after.items).payable,
  personName: c.personName, approvedByName: c.approvedByName, reason: c.reason,
});

/**
 * A closed shift's frozen Z report with the corrections of its sales made since the close, or an open one's X
 * report as of `now`: the screen and the thermal printer alike.
 */
export function reportOfShift(
  store: Pick<Shifts, 'shiftSales' | 'unsentSales' | 'correctionsAfterClose'>, shift: ShiftRecord, now: number,
): ShiftReportDto {
  if (shift.report === null) return shiftReport({ shift, sales: store.shiftSales(shift.id), takenAt: now, unsent: store.unsentSales() });
  const frozen = shift.report as ShiftReportDto;
  const afterClose = store.correctionsAfterClose(shift.id).map(shiftCorrectionDto);
  // Nothing corrected since: the Z exactly as it was printed.
  return afterClose.length === 0 ? frozen : { ...frozen, afterClose };
}
