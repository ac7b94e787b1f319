import type Database from 'better-sqlite3';
import type { InvoiceCustomer } from '../../../shared/api/invoice-request';
import { StoreError } from './errors';
import { escapeLike } from './like-pattern';

export interface SavedCustomer {
  id: number;
  customer: InvoiceCustomer;
}

export interface Customers {
  /** Saves a buyer, replacing the one with the same identification type and number. */
  upsertCustomer(customer: InvoiceCustomer): SavedCustomer;
  searchCustomers(text: string, limit: number): SavedCustomer[];
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
    `INSERT INTO customers (identification_type, identification, dv, name, person_type, tax_regime, email, municipality_code, updated_at)
     VALUES (@identification_type, @identification, @dv, @name, @person_type, @tax_regime, @email, @municipality_code, @now)
     ON CONFLICT (identification_type, identification) DO UPDATE SET dv = excluded.dv, name = excluded.name,
       person_type = excluded.person_type, tax_regime = excluded.tax_regime, email = excluded.email,
       municipality_code = excluded.municipality_code, updated_at = excluded.updated_at
     RETURNING *`,
  );
  const search = db.prepare<{ prefix: string; text: string; limit: number }, CustomerRow>(
    `SELECT * FROM customers WHERE identification LIKE @prefix ESCAPE '\\' OR name LIKE @text ESCAPE '\\'
     ORDER BY name COLLATE NOCASE, id LIMIT @limit`,
  );

  return {
    upsertCustomer(customer) {
      const c = customer as unknown as Record<string, unknown>;
      const fields = ['identification_type', 'identification', 'dv', 'name', 'person_type', 'tax_regime', 'email', 'municipality_code'];
      const values: Record<string, string | number> = { now: now() };
      for (const field of fields) {
        const value = c[field];
        if (typeof value !== 'string') throw new StoreError(`The customer's ${field} must be text.`);
        values[field] = value.trim();
      }
      if (values.identification === '' || values.name === '') throw new StoreError('A customer needs an identification and a name.');
      const row = upsert.get(values);
      if (!row) throw new StoreError('The customer was not saved.');
      return toSaved(row);
    },

    searchCustomers(text, limit) {
      const t = text.trim();
      if (t === '') return [];
      const escaped = escapeLike(t);
      return search.all({ prefix: `${escaped}%`, text: `%${escaped}%`, limit: Math.max(0, Math.floor(limit)) }).map(toSaved);
    },
  };
}
