/** The shop's tills: a number each (never reused), a name, the Ed25519 public key it signs with, revoked or not. */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/adapter';
import { nextSeq, takeFeedLock } from './master-data';

export interface Till { id: string; number: number; name: string; publicKey: string; revoked: boolean; pairedAt: number }

interface Row { id: string; number: number; name: string; public_key: string; revoked: boolean; paired_at: number }
const toTill = (r: Row): Till => ({
  id: r.id, number: Number(r.number), name: r.name, publicKey: r.public_key, revoked: r.revoked, pairedAt: Number(r.paired_at),
});

export async function findTill(db: Queryable, id: string): Promise<Till | null> {
  const { rows } = await db.query<Row>('SELECT id, number, name, public_key, revoked, paired_at FROM tills WHERE id = $1', [id]);
  return rows[0] ? toTill(rows[0]) : null;
}

export async function listTills(db: Queryable): Promise<Till[]> {
  const { rows } = await db.query<Row>('SELECT id, number, name, public_key, revoked, paired_at FROM tills ORDER BY number');
  return rows.map(toTill);
}

/** A new till gets the next number after every till ever paired (revoked ones included), so numbers never repeat. */
export async function createTill(tx: Queryable, name: string, publicKey: string, now: number): Promise<Till> {
  await takeFeedLock(tx);
  const { rows } = await tx.query<{ n: number }>('SELECT coalesce(max(number), 0) + 1 AS n FROM tills');
  const number = Number(rows[0]!.n);
  if (number > 999) throw new TillLimitError();
  const id = randomBytes(16).toString('hex');
  const seq = await nextSeq(tx);
  await tx.query(
    `INSERT INTO tills (id, number, name, public_key, paired_at, version, seq) VALUES ($1, $2, $3, $4, $5, 1, $6)`,
    [id, number, name, publicKey, now, seq],
  );
  return { id, number, name, publicKey, revoked: false, pairedAt: now };
}

export class TillLimitError extends Error {
  constructor() { super('the shop already has 999 tills'); }
}

/** Revokes a till by id or number; its requests are refused from then on, and every till hears of it. */
export async function revokeTill(tx: Queryable, which: string, now: number): Promise<Till | null> {
  await takeFeedLock(tx);
  const byNumber = /^\d{1,3}$/.test(which);
  const { rows } = await tx.query<Row>(
    `SELECT id, number, name, public_key, revoked, paired_at FROM tills WHERE ${byNumber ? 'number = $1::int' : 'id = $1'}`, [which],
  );
  const till = rows[0] ? toTill(rows[0]) : null;
  if (!till || till.revoked) return till;
  const seq = await nextSeq(tx);
  await tx.query('UPDATE tills SET revoked = TRUE, revoked_at = $2, version = version + 1, seq = $3 WHERE id = $1', [till.id, now, seq]);
  return { ...till, revoked: true };
}

/** A till's clock as it reported it last: server − till (ms), and when the server heard it. */
export interface TillClock { tillId: string; number: number; name: string; offsetMs: number; seenAt: number }

/**
 * Keeps what a till reported of its clock. Written only when the offset moved by a second or more, or the last
 * report is over five minutes old: a long-poll every half minute per till need not write a row each time.
 */
export async function recordTillClock(db: Queryable, tillId: string, offsetMs: number, now: number): Promise<void> {
  await db.query(
    `UPDATE tills SET clock_offset_ms = $2, clock_seen_at = $3
      WHERE id = $1 AND (clock_offset_ms IS NULL OR abs(clock_offset_ms - $2::bigint) >= 1000 OR clock_seen_at < $3::bigint - 300000)`,
    [tillId, offsetMs, now],
  );
}

/** The clocks of the tills not revoked that ever reported one, by till number. */
export async function tillClocks(db: Queryable): Promise<TillClock[]> {
  const { rows } = await db.query<{ id: string; number: number; name: string; clock_offset_ms: number; clock_seen_at: number }>(
    `SELECT id, number, name, clock_offset_ms, clock_seen_at FROM tills
      WHERE NOT revoked AND clock_offset_ms IS NOT NULL ORDER BY number`);
  return rows.map((r) => ({ tillId: r.id, number: Number(r.number), name: r.name, offsetMs: Number(r.clock_offset_ms), seenAt: Number(r.clock_seen_at) }));
}
