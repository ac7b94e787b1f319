/**
 * The owner's edits of master data from the back office (issue 21): read and search products, customers and
 * people, and save one by compare-and-set on its version (master-data.ts `saveRecord`, the same rule as a till's
 * offline command). A save goes into the change feed like every other write, so every till receives it.
 */
import { randomBytes } from 'node:crypto';
import type { CustomerRecord, PersonRecord, RecordsQuery } from '../../shared/shop/back-office-records';
import { RECORD_PAGE } from '../../shared/shop/back-office-records';
import type { ShopProduct } from '../../shared/shop/contract';
import type { ShopProductData } from '../../shared/shop/shop-product';
import type { InvoiceCustomer } from '../../shared/api/invoice-request';
import type { Database, Queryable } from '../db/adapter';
import { customerKey, readRecord, saveRecord, takeFeedLock } from './master-data';

/** `%` and `_` typed by the owner are letters, not wildcards. */
const likeOf = (text: string): string => `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function productOf(data: unknown, version: number): ShopProduct {
  return { ...(data as Omit<ShopProduct, 'version'>), version };
}

/** Products whose code or name holds the text (an exact code first, then by name). */
export async function listProducts(db: Queryable, q: RecordsQuery): Promise<{ products: ShopProduct[]; total: number }> {
  const text = q.q?.trim() ?? '';
  const where = text === '' ? 'TRUE' : `(lower(key) LIKE $1 OR lower(data->>'name') LIKE $1)`;
  const args = text === '' ? [] : [likeOf(text)];
  const limit = q.limit ?? RECORD_PAGE.size;
  const { rows } = await db.query<{ data: unknown; version: number }>(
    `SELECT data, version FROM products WHERE ${where}
     ORDER BY (lower(key) = $${args.length + 1}) DESC, lower(data->>'name'), key LIMIT $${args.length + 2} OFFSET $${args.length + 3}`,
    [...args, text.toLowerCase(), limit, q.offset ?? 0],
  );
  const { rows: counted } = await db.query<{ n: number }>(`SELECT count(*) AS n FROM products WHERE ${where}`, args);
  return { products: rows.map((r) => productOf(r.data, Number(r.version))), total: Number(counted[0]!.n) };
}

export async function readProduct(db: Queryable, code: string): Promise<ShopProduct | null> {
  const found = await readRecord(db, 'product', code);
  return found ? productOf(found.data, found.version) : null;
}

const customerOf = (key: string, data: unknown, version: number): CustomerRecord => ({ key, customer: data as InvoiceCustomer, version });

/** Customers whose name holds the text or whose identification starts with it. */
export async function listCustomers(db: Queryable, q: RecordsQuery): Promise<{ customers: CustomerRecord[]; total: number }> {
  const text = q.q?.trim() ?? '';
  const where = text === '' ? 'TRUE' : `(lower(data->>'name') LIKE $1 OR data->>'identification' LIKE $2)`;
  const args = text === '' ? [] : [likeOf(text), `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`];
  const { rows } = await db.query<{ key: string; data: unknown; version: number }>(
    `SELECT key, data, version FROM customers WHERE ${where} ORDER BY lower(data->>'name'), key LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
    [...args, q.limit ?? RECORD_PAGE.size, q.offset ?? 0],
  );
  const { rows: counted } = await db.query<{ n: number }>(`SELECT count(*) AS n FROM customers WHERE ${where}`, args);
  return { customers: rows.map((r) => customerOf(r.key, r.data, Number(r.version))), total: Number(counted[0]!.n) };
}

async function readCustomer(db: Queryable, key: string): Promise<CustomerRecord | null> {
  const found = await readRecord(db, 'customer', key);
  return found ? customerOf(key, found.data, found.version) : null;
}

interface PersonData { name: string; role: 'owner' | 'cashier'; active: boolean; pinHash: string }
/** A person as the back office shows one: never the PIN's hash. */
const personOf = (key: string, data: PersonData, version: number): PersonRecord => ({ key, name: data.name, role: data.role, active: data.active, version });

export async function listPeople(db: Queryable): Promise<PersonRecord[]> {
  const { rows } = await db.query<{ key: string; data: PersonData; version: number }>(
    `SELECT key, data, version FROM people ORDER BY lower(data->>'name'), key LIMIT ${RECORD_PAGE.maxPeople}`,
  );
  return rows.map((r) => personOf(r.key, r.data, Number(r.version)));
}

export type Saved<T> =
  | { outcome: 'saved'; record: T; changed: boolean }
  | { outcome: 'stale'; current: T | null }
  | { outcome: 'refused'; field: string; code: string; message: string };

export async function saveProduct(db: Database, product: ShopProductData, baseVersion: number | null, now: number): Promise<Saved<ShopProduct>> {
  return db.transaction(async (tx) => {
    await takeFeedLock(tx);
    const saved = await saveRecord(tx, 'product', product.code, product, now, { baseVersion });
    if (saved.outcome === 'conflict') return { outcome: 'stale', current: await readProduct(tx, product.code) };
    return { outcome: 'saved', record: { ...product, version: saved.version }, changed: saved.changed };
  });
}

export async function saveCustomer(db: Database, key: string | null, customer: InvoiceCustomer, baseVersion: number | null, now: number): Promise<Saved<CustomerRecord>> {
  const target = customerKey(customer);
  if (key !== null && key !== target) {
    return { outcome: 'refused', field: 'customer.identification', code: 'identification_changed', message: 'a saved customer\'s identification cannot change; add a new customer instead' };
  }
  return db.transaction(async (tx) => {
    await takeFeedLock(tx);
    const saved = await saveRecord(tx, 'customer', target, customer, now, { baseVersion });
    if (saved.outcome === 'conflict') return { outcome: 'stale', current: await readCustomer(tx, target) };
    return { outcome: 'saved', record: customerOf(target, customer, saved.version), changed: saved.changed };
  });
}

export interface PersonChange { key: string | null; baseVersion: number | null; name: string; role: 'owner' | 'cashier'; active: boolean }

/**
 * `pinHash` is made by the caller before the lock (scrypt is slow on purpose); null keeps the person's PIN. Two
 * people of one name are refused (each till keeps names unique), and so is the edit that would leave the shop
 * without an active owner (nobody could open the back office or approve at a till).
 */
export async function savePerson(db: Database, change: PersonChange, pinHash: string | null, now: number): Promise<Saved<PersonRecord>> {
  const key = change.key ?? randomBytes(16).toString('hex');
  return db.transaction(async (tx) => {
    await takeFeedLock(tx);
    const found = await readRecord(tx, 'person', key);
    const current = found ? personOf(key, found.data as PersonData, found.version) : null;
    if ((current?.version ?? null) !== change.baseVersion) return { outcome: 'stale', current };
    const { rows: namesake } = await tx.query<{ key: string }>(`SELECT key FROM people WHERE lower(data->>'name') = lower($1) AND key <> $2`, [change.name.trim(), key]);
    if (namesake.length > 0) return { outcome: 'refused', field: 'name', code: 'name_taken', message: 'another person of the shop has this name' };
    if (current?.role === 'owner' && current.active && !(change.role === 'owner' && change.active)) {
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*) AS n FROM people WHERE key <> $1 AND data->>'role' = 'owner' AND (data->>'active')::boolean`, [key]);
      if (Number(rows[0]!.n) === 0) return { outcome: 'refused', field: 'role', code: 'last_owner', message: 'the shop needs at least one active owner' };
    }
    const hash = pinHash ?? (found?.data as PersonData | undefined)?.pinHash;
    if (!hash) return { outcome: 'refused', field: 'pin', code: 'pin_required', message: 'is required for a new person' };
    const data: PersonData = { name: change.name.trim(), role: change.role, active: change.active, pinHash: hash };
    const saved = await saveRecord(tx, 'person', key, data, now, { baseVersion: change.baseVersion });
    if (saved.outcome === 'conflict') return { outcome: 'stale', current };
    return { outcome: 'saved', record: personOf(key, data, saved.version), changed: saved.changed };
  });
}
