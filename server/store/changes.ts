/**
 * The change feed: every master record whose last change is after the till's cursor, in seq order, a page at a time;
 * and (issue 28) the outcomes of the documents this till watched, to this till only (`tillId`).
 */
import type { Change } from '../../shared/shop/contract';
import type { Queryable } from '../db/adapter';

interface Row { seq: number; kind: Change['kind']; key: string; data: Record<string, unknown>; version: number }

export async function readChanges(db: Queryable, since: number, limit: number, tillId: string | null = null): Promise<{ changes: Change[]; more: boolean }> {
  const { rows } = await db.query<Row>(
    `SELECT seq, kind, key, data, version FROM (
       SELECT seq, 'product' AS kind, key, data, version FROM products WHERE seq > $1
       UNION ALL SELECT seq, 'customer', key, data, version FROM customers WHERE seq > $1
       UNION ALL SELECT seq, 'person', key, data, version FROM people WHERE seq > $1
       UNION ALL SELECT seq, 'setting', key, data, version FROM settings WHERE seq > $1
       UNION ALL SELECT seq, 'till', id,
         jsonb_build_object('tillId', id, 'number', number, 'name', name, 'revoked', revoked), version
         FROM tills WHERE seq > $1
       UNION ALL SELECT seq, 'document', reference_code, outcome, version
         FROM service_watch WHERE seq > $1 AND till_id = $3
     ) AS feed ORDER BY seq LIMIT $2`,
    [since, limit + 1, tillId ?? ''],
  );
  const more = rows.length > limit;
  return { changes: rows.slice(0, limit).map(toChange), more };
}

function toChange(row: Row): Change {
  const seq = Number(row.seq);
  const version = Number(row.version);
  switch (row.kind) {
    case 'product': return { seq, kind: 'product', key: row.key, data: { ...row.data, version } } as Change;
    case 'customer': return { seq, kind: 'customer', key: row.key, data: { customer: row.data, version } } as Change;
    case 'person': return { seq, kind: 'person', key: row.key, data: { key: row.key, ...row.data, version } } as Change;
    case 'setting': return { seq, kind: 'setting', key: row.key, data: { key: row.key, value: row.data, version } } as Change;
    case 'till': return { seq, kind: 'till', key: row.key, data: { ...row.data, version } } as Change;
    case 'document': return { seq, kind: 'document', key: row.key, data: { ...row.data, version } } as Change;
  }
}
