import type Database from 'better-sqlite3';
import type { InvoiceCustomer } from '../../../shared/api/invoice-request';
import { StoreError } from './errors';
import { foldText } from '../../../shared/folded-text';
import { escapeLike } from './like-pattern';

export interface SavedCustomer {
  id: number;
  customer: InvoiceCustomer;
}

export interface Customers {
  /** Saves a buyer, replacing the one with the same identification type and number. */
  upsertCustomer(customer: InvoiceCustomer): SavedCustomer;
  searchCustomers(text: string, limit: number): SavedCustomer[];
  getCustomer(id: number): SavedCustomer | null;
  findCustomer(identificationType: string, identification: string): SavedCustomer | null;
  /** Edits customer `id` (its identification may change too); null when there is no such customer. */
  updateCustomer(id: number, customer: InvoiceCustomer): SavedCustomer | null;
  /** The directory page: name (accents and case ignored) or identification prefix; everyone when text is blank. */
  listCustomers(search: { text?: string; limit: number; offset?: number }): { customers: SavedCustomer[]; total: number };
  /** Saves all or none (one transaction), each by identification type and number; counts new and updated. */
  importCustomers(customers: readonly InvoiceCustomer[]): { created: number; updated: number };
  allCustomers(): SavedCustomer[];
}

interface CustomerRow {
  id: number; identification_type: string; identification: string; dv: string; name: string; person_type: string;
  tax_regime: string; email: string; municipality_code: string;
}

function toSaved(row: CustomerRow): SavedCustomer {
  return {
    id: row.id,
    customer: {
      identification_type: row.identification_type, identification: row.identification, dv: row.dv,
      person_type: row.person_type, name: row.name, tax_regime: row.tax_regime, email: row.email,
      municipality_code: row.municipality_code,
    } as InvoiceCustomer,
  };
}

export function customersTable(db: Database.Database, now: () => number): Customers {
  const upsert = db.prepare<Record<string, string | number>, CustomerRow>(
    `INSERT INTO customers (identification_type, identification, dv, name, person_type, tax_regime, email, municipality_code, updated_at,
       folded_name, created_at)
     VALUES (@identification_type, @identification, @dv, @name, @person_type, @tax_regime, @email, @municipality_code, @now, @folded_name, @now)
     ON CONFLICT (identification_type, identification) DO UPDATE SET dv = excluded.dv, name = excluded.name,
       folded_name = excluded.folded_name,
       person_type = excluded.person_type, tax_regime = excluded.tax_regime, email = excluded.email,
       municipality_code = excluded.municipality_code, updated_at = excluded.updated_at
     RETURNING *`,
  );
  const search = db.prepare<{ prefix: string; text: string; limit: number }, CustomerRow>(
    `SELECT * FROM customers WHERE identification LIKE @prefix ESCAPE '\\' OR folded_name LIKE @text ESCAPE '\\'
     ORDER BY name COLLATE NOCASE, id LIMIT @limit`,
  );
  const byId = db.prepare<[number], CustomerRow>('SELECT * FROM customers WHERE id = ?');
  const byIdentification = db.prepare<[string, string], CustomerRow>('SELECT * FROM customers WHERE identification_type = ? AND identification = ?');
  const update = db.prepare<Record<string, string | number>, CustomerRow>(
    `UPDATE customers SET identification_type = @identification_type, identification = @identification, dv = @dv, name = @name,
       person_type = @person_type, tax_regime = @tax_regime, email = @email, municipality_code = @municipality_code,
       folded_name = @folded_name, updated_at = @now
     WHERE id = @id RETURNING *`,
  );
  const all = db.prepare<[], CustomerRow>('SELECT * FROM customers ORDER BY name COLLATE NOCASE, id');

  /** The row to write: every field text, trimmed; identification and name present; the folded name for search. */
  function rowValues(customer: InvoiceCustomer): Record<string, string | number> {
    const c = customer as unknown as Record<string, unknown>;
    const fields = ['identification_type', 'identification', 'dv', 'name', 'person_type', 'tax_regime', 'email', 'municipality_code'];
    const values: Record<string, string | number> = { now: now() };
    for (const field of fields) {
      const value = c[field];
      if (typeof value !== 'string') throw new StoreError(`The customer's ${field} must be text.`);
      values[field] = value.trim();
    }
    if (values.identification === '' || values.name === '') throw new StoreError('A customer needs an identification and a name.');
    values.folded_name = foldText(String(values.name));
    return values;
  }

  return {
    upsertCustomer(customer) {
      const row = upsert.get(rowValues(customer));
      if (!row) throw new StoreError('The customer was not saved.');
      return toSaved(row);
    },

    searchCustomers(text, limit) {
      const t = text.trim();
      if (t === '') return [];
      return search.all({ prefix: `${escapeLike(t)}%`, text: `%${escapeLike(foldText(t))}%`, limit: Math.max(0, Math.floor(limit)) }).map(toSaved);
    },

    getCustomer(id) {
      const row = byId.get(id);
      return row ? toSaved(row) : null;
    },

    findCustomer(identificationType, identification) {
      const row = byIdentification.get(identificationType, identification.trim());
      return row ? toSaved(row) : null;
    },

    updateCustomer(id, customer) {
      const row = update.get({ ...rowValues(customer), id });
      return row ? toSaved(row) : null;
    },

    listCustomers({ text, limit, offset }) {
      const t = text?.trim() ?? '';
      const where = t === '' ? '' : `WHERE identification LIKE @prefix ESCAPE '\\' OR folded_name LIKE @text ESCAPE '\\'`;
      const params = { prefix: `${escapeLike(t)}%`, text: `%${escapeLike(foldText(t))}%` };
      const total = (db.prepare(`SELECT count(*) AS n FROM customers ${where}`).get(params) as { n: number }).n;
      const rows = db.prepare(`SELECT * FROM customers ${where} ORDER BY name COLLATE NOCASE, id LIMIT @limit OFFSET @offset`)
        .all({ ...params, limit: Math.max(0, Math.floor(limit)), offset: Math.max(0, Math.floor(offset ?? 0)) }) as CustomerRow[];
      return { customers: rows.map(toSaved), total };
    },

    importCustomers(customers) {
      return db.transaction(() => {
        let created = 0;
        for (const customer of customers) {
          if (!byIdentification.get(customer.identification_type, customer.identification.trim())) created += 1;
          if (!upsert.get(rowValues(customer))) throw new StoreError('A customer was not saved; nothing was imported.');
        }
        return { created, updated: customers.length - created };
      }).immediate();
    },

    allCustomers() {
      return all.all().map(toSaved);
    },
  };
}
