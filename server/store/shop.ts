/** The one shop this server serves: one server = one shop, and every till paired to it belongs to it. */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/adapter';

export interface Shop { id: string; name: string; uploadId: string | null; uploadDone: boolean }

interface Row { id: string; name: string; upload_id: string | null; upload_done: boolean }
const toShop = (r: Row): Shop => ({ id: r.id, name: r.name, uploadId: r.upload_id, uploadDone: r.upload_done });

/** The shop's row, made on the first start with a random id and a provisional name the first upload replaces. */
export async function ensureShop(db: Queryable, now: number, name = 'Tienda'): Promise<Shop> {
  await db.query(
    `INSERT INTO shop (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (singleton) DO NOTHING`,
    [randomBytes(16).toString('hex'), name, now],
  );
  return readShop(db);
}

/**
 * The shop's generation: changes whenever the server is restored from a copy; the change feed carries it so a till
 * reads the feed again from its start (its cursor is from the lost history). Made here when the shop row is.
 */
export async function readGeneration(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ generation: string | null }>('SELECT generation FROM shop');
  if (rows[0]?.generation) return rows[0].generation;
  const made = randomBytes(16).toString('hex');
  await db.query('UPDATE shop SET generation = $1 WHERE generation IS NULL', [made]);
  return readGeneration(db);
}

/** A new generation (after a restore). */
export async function renewGeneration(db: Queryable): Promise<string> {
  const made = randomBytes(16).toString('hex');
  await db.query('UPDATE shop SET generation = $1', [made]);
  return made;
}

export async function readShop(db: Queryable): Promise<Shop> {
  const { rows } = await db.query<Row>('SELECT id, name, upload_id, upload_done FROM shop');
  if (!rows[0]) throw new Error('the shop row is missing');
  return toShop(rows[0]);
}
