/** The shop's tills: a number each (never reused), a name, the Ed25519 public key it signs with, revoked or not. */
import { randomBytes } from 'node:crypto';
import { foldText } from '../../shared/folded-text';
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

/** The name a till gets when the owner chose none: «Caja N», N its number (another free one if a till took that). */
export function defaultTillName(number: number, taken: (name: string) => boolean): string {
  const plain = `Caja ${number}`;
  if (!taken(plain)) return plain;
  for (let k = 2; ; k += 1) if (!taken(`Caja ${number}-${k}`)) return `Caja ${number}-${k}`;
}

/** A till name as uniqueness compares it: case, accents and spaces aside («caja  2» is «Caja 2»). */
export const tillNameKey = (name: string): string => foldText(name);

/** The till of the shop (revoked ones included: their sale numbers stay in the history) that has this name, if any. */
async function nameHolder(tx: Queryable, name: string, exceptId: string | null): Promise<Till | null> {
  const key = tillNameKey(name);
  const { rows } = await tx.query<Row>('SELECT id, number, name, public_key, revoked, paired_at FROM tills ORDER BY number');
  const holder = rows.find((r) => r.id !== exceptId && tillNameKey(r.name) === key);
  return holder ? toTill(holder) : null;
}

/**
 * A new till gets the next number after every till ever paired (revoked ones included), so numbers never repeat,
 * and a name no other till has: the one asked for, or «Caja N». Call inside a transaction.
 */
export async function createTill(tx: Queryable, name: string | null, publicKey: string, now: number): Promise<Till> {
  await takeFeedLock(tx);
  const { rows } = await tx.query<{ n: number }>('SELECT coalesce(max(number), 0) + 1 AS n FROM tills');
  const number = Number(rows[0]!.n);
  if (number > 999) throw new TillLimitError();
  const wanted = name?.trim() || null;
  if (wanted !== null) {
    const holder = await nameHolder(tx, wanted, null);
    if (holder) throw new TillNameTakenError(holder);
  }
  const names = new Set((await tx.query<{ name: string }>('SELECT name FROM tills')).rows.map((r) => tillNameKey(r.name)));
  const chosen = wanted ?? defaultTillName(number, (n) => names.has(tillNameKey(n)));
  const id = randomBytes(16).toString('hex');
  const seq = await nextSeq(tx);
  await tx.query(
    `INSERT INTO tills (id, number, name, public_key, paired_at, version, seq) VALUES ($1, $2, $3, $4, $5, 1, $6)`,
    [id, number, chosen, publicKey, now, seq],
  );
  return { id, number, name: chosen, publicKey, revoked: false, pairedAt: now };
}

export class TillLimitError extends Error {
  constructor() { super('the shop already has 999 tills'); }
}

/** A name another till of the shop has; `holder` is that till. */
export class TillNameTakenError extends Error {
  constructor(readonly holder: Till) { super(`till ${holder.number} is already named "${holder.name}"; choose another name`); }
}

/** Finds a till by its number ("2") or id. */
async function tillByNumberOrId(tx: Queryable, which: string): Promise<Till | null> {
  const byNumber = /^\d{1,3}$/.test(which);
  const { rows } = await tx.query<Row>(
    `SELECT id, number, name, public_key, revoked, paired_at FROM tills WHERE ${byNumber ? 'number = $1::int' : 'id = $1'}`, [which],
  );
  return rows[0] ? toTill(rows[0]) : null;
}

/**
 * Renames a till (by number or id): refused with TillNameTakenError when another till has the name; a new version
 * and seq, so every till, the back office and the CLI hear of it through the change feed. Sales keep the name they
 * were made with (each pushed sale carries it). Null: no such till. Call inside a transaction.
 */
export async function renameTill(tx: Queryable, which: string, name: string): Promise<{ till: Till; version: number; changed: boolean } | null> {
  await takeFeedLock(tx);
  const till = await tillByNumberOrId(tx, which);
  if (!till) return null;
  const wanted = name.trim();
  const holder = await nameHolder(tx, wanted, till.id);
  if (holder) throw new TillNameTakenError(holder);
  if (till.name === wanted) {
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM tills WHERE id = $1', [till.id]);
    return { till, version: Number(rows[0]!.version), changed: false };
  }
  const seq = await nextSeq(tx);
  const { rows } = await tx.query<{ version: number }>(
    'UPDATE tills SET name = $2, version = version + 1, seq = $3 WHERE id = $1 RETURNING version', [till.id, wanted, seq]);
  return { till: { ...till, name: wanted }, version: Number(rows[0]!.version), changed: true };
}

/** Revokes a till by id or number; its requests are refused from then on, and every till hears of it. */
export async function revokeTill(tx: Queryable, which: string, now: number): Promise<Till | null> {
  await takeFeedLock(tx);
  const till = await tillByNumberOrId(tx, which);
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
