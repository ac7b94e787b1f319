/**
 * The owner's dashboard (issue 21): today and this week (Monday first, in Bogotá) by till, by hour or day, payment
 * means, best sellers and taxes, and what the DIAN has not validated yet. Every figure is an SQL aggregate, read in
 * one snapshot; the screen receives a few hundred numbers, never the rows.
 */
import { BACK_OFFICE_LIMITS, type Dashboard } from '../../shared/shop/back-office';
import { shopDateOf, shopDayWindow, shopWeekWindow } from '../../shared/shop/shop-day';
import type { Database, Queryable } from '../db/adapter';
import { tillClocks } from './tills';
import { feedAsideByTill } from './feed-aside';
import { byMeansOf, bySliceOf, byTillOf, money, PENDING_STATES, salesTally, taxesOf, topProductsOf, type Window } from './report-queries';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * `withFeedAside`: the caller reads `feedAside` (issue 27): a till of this version asks for it (`?with=feed-aside`), as
 * the back-office PC does; an older till, whose answer schema is strict, never gets a field it does not know.
 */
export async function dashboard(db: Database, now: number, opts: { withFeedAside?: boolean } = {}): Promise<Dashboard> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const date = shopDateOf(now);
    const day = shopDayWindow(date);
    const week = shopWeekWindow(date);
    // One after another: the statements share the transaction's connection.
    const today = await period(tx, day);
    const byHour = await bySliceOf(tx, day, HOUR_MS);
    const thisWeek = await period(tx, week);
    const byDay = await bySliceOf(tx, week, DAY_MS);
    const dian = await dianBacklog(tx);
    const clocks = await tillClocks(tx);
    const aside = opts.withFeedAside ? await feedAsideByTill(tx) : [];
    return {
      at: now,
      today: { ...today, date, byHour: byHour.map(({ slice, ...t }) => ({ hour: slice, ...t })) },
      week: { ...thisWeek, monday: week.monday, byDay: byDay.map(({ slice, ...t }) => ({ date: shopDateOf(week.from + slice * DAY_MS), ...t })) },
      clocks: clocks.map((c) => ({ tillNumber: c.number, tillName: c.name, offsetMs: c.offsetMs, seenAt: c.seenAt })),
      dian,
      ...(aside.length > 0 ? { feedAside: aside } : {}),
    };
  });
}

async function period(db: Queryable, w: Window): Promise<Omit<Dashboard['today'], 'date' | 'byHour'>> {
  const sales = await salesTally(db, w);
  const byTill = await byTillOf(db, w);
  const byMeans = await byMeansOf(db, w);
  const taxes = await taxesOf(db, w);
  const topProducts = await topProductsOf(db, w, BACK_OFFICE_LIMITS.topProducts);
  return {
    sales: { count: sales.count, total: sales.total },
    byTill: byTill.map(({ tillId: _id, ...t }) => t),
    byMeans, taxes, taxTotal: sales.taxTotal, topProducts,
  };
}

/** Whatever the day: sales the DIAN has not answered (pending) or refused (needing attention), and the oldest wait. */
async function dianBacklog(db: Queryable): Promise<Dashboard['dian']> {
  const { rows } = await db.query<{ p_count: number; p_total: string; n_count: number; n_total: string; oldest: number | null }>(
    `SELECT count(*) FILTER (WHERE s.state IN ${PENDING_STATES}) AS p_count, ${money(`sum(s.total) FILTER (WHERE s.state IN ${PENDING_STATES})`)} AS p_total,
            count(*) FILTER (WHERE s.state = 'needs_attention') AS n_count, ${money(`sum(s.total) FILTER (WHERE s.state = 'needs_attention')`)} AS n_total,
            min(s.created_at) AS oldest
       FROM sales s WHERE s.state IN ('waiting', 'sending', 'queued', 'needs_attention')
        AND (s.corrected_by IS NULL OR s.corrected_by = s.reference_code)`);
  const r = rows[0]!;
  return {
    pending: { count: Number(r.p_count), total: r.p_total },
    needsAttention: { count: Number(r.n_count), total: r.n_total },
    oldestWaitingAt: r.oldest === null ? null : Number(r.oldest),
  };
}
