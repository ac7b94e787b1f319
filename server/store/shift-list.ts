/**
 * Each till's closed shifts as they reached the server (issue 21), by the shop day they closed on, and one shift's
 * Z report as its till froze it (the till's own shape, checked against zReportSchema before it is served).
 */
import { RECORD_PAGE, zReportSchema, type ShiftDetail, type ShiftsList, type ShiftSummary } from '../../shared/shop/back-office-records';
import { shopDayWindow } from '../../shared/shop/shop-day';
import type { Queryable } from '../db/adapter';

interface Row {
  till_id: string; number: number; name: string; shift_id: number; opened_at: number; closed_at: number;
  opened_by: string; closed_by: string; opening_cash: string; counted_cash: string; report: unknown;
}

const SELECT = `SELECT s.till_id, t.number, t.name, s.shift_id, s.opened_at, s.closed_at, s.opened_by, s.closed_by,
  s.opening_cash::text AS opening_cash, s.counted_cash::text AS counted_cash, s.report
  FROM shifts s JOIN tills t ON t.id = s.till_id`;

/** numeric(19,4) as text → the contract's amount text with two decimals ("150000.0000" → "150000.00"). */
const amount = (text: string): string => {
  const [whole, fraction = ''] = text.split('.');
  const extra = fraction.slice(2).replace(/0+$/, '');
  return `${whole}.${fraction.slice(0, 2).padEnd(2, '0')}${extra}`;
};

function toDetail(row: Row): ShiftDetail {
  const parsed = zReportSchema.safeParse(row.report);
  const report = parsed.success ? parsed.data : null;
  const summary: ShiftSummary = {
    tillId: row.till_id, tillNumber: Number(row.number), tillName: row.name, shiftId: Number(row.shift_id),
    openedAt: Number(row.opened_at), closedAt: Number(row.closed_at), openedBy: row.opened_by, closedBy: row.closed_by,
    opening: amount(row.opening_cash), counted: amount(row.counted_cash),
    sales: report ? { count: report.sales.count, total: report.sales.payable } : null,
    difference: report?.cash.difference ?? null,
  };
  return { summary, report };
}

export async function listShifts(db: Queryable, date: string, till: number | undefined): Promise<ShiftsList> {
  const { from, to } = shopDayWindow(date);
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE s.closed_at >= $1 AND s.closed_at < $2 AND ($3::int IS NULL OR t.number = $3::int)
     ORDER BY t.number, s.closed_at LIMIT ${RECORD_PAGE.maxShifts}`,
    [from, to, till ?? null],
  );
  const { rows: tills } = await db.query<{ id: string; number: number; name: string }>('SELECT id, number, name FROM tills ORDER BY number');
  return {
    date,
    tills: tills.map((t) => ({ tillId: t.id, number: Number(t.number), name: t.name })),
    shifts: rows.map((r) => toDetail(r).summary),
  };
}

export async function readShift(db: Queryable, tillNumber: number, shiftId: number): Promise<ShiftDetail | null> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE t.number = $1 AND s.shift_id = $2`, [tillNumber, shiftId]);
  return rows[0] ? toDetail(rows[0]) : null;
}
