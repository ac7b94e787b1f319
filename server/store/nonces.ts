/** Nonces of signed requests, remembered for as long as their timestamp could still be accepted, then pruned. */
import type { Queryable } from '../db/adapter';

/** True when the nonce is new for this till (and is now remembered); false when it was seen: a replay. */
export async function rememberNonce(db: Queryable, tillId: string, nonce: string, now: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'INSERT INTO nonces (till_id, nonce, seen_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [tillId, nonce, now],
  );
  return rowCount === 1;
}

/** Forgets nonces older than `keepMs`: a request that old is refused as stale before its nonce is looked at. */
export async function pruneNonces(db: Queryable, now: number, keepMs: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM nonces WHERE seen_at < $1', [now - keepMs]);
  return rowCount;
}
