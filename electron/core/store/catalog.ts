import type Database from 'better-sqlite3';
import type { ProductDto } from '../../../shared/bridge/types';
import { StoreError } from './errors';
import { escapeLike } from './like-pattern';

/** A catalog product exactly as the bridge shows it (prices and rates are exact decimal strings). */
export type Product = ProductDto;

export interface Catalog {
  upsertProducts(list: readonly Product[]): number;
  findProductByBarcode(barcode: string): Product | null;
  searchProducts(text: string, limit: number): Product[];
}

interface ProductRow {
  code: string; name: string; barcode: string | null; price: string; unit_measure: string;
  tax_code: string | null; tax_rate: string | null; discount_rate: string;
}

// Prices and rates stay text so no binary float ever touches an amount.
const DECIMAL = /^\d{1,15}(\.\d{1,6})?$/;

function checkProduct(p: Product): void {
  const where = `product ${JSON.stringify(p.code)}`;
  if (typeof p.code !== 'string' || p.code.trim() === '') throw new StoreError('A product needs a code.');
  if (typeof p.name !== 'string' || p.name.trim() === '') throw new StoreError(`The ${where} needs a name.`);
  if (!DECIMAL.test(p.price)) throw new StoreError(`The price of ${where} must be a decimal number, got ${JSON.stringify(p.price)}.`);
  if (!DECIMAL.test(p.discountRate)) throw new StoreError(`The discount of ${where} must be a percentage, got ${JSON.stringify(p.discountRate)}.`);
  if ((p.taxCode === null) !== (p.taxRate === null)) throw new StoreError(`The ${where} needs both a tax code and a rate, or neither.`);
  if (p.taxRate !== null && !DECIMAL.test(p.taxRate)) throw new StoreError(`The tax rate of ${where} must be a percentage.`);
  if (p.unitMeasure.trim() === '') throw new StoreError(`The ${where} needs a unit of measure.`);
}

function toProduct(row: ProductRow): Product {
  return {
    code: row.code, name: row.name, barcode: row.barcode, price: row.price, unitMeasure: row.unit_measure,
    taxCode: row.tax_code, taxRate: row.tax_rate, discountRate: row.discount_rate,
  };
}

export function catalogTable(db: Database.Database, now: () => number): Catalog {
  const upsert = db.prepare(
    `INSERT INTO products (code, name, barcode, price, unit_measure, tax_code, tax_rate, discount_rate, updated_at)
     VALUES (@code, @name, @barcode, @price, @unitMeasure, @taxCode, @taxRate, @discountRate, @now)
     ON CONFLICT (code) DO UPDATE SET name = excluded.name, barcode = excluded.barcode, price = excluded.price,
       unit_measure = excluded.unit_measure, tax_code = excluded.tax_code, tax_rate = excluded.tax_rate,
       discount_rate = excluded.discount_rate, updated_at = excluded.updated_at`,
  );
  const byBarcode = db.prepare<[string], ProductRow>('SELECT * FROM products WHERE barcode = ?');
  const search = db.prepare<{ prefix: string; text: string; exact: string; limit: number }, ProductRow>(
    `SELECT * FROM products
     WHERE code LIKE @prefix ESCAPE '\\' OR name LIKE @text ESCAPE '\\' OR barcode = @exact
     ORDER BY (barcode IS @exact OR code = @exact) DESC, name COLLATE NOCASE, code LIMIT @limit`,
  );

  return {
    upsertProducts(list) {
      list.forEach(checkProduct);
      // One import is one transaction: a bad row (say, a barcode used twice) leaves the catalog as it was.
      return db.transaction(() => {
        const at = now();
        for (const p of list) {
          try {
            upsert.run({ ...p, barcode: p.barcode?.trim() || null, now: at });
          } catch (error) {
            throw new StoreError(`Product ${p.code} could not be saved: ${(error as Error).message}`, { cause: error });
          }
        }
        return list.length;
      }).immediate();
    },

    findProductByBarcode(barcode) {
      const row = byBarcode.get(barcode.trim());
      return row ? toProduct(row) : null;
    },

    searchProducts(text, limit) {
      const t = text.trim();
      if (t === '') return [];
      const escaped = escapeLike(t);
      return search.all({ prefix: `${escaped}%`, text: `%${escaped}%`, exact: t, limit: Math.max(0, Math.floor(limit)) }).map(toProduct);
    },
  };
}
