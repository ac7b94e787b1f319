/**
 * Master data as the tills receive it: products, customers, people, settings (and tills, see tills.ts). Every write
 * takes the feed lock first, so the shop-wide `seq` of each change becomes visible in the order it was drawn and a
 * till reading `since=<cursor>` can never step over a change committed late.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Queryable } from '../db/adapter';

export const MASTER_KINDS = ['product', 'customer', 'person', 'setting'] as const;
export type MasterKind = (typeof MASTER_KINDS)[number];

const TABLE: Record<MasterKind, string> = { product: 'products', customer: 'customers', person: 'people', setting: 'settings' };

/** Serialises writers of master data for the rest of the transaction (PostgreSQL advisory lock). */
export async function takeFeedLock(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(2002)');
}

export async function nextSeq(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ seq: number }>(`SELECT nextval('change_seq') AS seq`);
  return Number(rows[0]!.seq);
}

export type SaveOutcome =
  | { outcome: 'applied'; version: number; changed: boolean }
  | { outcome: 'conflict'; version: number | null };

/**
 * Saves one record. With `baseVersion` (a till's offline edit) it applies only when the record's version at the
 * server is that one (null: the record must not exist yet); without it (the owner at the server, the first upload)
 * it always applies. Saving what is already there changes nothing: no new version, no change in the feed.
 * The caller holds the feed lock.
 */
export async function saveRecord(
  tx: Queryable, kind: MasterKind, key: string, data: unknown, now: number,
  check: { baseVersion: number | null } | 'force' = 'force',
): Promise<SaveOutcome> {
  const table = TABLE[kind];
  const { rows } = await tx.query<{ data: unknown; version: number }>(`SELECT data, version FROM ${table} WHERE key = $1`, [key]);
  const current = rows[0];
  if (check !== 'force' && (current ? Number(current.version) : null) !== check.baseVersion) {
    return { outcome: 'conflict', version: current ? Number(current.version) : null };
  }
  if (current && isDeepStrictEqual(current.data, data)) return { outcome: 'applied', version: Number(current.version), changed: false };
  const seq = await nextSeq(tx);
  const version = current ? Number(current.version) + 1 : 1;
  await tx.query(
    `INSERT INTO ${table} (key, data, version, seq, updated_at) VALUES ($1, $2::jsonb, $3, $4, $5)
     ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data, version = EXCLUDED.version, seq = EXCLUDED.seq, updated_at = EXCLUDED.updated_at`,
    [key, JSON.stringify(data), version, seq, now],
  );
  return { outcome: 'applied', version, changed: true };
}

export async function readRecord(db: Queryable, kind: MasterKind, key: string): Promise<{ data: unknown; version: number } | null> {
  const { rows } = await db.query<{ data: unknown; version: number }>(`SELECT data, version FROM ${TABLE[kind]} WHERE key = $1`, [key]);
  return rows[0] ? { data: rows[0].data, version: Number(rows[0].version) } : null;
}

export async function countMasterRecords(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM products) + (SELECT count(*) FROM customers) + (SELECT count(*) FROM people) AS n`,
  );
  return Number(rows[0]!.n);
}

/** A customer's key: its identification type and number, the pair a till keeps unique. */
export function customerKey(customer: { identification_type: string; identification: string }): string {
  return `${customer.identification_type}:${customer.identification}`;
}
