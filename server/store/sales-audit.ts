/**
 * The tills heal the server (issue 25): a till sends, per shop day, the digest of its sales the server acknowledged
 * (how many, Σ revision); the server answers with its own figures for the days that differ and remembers them, so
 * the day report says "en revisión" for that till and day until a later audit agrees. For a day that differs the till
 * asks which references the server holds (`heldSales`) and pushes again what is missing or older. What a till cannot
 * push at all (it says so with each audit) is kept for the day report too.
 *
 * Days are the shop's (America/Bogota, UTC−5 all year): the day of a sale is the one of the till's own time, as the
 * till counts it, so both sides bucket a sale into the same day whatever the clocks say. The server's `created_at` is
 * the time corrected by the till's clock offset (the reports place sales by it), so the till's own time is
 * `created_at − clock_offset_ms`.
 */
import { DAY_MS, shopDateOf, shopDayIndex as dayIndex, shopDayIndexSql, shopDayIndexStart as dayStart } from '../../shared/shop/shop-day';
import { SHOP_AUDIT, type AuditDay, type UnsendableSale } from '../../shared/shop/contract';
import type { Queryable } from '../db/adapter';

/** The till's own time of a sale (what the till buckets by). */
const TILL_TIME = '(created_at - coalesce(clock_offset_ms, 0))';
/** The SQL that buckets a sale's till time into its shop day (times ≥ 0, so integer division is floor). */
const DAY_OF = shopDayIndexSql(TILL_TIME);

/**
 * Compares the till's days with the server's, records the days that differ (clearing, for the span the request
 * covers, those that agree now) and what the till cannot push; answers the server's figures for the differing days.
 */
export async function auditTillSales(
  tx: Queryable, tillId: string, days: readonly AuditDay[], unsendable: { count: number; sales: readonly UnsendableSale[] }, now: number,
): Promise<AuditDay[]> {
  await tx.query(
    `INSERT INTO till_unsendable (till_id, count, sales, reported_at) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (till_id) DO UPDATE SET count = EXCLUDED.count, sales = EXCLUDED.sales, reported_at = EXCLUDED.reported_at`,
    [tillId, unsendable.count, JSON.stringify(unsendable.sales), now]);
  if (days.length === 0) return [];
  const indexes = days.map((d) => dayIndex(d.day));
  const first = Math.min(...indexes);
  const last = Math.max(...indexes);
  const { rows } = await tx.query<{ d: number | string; n: number | string; r: number | string }>(
    `SELECT ${DAY_OF} AS d, count(*) AS n, sum(revision) AS r FROM sales
      WHERE till_id = $1 AND ${TILL_TIME} >= $2 AND ${TILL_TIME} < $3 GROUP BY 1`,
    [tillId, dayStart(first), dayStart(last + 1)]);
  const held = new Map(rows.map((r) => [Number(r.d), { count: Number(r.n), revisions: Number(r.r) }]));
  const differing: AuditDay[] = [];
  const rowsToKeep: Array<{ day: string; till_count: number; till_revisions: number; server_count: number; server_revisions: number }> = [];
  for (const day of days) {
    const server = held.get(dayIndex(day.day)) ?? { count: 0, revisions: 0 };
    if (server.count === day.count && server.revisions === day.revisions) continue;
    differing.push({ day: day.day, ...server });
    rowsToKeep.push({ day: day.day, till_count: day.count, till_revisions: day.revisions, server_count: server.count, server_revisions: server.revisions });
  }
  await tx.query('DELETE FROM till_audit_days WHERE till_id = $1 AND day BETWEEN $2::date AND $3::date',
    [tillId, shopDateOf(dayStart(first)), shopDateOf(dayStart(last))]);
  if (rowsToKeep.length > 0) {
    await tx.query(
      `INSERT INTO till_audit_days (till_id, day, till_count, till_revisions, server_count, server_revisions, checked_at)
       SELECT $1, x.day::date, x.till_count, x.till_revisions, x.server_count, x.server_revisions, $2
         FROM jsonb_to_recordset($3::jsonb) AS x(day text, till_count bigint, till_revisions bigint, server_count bigint, server_revisions bigint)`,
      [tillId, now, JSON.stringify(rowsToKeep)]);
  }
  return differing;
}

/** One day's references of this till as the server holds them, in reference order, a page at a time. */
export async function heldSales(db: Queryable, tillId: string, day: string, after: string | undefined): Promise<{ sales: Array<{ referenceCode: string; revision: number }>; more: boolean }> {
  const index = dayIndex(day);
  const { rows } = await db.query<{ reference_code: string; revision: number | string }>(
    `SELECT reference_code, revision FROM sales
      WHERE till_id = $1 AND ${TILL_TIME} >= $2 AND ${TILL_TIME} < $3 AND reference_code > $4
      ORDER BY reference_code LIMIT $5`,
    [tillId, dayStart(index), dayStart(index + 1), after ?? '', SHOP_AUDIT.heldPerAnswer + 1]);
  const more = rows.length > SHOP_AUDIT.heldPerAnswer;
  return { sales: rows.slice(0, SHOP_AUDIT.heldPerAnswer).map((r) => ({ referenceCode: r.reference_code, revision: Number(r.revision) })), more };
}

/** The references of a batch that another till pushed before (a sale belongs to the till it was born at). */
export async function salesOfOtherTills(tx: Queryable, tillId: string, references: readonly string[]): Promise<string[]> {
  const { rows } = await tx.query<{ reference_code: string }>(
    'SELECT reference_code FROM sales WHERE reference_code = ANY($1::text[]) AND till_id <> $2 ORDER BY reference_code', [[...references], tillId]);
  return rows.map((r) => r.reference_code);
}

export interface TillAuditState {
  /** Its digests for the day differ from the server's: some of its sales may not be here yet. */
  inReview: boolean;
  /** Sales of that day it holds and cannot push (from the ones it listed). */
  unsendable: number;
}

/** For one shop day: each till that is in review or has sales it cannot push, by till id. */
export async function auditStateOfDay(db: Queryable, date: string): Promise<Map<string, TillAuditState>> {
  const from = dayStart(dayIndex(date));
  const { rows } = await db.query<{ till_id: string; in_review: boolean; unsendable: number | string }>(
    `SELECT t.id AS till_id,
            EXISTS (SELECT 1 FROM till_audit_days d WHERE d.till_id = t.id AND d.day = $1::date) AS in_review,
            coalesce((SELECT count(*) FROM till_unsendable u, jsonb_array_elements(u.sales) e
                       WHERE u.till_id = t.id AND (e->>'createdAt')::bigint >= $2 AND (e->>'createdAt')::bigint < $3), 0) AS unsendable
       FROM tills t`,
    [date, from, from + DAY_MS]);
  const state = new Map<string, TillAuditState>();
  for (const r of rows) {
    if (r.in_review || Number(r.unsendable) > 0) state.set(r.till_id, { inReview: r.in_review, unsendable: Number(r.unsendable) });
  }
  return state;
}

/** Of these shift ids of the till, those the server does not hold (their Z reports were lost with them). */
export async function missingShifts(db: Queryable, tillId: string, shiftIds: readonly number[]): Promise<number[]> {
  if (shiftIds.length === 0) return [];
  const { rows } = await db.query<{ id: number | string }>(
    `SELECT x.id FROM unnest($2::bigint[]) AS x(id)
      WHERE NOT EXISTS (SELECT 1 FROM shifts z WHERE z.till_id = $1 AND z.shift_id = x.id) ORDER BY x.id`, [tillId, [...shiftIds]]);
  return rows.map((r) => Number(r.id));
}
