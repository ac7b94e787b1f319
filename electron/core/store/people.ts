/**
 * People (owner, cashier) with their PIN hashes, the owners' overrides (who approved what, for whom, when), and the
 * stamp every sale gets: the till and who sold it. PINs never reach this file in clear; hashing is the caller's job.
 */
import type Database from 'better-sqlite3';
import { readOverrideDetail, storeOverrideDetail, type OverrideDetail } from '../../../shared/override-detail';
import type { PersonRole } from '../../../shared/people';
import { StoreError } from './errors';

export interface Person {
  id: number;
  name: string;
  role: PersonRole;
  active: boolean;
}

/** A person with the stored hash of their PIN, for checking a PIN; never leaves the core. */
export interface PersonWithPin extends Person {
  pinHash: string;
}

export interface OverrideRecord {
  id: number;
  at: number;
  ownerId: number;
  ownerName: string;
  cashierId: number | null;
  cashierName: string;
  action: string;
  detail: OverrideDetail;
  saleId: number | null;
  saleShortNumber: number | null;
  usedAt: number | null;
}

export interface NewOverride {
  owner: Person;
  cashier: Person | null;
  action: string;
  detail: OverrideDetail;
  /** For a price or tax change: the open sale and product it was given for, pending until that sale is charged. */
  openSaleSlot?: string;
  productCode?: string;
}

/** What a sale records about where and by whom it was rung up. */
export interface SaleStamp {
  tillId: string;
  tillName: string;
  cashier: Person | null;
  /** Price overrides this sale uses: they now point at it, with what the line finally charged. */
  usedOverrides: ReadonlyArray<{ id: number; detail: OverrideDetail }>;
  /** Every other pending price override of the charged open sale ends with it (a new sale starts locked). */
  openSaleSlot?: string;
}

export interface People {
  countPeople(): number;
  /**
   * Changes whenever anybody is added, edited, deactivated or given a new PIN (here or by the shop server's feed):
   * the status push carries it so the screens read who is set up again at once (no reload).
   */
  peopleStamp(): string;
  listPeople(): Person[];
  personWithPin(id: number): PersonWithPin | null;
  peopleWithPins(): PersonWithPin[];
  addPerson(p: { name: string; role: PersonRole; pinHash: string }): Person;
  updatePerson(id: number, p: { name: string; role: PersonRole; active: boolean; pinHash?: string }): Person;
  recordOverride(o: NewOverride): number;
  listOverrides(limit: number, offset: number): { overrides: OverrideRecord[]; total: number };
  /** Pending price overrides of an open sale: product code → override id. */
  pendingPriceOverrides(openSaleSlot: string): Map<string, { id: number }>;
  /** Runs inside the sale's own transaction (see SaleInput.stamp). */
  stampSale(saleId: number, stamp: SaleStamp): void;
  /** The catalog's price and tax for a product code, as the counter must charge them unless an owner approves. */
  catalogPrice(code: string): { price: string; taxCode: string | null; taxRate: string | null; discountRate: string } | null;
  /** The tax data a customer is saved with now (null: a new customer), to tell a cashier's new buyer from an edit. */
  customerTaxData(identificationType: string, identification: string): Record<CustomerTaxField, string> | null;
  /** The tills whose sales are in this file, each with the name its latest sale was rung up under. */
  tillsInHistory(): Array<{ tillId: string; tillName: string }>;
}

/** What a cashier may not change on a saved customer: what the invoice's buyer is, fiscally. */
export const CUSTOMER_TAX_FIELDS = ['dv', 'name', 'person_type', 'tax_regime', 'municipality_code'] as const;
export type CustomerTaxField = (typeof CUSTOMER_TAX_FIELDS)[number];

interface PersonRow { id: number; name: string; role: PersonRole; active: number; pin_hash: string }

const toPerson = (r: PersonRow): Person => ({ id: r.id, name: r.name, role: r.role, active: r.active === 1 });

export function peopleTable(db: Database.Database, now: () => number): People {
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM people');
  const all = db.prepare<[], PersonRow>('SELECT * FROM people ORDER BY active DESC, name COLLATE NOCASE, id');
  const one = db.prepare<[number], PersonRow>('SELECT * FROM people WHERE id = ?');
  const insert = db.prepare<[string, PersonRole, string, number, number], PersonRow>(
    'INSERT INTO people (name, role, pin_hash, active, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?) RETURNING *',
  );
  const update = db.prepare<[string, PersonRole, number, string | null, number, number], PersonRow>(
    'UPDATE people SET name = ?, role = ?, active = ?, pin_hash = coalesce(?, pin_hash), updated_at = ? WHERE id = ? RETURNING *',
  );
  const insertOverride = db.prepare(
    `INSERT INTO overrides (at, owner_id, owner_name, cashier_id, cashier_name, action, detail, open_sale_slot, product_code)
     VALUES (@at, @ownerId, @ownerName, @cashierId, @cashierName, @action, @detail, @slot, @code) RETURNING id`,
  );
  const overridePage = db.prepare<[number, number], {
    id: number; at: number; owner_id: number; owner_name: string; cashier_id: number | null; cashier_name: string;
    action: string; detail: string; sale_id: number | null; used_at: number | null; short_number: number | null;
  }>(`SELECT o.*, s.short_number FROM overrides o LEFT JOIN sales s ON s.id = o.sale_id
      ORDER BY o.at DESC, o.id DESC LIMIT ? OFFSET ?`);
  const overrideCount = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM overrides');
  const pending = db.prepare<[string], { id: number; product_code: string }>(
    `SELECT id, product_code FROM overrides
     WHERE open_sale_slot = ? AND used_at IS NULL AND action = 'price' AND product_code IS NOT NULL ORDER BY id`,
  );
  const useOverride = db.prepare<[number, string, number, number]>(
    'UPDATE overrides SET sale_id = ?, detail = ?, used_at = ? WHERE id = ? AND used_at IS NULL',
  );
  const closePending = db.prepare<[number, string]>(
    // Ended without being used: no sale of its own, only the time it stopped being pending.
    `UPDATE overrides SET used_at = ? WHERE open_sale_slot = ? AND used_at IS NULL`,
  );
  const stamp = db.prepare<[string, string, number | null, string, number]>(
    'UPDATE sales SET till_id = ?, till_name = ?, cashier_id = ?, cashier_name = ? WHERE id = ?',
  );
  const customer = db.prepare<[string, string], Record<CustomerTaxField, string>>(
    'SELECT dv, name, person_type, tax_regime, municipality_code FROM customers WHERE identification_type = ? AND identification = ?',
  );
  // A few tills among 200 000 sales: the till index is walked from one till to the next (one seek each), never read whole.
  const tills = db.prepare<[], { till_id: string; till_name: string }>(
    `WITH RECURSIVE t(till_id) AS (
       SELECT (SELECT min(till_id) FROM sales WHERE till_id > '')
       UNION ALL SELECT (SELECT min(till_id) FROM sales WHERE till_id > t.till_id) FROM t WHERE t.till_id IS NOT NULL
     )
     SELECT till_id, (SELECT till_name FROM sales latest WHERE latest.till_id = t.till_id ORDER BY latest.id DESC LIMIT 1) AS till_name
     FROM t WHERE till_id IS NOT NULL ORDER BY till_name, till_id`,
  );
  const price = db.prepare<[string], { price: string; tax_code: string | null; tax_rate: string | null; discount_rate: string }>(
    'SELECT price, tax_code, tax_rate, discount_rate FROM products WHERE code = ?',
  );

  const peopleStampRow = db.prepare<[], { n: number; last: number | null; top: number | null; active: number | null }>(
    'SELECT count(*) AS n, max(updated_at) AS last, max(id) AS top, sum(active) AS active FROM people',
  );

  const named = (error: unknown, name: string): never => {
    if (error instanceof Error && /UNIQUE/.test(error.message)) throw new StoreError(`There is already a person called ${name}.`);
    throw error;
  };

  return {
    countPeople: () => count.get()?.n ?? 0,
    peopleStamp() {
      const row = peopleStampRow.get();
      return row ? `${row.n}:${row.last ?? 0}:${row.top ?? 0}:${row.active ?? 0}` : '0:0:0';
    },
    listPeople: () => all.all().map(toPerson),
    personWithPin(id) {
      const row = one.get(id);
      return row ? { ...toPerson(row), pinHash: row.pin_hash } : null;
    },
    peopleWithPins: () => all.all().map((r) => ({ ...toPerson(r), pinHash: r.pin_hash })),
    addPerson({ name, role, pinHash }) {
      try {
        const at = now();
        const row = insert.get(name.trim(), role, pinHash, at, at);
        if (!row) throw new StoreError('The person was not saved.');
        return toPerson(row);
      } catch (error) {
        return named(error, name.trim());
      }
    },
    updatePerson(id, { name, role, active, pinHash }) {
      let row: PersonRow | undefined;
      try {
        row = update.get(name.trim(), role, active ? 1 : 0, pinHash ?? null, now(), id);
      } catch (error) {
        return named(error, name.trim());
      }
      if (!row) throw new StoreError(`There is no person ${id}.`);
      return toPerson(row);
    },
    recordOverride(o) {
      const row = insertOverride.get({
        at: now(), ownerId: o.owner.id, ownerName: o.owner.name, cashierId: o.cashier?.id ?? null,
        cashierName: o.cashier?.name ?? '', action: o.action, detail: storeOverrideDetail(o.detail), slot: o.openSaleSlot ?? null, code: o.productCode ?? null,
      }) as { id: number } | undefined;
      if (!row) throw new StoreError('The override was not recorded.');
      return row.id;
    },
    listOverrides(limit, offset) {
      return {
        total: overrideCount.get()?.n ?? 0,
        overrides: overridePage.all(limit, offset).map((r) => ({
          id: r.id, at: r.at, ownerId: r.owner_id, ownerName: r.owner_name, cashierId: r.cashier_id, cashierName: r.cashier_name,
          action: r.action, detail: readOverrideDetail(r.detail), saleId: r.sale_id, saleShortNumber: r.short_number, usedAt: r.used_at,
        })),
      };
    },
    pendingPriceOverrides(openSaleSlot) {
      const found = new Map<string, { id: number }>();
      for (const r of pending.all(openSaleSlot)) if (!found.has(r.product_code)) found.set(r.product_code, { id: r.id });
      return found;
    },
    stampSale(saleId, s) {
      stamp.run(s.tillId, s.tillName, s.cashier?.id ?? null, s.cashier?.name ?? '', saleId);
      const at = now();
      for (const used of s.usedOverrides) useOverride.run(saleId, storeOverrideDetail(used.detail), at, used.id);
      if (s.openSaleSlot !== undefined) closePending.run(at, s.openSaleSlot);
    },
    catalogPrice(code) {
      const row = price.get(code);
      return row ? { price: row.price, taxCode: row.tax_code, taxRate: row.tax_rate, discountRate: row.discount_rate } : null;
    },
    customerTaxData: (identificationType, identification) => customer.get(identificationType, identification) ?? null,
    tillsInHistory: () => tills.all().map((r) => ({ tillId: r.till_id, tillName: r.till_name })),
  };
}
