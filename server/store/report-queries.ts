/**
 * The owner's figures over a window of time, each one SQL aggregate over the sales' stored figures (numeric sums,
 * never floats, never rows shipped to be added in JS). A sale counts when it was neither voided nor replaced by a
 * correction (the till's Z counts the same way); the replacing sale counts instead.
 */
import type { Tally } from '../../shared/shop/back-office';
import type { Queryable } from '../db/adapter';

export interface Window { from: number; to: number }

/** The condition for a sale that counts (alias `s`). */
export const COUNTS = `s.state <> 'voided' AND (s.corrected_by IS NULL OR s.corrected_by = s.reference_code)`;
/** Pesos as the contract writes them: two decimals, exact. */
export const money = (sql: string): string => `coalesce(${sql}, 0)::numeric(19, 2)::text`;
/** States the DIAN has not answered yet. */
export const PENDING_STATES = `('waiting', 'sending', 'queued')`;

const tally = (r: { count: number | string; total: string }): Tally => ({ count: Number(r.count), total: r.total });

export async function salesTally(db: Queryable, w: Window): Promise<Tally & { gross: string; discount: string; taxTotal: string }> {
  const { rows } = await db.query<{ count: number; total: string; gross: string; discount: string; tax_total: string }>(
    `SELECT count(*) AS count, ${money('sum(s.total)')} AS total, ${money('sum(s.gross)')} AS gross, ${money('sum(s.discount)')} AS discount,
            ${money('sum(s.tax_total)')} AS tax_total
       FROM sales s WHERE s.created_at >= $1 AND s.created_at < $2 AND ${COUNTS}`, [w.from, w.to]);
  const r = rows[0]!;
  return { ...tally(r), gross: r.gross, discount: r.discount, taxTotal: r.tax_total };
}

export async function taxesOf(db: Queryable, w: Window): Promise<Array<{ code: string; rate: string; taxableAmount: string; amount: string }>> {
  const { rows } = await db.query<{ code: string; rate: string; taxable: string; amount: string }>(
    `SELECT t.code, trim_scale(t.rate)::text AS rate, ${money('sum(t.taxable)')} AS taxable, ${money('sum(t.amount)')} AS amount
       FROM sale_taxes t JOIN sales s ON s.reference_code = t.reference_code
      WHERE t.created_at >= $1 AND t.created_at < $2 AND ${COUNTS}
      GROUP BY t.code, t.rate ORDER BY t.code, t.rate`, [w.from, w.to]);
  return rows.map((r) => ({ code: r.code, rate: r.rate, taxableAmount: r.taxable, amount: r.amount }));
}

export async function byMeansOf(db: Queryable, w: Window): Promise<Array<Tally & { meansCode: string }>> {
  const { rows } = await db.query<{ means: string; count: number; total: string }>(
    `SELECT s.payment_means AS means, count(*) AS count, ${money('sum(s.total)')} AS total FROM sales s
      WHERE s.created_at >= $1 AND s.created_at < $2 AND ${COUNTS} GROUP BY s.payment_means ORDER BY s.payment_means`, [w.from, w.to]);
  return rows.map((r) => ({ meansCode: r.means, ...tally(r) }));
}

export async function byTillOf(db: Queryable, w: Window): Promise<Array<Tally & { tillId: string; tillNumber: number; tillName: string }>> {
  const { rows } = await db.query<{ till_id: string; number: number; name: string; count: number; total: string }>(
    `SELECT t.id AS till_id, t.number, t.name, x.count, x.total FROM (
        SELECT s.till_id, count(*) AS count, ${money('sum(s.total)')} AS total FROM sales s
         WHERE s.created_at >= $1 AND s.created_at < $2 AND ${COUNTS} GROUP BY s.till_id) x
      JOIN tills t ON t.id = x.till_id ORDER BY t.number`, [w.from, w.to]);
  return rows.map((r) => ({ tillId: r.till_id, tillNumber: Number(r.number), tillName: r.name, ...tally(r) }));
}

/** Sales per slice of `sliceMs` from the window's start (an hour, a day) and till. */
export async function bySliceOf(db: Queryable, w: Window, sliceMs: number): Promise<Array<Tally & { slice: number; tillNumber: number }>> {
  const { rows } = await db.query<{ slice: number; number: number; count: number; total: string }>(
    `SELECT x.slice, t.number, x.count, x.total FROM (
        SELECT (s.created_at - $1) / $3 AS slice, s.till_id, count(*) AS count, ${money('sum(s.total)')} AS total FROM sales s
         WHERE s.created_at >= $1 AND s.created_at < $2 AND ${COUNTS} GROUP BY 1, 2) x
      JOIN tills t ON t.id = x.till_id ORDER BY x.slice, t.number`, [w.from, w.to, sliceMs]);
  return rows.map((r) => ({ slice: Number(r.slice), tillNumber: Number(r.number), ...tally(r) }));
}

export async function topProductsOf(db: Queryable, w: Window, limit: number): Promise<Array<{ code: string; name: string; quantity: string; total: string }>> {
  const { rows } = await db.query<{ code: string; name: string; quantity: string; total: string }>(
    `SELECT l.code, (array_agg(l.name ORDER BY l.created_at DESC))[1] AS name, trim_scale(sum(l.quantity))::text AS quantity,
            ${money('sum(l.payable)')} AS total
       FROM sale_lines l JOIN sales s ON s.reference_code = l.reference_code
      WHERE l.created_at >= $1 AND l.created_at < $2 AND ${COUNTS}
      GROUP BY l.code ORDER BY sum(l.payable) DESC, l.code LIMIT $3`, [w.from, w.to, limit]);
  return rows;
}

/** Validated, not yet answered, needing attention: among the window's sales that count. */
export async function dianStatesOf(db: Queryable, w: Window): Promise<{ validated: Tally; pending: Tally; needsAttention: Tally }> {
  const { rows } = await db.query<Record<string, string | number>>(
    `SELECT count(*) FILTER (WHERE s.state = 'validated') AS v_count, ${money(`sum(s.total) FILTER (WHERE s.state = 'validated')`)} AS v_total,
            count(*) FILTER (WHERE s.state IN ${PENDING_STATES}) AS p_count, ${money(`sum(s.total) FILTER (WHERE s.state IN ${PENDING_STATES})`)} AS p_total,
            count(*) FILTER (WHERE s.state = 'needs_attention') AS n_count, ${money(`sum(s.total) FILTER (WHERE s.state = 'needs_attention')`)} AS n_total
       FROM sales s WHERE s.created_at >= $1 AND s.created_at < $2 AND ${COUNTS}`, [w.from, w.to]);
  const r = rows[0]!;
  return {
    validated: { count: Number(r.v_count), total: String(r.v_total) },
    pending: { count: Number(r.p_count), total: String(r.p_total) },
    needsAttention: { count: Number(r.n_count), total: String(r.n_total) },
  };
}
