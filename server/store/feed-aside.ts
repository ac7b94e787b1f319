/**
 * What each till set aside of the change feed (issue 27): records it could not apply (a name clash, a rule its store
 * refuses, a record its version cannot read). The till sends its whole list when it changes; the last one replaces the
 * one before (an empty list clears it). Tienda's dashboard lists them per till with what to do.
 */
import type { FeedAsideReport, FeedAsideRecord } from '../../shared/shop/feed-aside';
import type { Queryable } from '../db/adapter';

export async function recordFeedAside(tx: Queryable, tillId: string, report: FeedAsideReport, now: number): Promise<void> {
  await tx.query(
    `INSERT INTO till_feed_aside (till_id, count, records, reported_at) VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (till_id) DO UPDATE SET count = EXCLUDED.count, records = EXCLUDED.records, reported_at = EXCLUDED.reported_at`,
    [tillId, report.count, JSON.stringify(report.records), now]);
}

export interface TillFeedAside {
  tillNumber: number;
  tillName: string;
  count: number;
  records: FeedAsideRecord[];
  reportedAt: number;
}

/** The tills (not revoked) that last reported records set aside, by number. */
export async function feedAsideByTill(db: Queryable): Promise<TillFeedAside[]> {
  const { rows } = await db.query<{ number: number; name: string; count: number | string; records: FeedAsideRecord[]; reported_at: number | string }>(
    `SELECT t.number, t.name, a.count, a.records, a.reported_at FROM till_feed_aside a JOIN tills t ON t.id = a.till_id
      WHERE NOT t.revoked AND a.count > 0 ORDER BY t.number`);
  return rows.map((r) => ({ tillNumber: Number(r.number), tillName: r.name, count: Number(r.count), records: r.records, reportedAt: Number(r.reported_at) }));
}
