/**
 * The shop's day report (issue 21): every till's sales of a day in Bogotá added up to the peso, beside the Z reports
 * of the shifts closed that day. A shift with sales that day whose Z has not reached the server (or sales outside
 * any shift) is listed under its till, and the till is named in `tillsWithoutZ`: never silently left out.
 */
import { CLOCK_LIMITS } from '../../shared/shop/contract';
import { shopDayWindow } from '../../shared/shop/shop-day';
import type { DayReport } from '../../shared/shop/back-office';
import type { Database, Queryable } from '../db/adapter';
import { byMeansOf, COUNTS, dianStatesOf, money, salesTally, taxesOf, type Window } from './report-queries';
import { auditStateOfDay } from './sales-audit';

/** A decimal text from a till's frozen Z (its own JSON), or null when it is not one. */
const zAmount = (path: string): string => `CASE WHEN (z.report #>> '${path}') ~ '^-?[0-9]{1,15}(\\.[0-9]{1,4})?$' THEN (z.report #>> '${path}')::numeric END`;

/** One snapshot for the whole report (repeatable read), so a push while it is read cannot make it disagree with itself. */
export async function dayReport(db: Database, date: string): Promise<DayReport> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return dayReportIn(tx, date);
  });
}

async function dayReportIn(db: Queryable, date: string): Promise<DayReport> {
  const w = shopDayWindow(date);
  // One after another: the statements share the transaction's connection.
  const sales = await salesTally(db, w);
  const taxes = await taxesOf(db, w);
  const byMeans = await byMeansOf(db, w);
  const states = await dianStatesOf(db, w);
  const corrections = await correctionsOf(db, w);
  const audit = await auditStateOfDay(db, date);
  const tills = await tillsOf(db, w, [...audit.keys()]);
  const shifts = await shiftsOf(db, w);
  const missing = await missingZOf(db, w);
  const clocks = await clockCorrectedOf(db, w);
  const report = tills.map((t) => {
    const own = shifts.filter((s) => s.tillId === t.id);
    const cash = own.reduce((sum, s) => ({ expected: sum.expected + cents(s.expected), counted: sum.counted + cents(s.counted) }), { expected: 0n, counted: 0n });
    return {
      tillId: t.id, number: t.number, name: t.name, sales: { count: t.count, total: t.total },
      shifts: own.map(({ tillId: _t, ...s }) => s),
      cash: { expected: pesos(cash.expected), counted: pesos(cash.counted), difference: pesos(cash.counted - cash.expected) },
      missingZ: missing.filter((m) => m.tillId === t.id).map((m) => ({ shiftId: m.shiftId, sales: m.sales })),
      ...(clocks.has(t.id) ? { clockCorrected: clocks.get(t.id)! } : {}),
      audit: audit.get(t.id) ?? { inReview: false, unsendable: 0 },
    };
  });
  const zTotal = shifts.reduce((sum, s) => ({
    count: sum.count + s.zSales.count, total: sum.total + cents(s.zSales.total), expected: sum.expected + cents(s.expected), counted: sum.counted + cents(s.counted),
  }), { count: 0, total: 0n, expected: 0n, counted: 0n });
  return {
    date, from: w.from, to: w.to,
    sales, taxes, byMeans, ...states, corrections,
    tills: report,
    zReports: { count: shifts.length, sales: { count: zTotal.count, total: pesos(zTotal.total) }, cashExpected: pesos(zTotal.expected), cashCounted: pesos(zTotal.counted) },
    tillsWithoutZ: report.filter((t) => t.missingZ.length > 0).map((t) => ({ number: t.number, name: t.name })),
    tillsIncomplete: report.filter((t) => t.audit.inReview || t.audit.unsendable > 0)
      .map((t) => ({ number: t.number, name: t.name, inReview: t.audit.inReview, unsendable: t.audit.unsendable })),
  };
}

// The few sums over a day's Z reports (a handful of rows) are added in whole cents as bigints: exact, never floats.
const cents = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return amount.startsWith('-') ? -value : value;
};
const pesos = (c: bigint): string => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

async function correctionsOf(db: Queryable, w: Window): Promise<DayReport['corrections']> {
  const { rows } = await db.query<{ kind: 'voided' | 'replaced'; reference_code: string; number: number; sale_number: number; total: string; corrected_by: string | null }>(
    `SELECT CASE WHEN s.state = 'voided' THEN 'voided' ELSE 'replaced' END AS kind, s.reference_code, t.number, s.sale_number,
            ${money('s.total')} AS total, s.corrected_by
       FROM sales s JOIN tills t ON t.id = s.till_id
      WHERE s.created_at >= $1 AND s.created_at < $2 AND NOT (${COUNTS}) ORDER BY s.created_at`, [w.from, w.to]);
  const list = rows.map((r) => ({
    kind: r.kind, referenceCode: r.reference_code, tillNumber: Number(r.number), saleNumber: Number(r.sale_number), total: r.total, correctedBy: r.corrected_by,
  }));
  const tallyOf = (kind: 'voided' | 'replaced') => {
    const of = list.filter((c) => c.kind === kind);
    return { count: of.length, total: pesos(of.reduce((sum, c) => sum + cents(c.total), 0n)) };
  };
  return { voided: tallyOf('voided'), replaced: tallyOf('replaced'), list };
}

/** Tills with sales that day, a shift closed that day, or whose sales of that day are not all here (`alsoTills`). */
async function tillsOf(db: Queryable, w: Window, alsoTills: readonly string[]): Promise<Array<{ id: string; number: number; name: string; count: number; total: string }>> {
  const { rows } = await db.query<{ id: string; number: number; name: string; count: number; total: string }>(
    `SELECT t.id, t.number, t.name, count(s.reference_code) AS count, ${money('sum(s.total)')} AS total
       FROM tills t LEFT JOIN sales s ON s.till_id = t.id AND s.created_at >= $1 AND s.created_at < $2 AND ${COUNTS}
      WHERE EXISTS (SELECT 1 FROM sales a WHERE a.till_id = t.id AND a.created_at >= $1 AND a.created_at < $2)
         OR EXISTS (SELECT 1 FROM shifts z WHERE z.till_id = t.id AND z.closed_at >= $1 AND z.closed_at < $2)
         OR t.id = ANY($3::text[])
      GROUP BY t.id, t.number, t.name ORDER BY t.number`, [w.from, w.to, [...alsoTills]]);
  return rows.map((r) => ({ ...r, number: Number(r.number), count: Number(r.count) }));
}

type ZShift = DayReport['tills'][number]['shifts'][number] & { tillId: string };

/**
 * The shifts closed that day with their Z's own figures. Where a Z lacks a figure (a till's older shape), the cash
 * expected is worked out from the shift's sales as the till does: opening cash plus each cash sale's total rounded
 * half-up to the 50-peso coin.
 */
async function shiftsOf(db: Queryable, w: Window): Promise<ZShift[]> {
  const { rows } = await db.query<Record<string, string | number>>(
    `SELECT z.till_id, z.shift_id, z.opened_at, z.closed_at, z.opened_by, z.closed_by,
            coalesce(${zAmount('{sales,count}')}, 0)::bigint AS z_count, ${money(zAmount('{sales,payable}'))} AS z_total,
            ${money('z.opening_cash')} AS opening, ${money('z.counted_cash')} AS counted,
            ${money(`coalesce(${zAmount('{cash,expected}')}, z.opening_cash + coalesce((SELECT sum(round(s.total / 50) * 50) FROM sales s
                 WHERE s.till_id = z.till_id AND s.shift_id = z.shift_id AND s.payment_means = '10' AND ${COUNTS}), 0))`)} AS expected
       FROM shifts z WHERE z.closed_at >= $1 AND z.closed_at < $2 ORDER BY z.closed_at`, [w.from, w.to]);
  return rows.map((r) => ({
    tillId: String(r.till_id), shiftId: Number(r.shift_id), openedAt: Number(r.opened_at), closedAt: Number(r.closed_at),
    openedBy: String(r.opened_by), closedBy: String(r.closed_by), zSales: { count: Number(r.z_count), total: String(r.z_total) },
    opening: String(r.opening), expected: String(r.expected), counted: String(r.counted),
    difference: pesos(cents(String(r.counted)) - cents(String(r.expected))),
  }));
}

/** Shifts with sales that day and no Z at the server yet (shift null: sales made outside any shift). */
async function missingZOf(db: Queryable, w: Window): Promise<Array<{ tillId: string; shiftId: number | null; sales: { count: number; total: string } }>> {
  const { rows } = await db.query<{ till_id: string; shift_id: number | null; count: number; total: string }>(
    `SELECT s.till_id, s.shift_id, count(*) FILTER (WHERE ${COUNTS}) AS count, ${money(`sum(s.total) FILTER (WHERE ${COUNTS})`)} AS total
       FROM sales s
      WHERE s.created_at >= $1 AND s.created_at < $2
        AND NOT EXISTS (SELECT 1 FROM shifts z WHERE z.till_id = s.till_id AND z.shift_id = s.shift_id)
      GROUP BY s.till_id, s.shift_id ORDER BY s.till_id, s.shift_id`, [w.from, w.to]);
  return rows.map((r) => ({ tillId: r.till_id, shiftId: r.shift_id === null ? null : Number(r.shift_id), sales: { count: Number(r.count), total: r.total } }));
}

/** Per till, the day's sales made while its clock was off by more than the limit (placed by the corrected time). */
async function clockCorrectedOf(db: Queryable, w: Window): Promise<Map<string, { count: number; offsetMs: number }>> {
  const { rows } = await db.query<{ till_id: string; count: number; offset_ms: number }>(
    `SELECT s.till_id, count(*) AS count, (array_agg(s.clock_offset_ms ORDER BY abs(s.clock_offset_ms) DESC))[1] AS offset_ms
       FROM sales s WHERE s.created_at >= $1 AND s.created_at < $2 AND abs(s.clock_offset_ms) > $3
      GROUP BY s.till_id`, [w.from, w.to, CLOCK_LIMITS.shownOffsetMs]);
  return new Map(rows.map((r) => [r.till_id, { count: Number(r.count), offsetMs: Number(r.offset_ms) }]));
}
