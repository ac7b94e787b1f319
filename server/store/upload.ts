/**
 * The first till seeds the shop: its catalog, customers, people and settings, in batches of one upload id. The
 * first batch finds the server empty (or this same upload under way) or is refused with `shop_not_empty`, so two
 * shops' data are never merged; a batch resent after a lost reply saves what is already there and changes nothing.
 */
import type { z } from 'zod';
import type { shopUploadSchema } from '../../shared/shop/contract';
import type { Queryable } from '../db/adapter';
import { countMasterRecords, customerKey, saveRecord, takeFeedLock } from './master-data';

export type UploadOutcome = { ok: true; stored: number; cursor: number } | { ok: false; code: 'shop_not_empty' };

export async function uploadShop(tx: Queryable, upload: z.infer<typeof shopUploadSchema>, now: number): Promise<UploadOutcome> {
  await takeFeedLock(tx);
  const { rows } = await tx.query<{ upload_id: string | null }>('SELECT upload_id FROM shop FOR UPDATE');
  const uploadId = rows[0]?.upload_id ?? null;
  if (uploadId !== upload.uploadId) {
    if (uploadId !== null || (await countMasterRecords(tx)) > 0) return { ok: false, code: 'shop_not_empty' };
    await tx.query('UPDATE shop SET upload_id = $1, name = $2', [upload.uploadId, upload.shopName]);
  }
  let stored = 0;
  const save = async (...args: Parameters<typeof saveRecord> extends [Queryable, ...infer Rest] ? Rest : never) => {
    const saved = await saveRecord(tx, ...args);
    if (saved.outcome === 'applied' && saved.changed) stored += 1;
  };
  for (const product of upload.products) await save('product', product.code, product, now);
  for (const customer of upload.customers) await save('customer', customerKey(customer), customer, now);
  for (const { key, ...person } of upload.people) await save('person', key, person, now);
  for (const { key, value } of upload.settings) await save('setting', key, value, now);
  if (upload.last) await tx.query('UPDATE shop SET upload_done = TRUE');
  return { ok: true, stored, cursor: await currentCursor(tx) };
}

/** The feed's position now: the highest seq of any record. */
export async function currentCursor(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ c: number | null }>(
    `SELECT greatest((SELECT max(seq) FROM products), (SELECT max(seq) FROM customers), (SELECT max(seq) FROM people),
                     (SELECT max(seq) FROM settings), (SELECT max(seq) FROM tills)) AS c`,
  );
  return Number(rows[0]?.c ?? 0);
}
