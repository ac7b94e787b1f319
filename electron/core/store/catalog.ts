import type Database from 'better-sqlite3';
import type { CatalogProductDto, ProductDto, QuickKeyDto } from '../../../shared/bridge/types';
import { StoreError } from './errors';
import { escapeLike } from './like-pattern';
import { foldText } from '../../../shared/folded-text';
import { LIMITS } from '../../../shared/limits';
import { foldedMatchRank, PRODUCT_MATCH_RANK } from '../../../shared/product-search-rule';

/** A catalog product exactly as the counter sees it (prices and rates are exact decimal strings). */
export type Product = ProductDto;
/** A product as the owner keeps it: every barcode, category, active flag and the shelf price as entered. */
export type CatalogProduct = CatalogProductDto;

export interface CatalogListQuery { text: string; includeInactive: boolean; limit: number; offset: number }

export interface Catalog {
  /** Saves products by code with their one barcode (the demo shelf); one transaction. */
  upsertProducts(list: readonly Product[]): number;
  /** The counter: active products only. */
  findProductByBarcode(barcode: string): Product | null;
  searchProducts(text: string, limit: number): Product[];
  /** The owner's screen: inactive products too when asked. */
  listCatalog(query: CatalogListQuery): { products: CatalogProduct[]; total: number };
  getCatalogProduct(code: string): CatalogProduct | null;
  /**
   * Creates or updates products by code, replacing each one's barcodes, in one transaction: a barcode that
   * belongs to another product refuses the whole list and leaves the catalog as it was.
   */
  saveCatalogProducts(list: readonly CatalogProduct[]): { created: number; updated: number };
  /**
   * A whole file's products written as they are read, in one transaction: `run` gets `add`, which checks a product
   * and writes it with the next few (one statement per batch), dropping their old barcodes and writing their new
   * ones. A barcode another product has at that moment waits until after the last product, so a barcode can move
   * between products in one import; only those wait in memory. Whatever `run` throws rolls all of it back and is
   * thrown on.
   */
  importCatalogProducts<T>(run: (add: (product: CatalogProduct) => void) => T): { result: T; created: number; updated: number };
  /**
   * A file's products written in short transactions (IMPORT_TRANSACTION products each, a few ms), for an import that
   * runs beside the till's own writes (catalog-import-worker.ts): a charge waits at most one such transaction.
   * Barcodes another product has when their batch is written wait for `finish`, as in `importCatalogProducts`.
   */
  catalogImportWriter(opts?: { beforeTransaction?: () => void }): CatalogImportWriter;
  setProductActive(code: string, active: boolean): CatalogProduct | null;
  /** Which of these codes exist already (an import's preview counts creates and updates). */
  existingProductCodes(codes: readonly string[]): Set<string>;
  /** The product code each of these barcodes belongs to now, if any. */
  barcodeOwners(barcodes: readonly string[]): Map<string, string>;
  /** Every product, by code, for an export. */
  eachCatalogProduct(): IterableIterator<CatalogProduct>;
  /** The counter's quick keys: active ones only, by their order then name, at most `limit`. */
  quickKeys(limit: number): QuickKeyDto[];
}

/** Products per statement when a file is imported (and twice as many barcodes). */
const WRITE_BATCH = 200;
/** Products per transaction when an import is written beside the till's own writes (catalogImportWriter). */
export const IMPORT_TRANSACTION = 25;

export interface CatalogImportWriter {
  /** Checks a product and queues it; a full batch is written (and committed) at once. */
  add(product: CatalogProduct): void;
  /** Products committed so far. */
  readonly committed: number;
  readonly created: number;
  /**
   * The last batch and the barcodes that waited, committed. `partial` (a cancel): the queued batch is dropped, and
   * of the waiting barcodes only those no product has now are written; the answer says how many stayed behind.
   */
  finish(opts?: { partial?: boolean }): { created: number; updated: number; barcodesLeft: number };
  /** How long its transactions held the write lock: the longest and the total, in ms. */
  readonly lockMs: { longest: number; total: number; count: number };
}
/** A barcode row as an import writes it: barcode, product code, position in the product's list. */
type BarcodeRow = [barcode: string, code: string, position: number];

interface ProductRow {
  code: string; name: string; price: string; unit_measure: string; tax_code: string | null; tax_rate: string | null;
  discount_rate: string; active: number; category: string | null; shelf_price: string | null; barcodes: string;
  quick_key: number; quick_key_order: number | null;
}

// Prices and rates stay text so no binary float ever touches an amount.
const DECIMAL = /^\d{1,15}(\.\d{1,6})?$/;

function checkProduct(p: CatalogProduct): void {
  const where = `product ${JSON.stringify(p.code)}`;
  if (typeof p.code !== 'string' || p.code.trim() === '') throw new StoreError('A product needs a code.');
  if (typeof p.name !== 'string' || p.name.trim() === '') throw new StoreError(`The ${where} needs a name.`);
  if (!DECIMAL.test(p.price)) throw new StoreError(`The price of ${where} must be a decimal number, got ${JSON.stringify(p.price)}.`);
  if (p.shelfPrice !== null && !DECIMAL.test(p.shelfPrice)) throw new StoreError(`The shelf price of ${where} must be a decimal number.`);
  if (!DECIMAL.test(p.discountRate)) throw new StoreError(`The discount of ${where} must be a percentage, got ${JSON.stringify(p.discountRate)}.`);
  if ((p.taxCode === null) !== (p.taxRate === null)) throw new StoreError(`The ${where} needs both a tax code and a rate, or neither.`);
  if (p.taxRate !== null && !DECIMAL.test(p.taxRate)) throw new StoreError(`The tax rate of ${where} must be a percentage.`);
  if (p.unitMeasure.trim() === '') throw new StoreError(`The ${where} needs a unit of measure.`);
  if (p.quickKeyOrder !== null && !(Number.isInteger(p.quickKeyOrder) && p.quickKeyOrder >= 1 && p.quickKeyOrder <= LIMITS.maxQuickKeyOrder)) {
    throw new StoreError(`The quick key order of ${where} must be a whole number from 1 to ${LIMITS.maxQuickKeyOrder}.`);
  }
}

const COLUMNS = `p.code, p.name, p.price, p.unit_measure, p.tax_code, p.tax_rate, p.discount_rate, p.active, p.category,
  p.shelf_price, p.quick_key, p.quick_key_order, (SELECT json_group_array(barcode) FROM
    (SELECT barcode FROM product_barcodes b WHERE b.code = p.code ORDER BY position)) AS barcodes`;

function toCatalogProduct(row: ProductRow): CatalogProduct {
  const barcodes = JSON.parse(row.barcodes) as string[];
  return {
    code: row.code, name: row.name, barcode: barcodes[0] ?? null, price: row.price, unitMeasure: row.unit_measure,
    taxCode: row.tax_code, taxRate: row.tax_rate, discountRate: row.discount_rate,
    barcodes, category: row.category, active: row.active === 1, shelfPrice: row.shelf_price,
    quickKey: row.quick_key === 1, quickKeyOrder: row.quick_key_order,
  };
}

/** The counter's view: exactly the ProductDto fields, nothing of the owner's. */
function toProduct(row: ProductRow): Product {
  const p = toCatalogProduct(row);
  return {
    code: p.code, name: p.name, barcode: p.barcode, price: p.price, unitMeasure: p.unitMeasure,
    taxCode: p.taxCode, taxRate: p.taxRate, discountRate: p.discountRate,
  };
}

export function catalogTable(db: Database.Database, now: () => number): Catalog {
  const upsert = db.prepare(
    `INSERT INTO products (code, name, price, unit_measure, tax_code, tax_rate, discount_rate, active, category, shelf_price,
       quick_key, quick_key_order, search_key, updated_at)
     VALUES (@code, @name, @price, @unitMeasure, @taxCode, @taxRate, @discountRate, @active, @category, @shelfPrice,
       @quickKey, @quickKeyOrder, @searchKey, @now)
     ON CONFLICT (code) DO UPDATE SET name = excluded.name, price = excluded.price, unit_measure = excluded.unit_measure,
       tax_code = excluded.tax_code, tax_rate = excluded.tax_rate, discount_rate = excluded.discount_rate,
       active = excluded.active, category = excluded.category, shelf_price = excluded.shelf_price,
       quick_key = excluded.quick_key, quick_key_order = excluded.quick_key_order,
       search_key = excluded.search_key, updated_at = excluded.updated_at`,
  );
  const exists = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM products WHERE code = ?');
  const dropBarcodes = db.prepare<[string]>('DELETE FROM product_barcodes WHERE code = ?');
  const addBarcode = db.prepare<[string, string, number]>('INSERT INTO product_barcodes (barcode, code, position) VALUES (?, ?, ?)');
  const ownerOf = db.prepare<[string], { code: string }>('SELECT code FROM product_barcodes WHERE barcode = ?');
  const byCode = db.prepare<[string], ProductRow>(`SELECT ${COLUMNS} FROM products p WHERE p.code = ?`);
  const byBarcode = db.prepare<[string], ProductRow>(
    `SELECT ${COLUMNS} FROM product_barcodes b JOIN products p ON p.code = b.code WHERE b.barcode = ? AND p.active = 1`,
  );
  // The folded key holds code and name. Three characters or more go through the trigram index; shorter text
  // scans the folded keys. What matches is ordered by the shared rule, then by name. An exact code or barcode is
  // looked up first and shown first.
  const where = (text: string, all: boolean) => `${all ? '1' : 'p.active = 1'} AND ${
    text.length >= 3 ? 'p.rowid IN (SELECT rowid FROM products_search WHERE products_search MATCH @match)'
      : text === '' ? '1' : "p.search_key LIKE @like ESCAPE '\\'"}`;
  // What was found is ordered by the shared rule (a word that starts a name before one inside a word), here in SQL.
  // The row's folded key is "code name" (writeProduct): its name and code are cut from it, so a row costs no folding.
  db.function('mostrador_product_rank', { deterministic: true }, (key: unknown, codeLength: unknown, text: unknown) => {
    const folded = String(key ?? '');
    const cut = Number(codeLength);
    return foldedMatchRank(folded.slice(cut + 1), folded.slice(0, cut), String(text ?? ''));
  });
  const statements = new Map<string, Database.Statement<Record<string, unknown>, ProductRow>>();
  const counts = new Map<string, Database.Statement<Record<string, unknown>, { n: number }>>();
  const kind = (text: string) => (text.length >= 3 ? 'match' : text === '' ? 'all' : 'like');
  function searchStatement(text: string, all: boolean, ranked: boolean) {
    const key = `${kind(text)}:${all}:${ranked}`;
    let statement = statements.get(key);
    if (!statement) {
      statement = db.prepare<Record<string, unknown>, ProductRow>(
        text === '' || !ranked ? `SELECT ${COLUMNS} FROM products p WHERE ${where(text, all)} ORDER BY p.name COLLATE NOCASE, p.code LIMIT @limit OFFSET @offset`
          // Ranked on the narrow rows first; the full columns (barcodes and all) only for the page asked for.
          // The two common answers of the rule are read in SQL first (the name starts with the text; a space then the
          // text inside the name): the rule's own function decides every other row, so the order is the rule's.
          : `WITH page AS (SELECT p.rowid AS id, CASE
                 WHEN substr(p.search_key, length(p.code) + 2, length(@text)) = @text THEN ${PRODUCT_MATCH_RANK.nameStart}
                 WHEN instr(p.search_key, ' ' || @text) > length(p.code) + 1 THEN ${PRODUCT_MATCH_RANK.wordStart}
                 ELSE mostrador_product_rank(p.search_key, length(p.code), @text) END AS rank,
               p.name AS name, p.code AS code FROM products p WHERE ${where(text, all)}
               ORDER BY rank, p.name COLLATE NOCASE, p.code LIMIT @limit OFFSET @offset)
             SELECT ${COLUMNS} FROM page JOIN products p ON p.rowid = page.id ORDER BY page.rank, page.name COLLATE NOCASE, page.code`,
      );
      statements.set(key, statement);
    }
    return statement;
  }
  function countStatement(text: string, all: boolean) {
    const key = `${kind(text)}:${all}`;
    let statement = counts.get(key);
    if (!statement) {
      statement = db.prepare<Record<string, unknown>, { n: number }>(`SELECT count(*) AS n FROM products p WHERE ${where(text, all)}`);
      counts.set(key, statement);
    }
    return statement;
  }
  const searchArgs = (folded: string) => ({ match: `"${folded.replace(/"/g, '""')}"`, like: `%${escapeLike(folded)}%`, text: folded });
  /** The product whose code or barcode is exactly the text typed (a scan into the search box). */
  function exactRow(text: string, all: boolean): ProductRow | undefined {
    const row = byCode.get(text) ?? byCode.get(ownerOf.get(text)?.code ?? '');
    return row && (all || row.active === 1) ? row : undefined;
  }
  /** `ranked`: the counter's order (the shared rule); the owner's pages stay by name, as the catalog lists them. */
  function search(text: string, all: boolean, limit: number, offset: number, ranked = false): ProductRow[] {
    const t = text.trim();
    const folded = foldText(t);
    const exact = offset === 0 && t !== '' ? exactRow(t, all) : undefined;
    const rows = searchStatement(folded, all, ranked).all({ ...searchArgs(folded), limit: Math.max(0, Math.floor(limit)), offset: Math.max(0, Math.floor(offset)) });
    if (!exact) return rows;
    return [exact, ...rows.filter((r) => r.code !== exact.code)].slice(0, Math.max(0, Math.floor(limit)));
  }
  const setActive = db.prepare<[number, number, string]>('UPDATE products SET active = ?, updated_at = ? WHERE code = ?');
  const everything = db.prepare<[], ProductRow>(`SELECT ${COLUMNS} FROM products p ORDER BY p.code`);
  // Ordered keys first (NULLs last), then by name: the owner numbers only the few that must come first.
  const quickKeyRows = db.prepare<[number], ProductRow>(
    `SELECT ${COLUMNS} FROM products p WHERE p.quick_key = 1 AND p.active = 1
     ORDER BY p.quick_key_order IS NULL, p.quick_key_order, p.name COLLATE NOCASE, p.code LIMIT ?`,
  );

  function writeProduct(p: CatalogProduct, at: number): boolean {
    const created = exists.get(p.code) === undefined;
    upsert.run({
      code: p.code, name: p.name, price: p.price, unitMeasure: p.unitMeasure, taxCode: p.taxCode, taxRate: p.taxRate,
      discountRate: p.discountRate, active: p.active ? 1 : 0, category: p.category, shelfPrice: p.shelfPrice,
      quickKey: p.quickKey ? 1 : 0, quickKeyOrder: p.quickKeyOrder,
      searchKey: foldText(`${p.code} ${p.name}`), now: at,
    });
    dropBarcodes.run(p.code);
    return created;
  }

  function writeBarcode(barcode: string, code: string, position: number): void {
    const owner = ownerOf.get(barcode);
    if (owner) throw new StoreError(`Barcode ${barcode} already belongs to product ${owner.code}; product ${code} cannot have it too.`);
    addBarcode.run(barcode, code, position);
  }

  function writeBarcodes(p: Pick<CatalogProduct, 'code' | 'barcodes'>): void {
    p.barcodes.forEach((barcode, position) => writeBarcode(barcode, p.code, position));
  }

  function writeGuarded<T>(p: { code: string }, write: () => T): T {
    try {
      return write();
    } catch (error) {
      if (error instanceof StoreError) throw error;
      throw new StoreError(`Product ${p.code} could not be saved: ${(error as Error).message}`, { cause: error });
    }
  }

  // An import writes a batch of products per statement (rows as a JSON array): one statement per product made
  // the trigram index flush its pending terms at every statement, which was most of an import's writing time.
  const upsertMany = db.prepare<{ at: number; rows: string }>(
    `INSERT INTO products (code, name, price, unit_measure, tax_code, tax_rate, discount_rate, active, category, shelf_price,
       quick_key, quick_key_order, search_key, updated_at)
     SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7,
       value ->> 8, value ->> 9, value ->> 10, value ->> 11, value ->> 12, @at FROM json_each(@rows) WHERE true
     ON CONFLICT (code) DO UPDATE SET name = excluded.name, price = excluded.price, unit_measure = excluded.unit_measure,
       tax_code = excluded.tax_code, tax_rate = excluded.tax_rate, discount_rate = excluded.discount_rate,
       active = excluded.active, category = excluded.category, shelf_price = excluded.shelf_price,
       quick_key = excluded.quick_key, quick_key_order = excluded.quick_key_order,
       search_key = excluded.search_key, updated_at = excluded.updated_at`,
  );
  const existingAmong = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM products WHERE code IN (SELECT value FROM json_each(?))');
  const dropBarcodesOf = db.prepare<[string]>('DELETE FROM product_barcodes WHERE code IN (SELECT value FROM json_each(?))');
  /** Barcode rows ([barcode, code, position]) whose barcode another product has now. */
  const takenAmong = db.prepare<[string], { row: string; owner: string }>(
    `SELECT j.value AS row, b.code AS owner FROM json_each(?) j JOIN product_barcodes b ON b.barcode = j.value ->> 0 ORDER BY j.key`,
  );
  const addFreeBarcodes = db.prepare<[string]>(
    `INSERT INTO product_barcodes (barcode, code, position) SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?) j
     WHERE NOT EXISTS (SELECT 1 FROM product_barcodes b WHERE b.barcode = j.value ->> 0)`,
  );

  /**
   * Checked products written in one statement, their old barcodes dropped and their new ones written where no other
   * product has them now; returns how many products were new and the barcode rows that must wait (see the import).
   */
  function writeProducts(list: readonly CatalogProduct[], at: number): { created: number; waiting: BarcodeRow[] } {
    const codes = JSON.stringify(list.map((p) => p.code));
    const rows = JSON.stringify(list.map((p) => [
      p.code, p.name, p.price, p.unitMeasure, p.taxCode, p.taxRate, p.discountRate, p.active ? 1 : 0, p.category,
      p.shelfPrice, p.quickKey ? 1 : 0, p.quickKeyOrder, foldText(`${p.code} ${p.name}`),
    ]));
    const existing = existingAmong.get(codes)?.n ?? 0;
    try {
      upsertMany.run({ at, rows });
    } catch (error) {
      // The failed statement left nothing behind: product by product, to name the one SQLite refused.
      for (const p of list) writeGuarded(p, () => writeProduct(p, at));
      throw new StoreError(`The products could not be saved: ${(error as Error).message}`, { cause: error });
    }
    dropBarcodesOf.run(codes);
    const barcodeRows: BarcodeRow[] = [];
    for (const p of list) p.barcodes.forEach((barcode, position) => barcodeRows.push([barcode, p.code, position]));
    if (barcodeRows.length === 0) return { created: list.length - existing, waiting: [] };
    const waiting = writeBarcodeRows(barcodeRows, { wait: true });
    return { created: list.length - existing, waiting };
  }

  /**
   * Writes barcode rows no other product has now. Those another product has wait (`wait`), or refuse the import.
   * A barcode twice in the list: written one at a time, to name it as a single save does.
   */
  function writeBarcodeRows(rows: readonly BarcodeRow[], opts: { wait: boolean }): BarcodeRow[] {
    const list = JSON.stringify(rows);
    const taken = takenAmong.all(list);
    if (!opts.wait && taken[0]) {
      const [barcode, code] = JSON.parse(taken[0].row) as BarcodeRow;
      throw new StoreError(`Barcode ${barcode} already belongs to product ${taken[0].owner}; product ${code} cannot have it too.`);
    }
    try {
      addFreeBarcodes.run(list);
    } catch (error) {
      for (const [barcode, code, position] of rows) writeGuarded({ code }, () => writeBarcode(barcode, code, position));
      throw new StoreError(`The barcodes could not be saved: ${(error as Error).message}`, { cause: error });
    }
    return taken.map((t) => JSON.parse(t.row) as BarcodeRow);
  }

  function saveAll(list: readonly CatalogProduct[]): { created: number; updated: number } {
    list.forEach(checkProduct);
    // One save or import is one transaction: any bad product leaves the catalog as it was. Every product's old
    // barcodes go before any new one is written, so a barcode can move from one product to another in one import.
    return db.transaction(() => {
      const at = now();
      let created = 0;
      for (const p of list) if (writeGuarded(p, () => writeProduct(p, at))) created += 1;
      for (const p of list) writeGuarded(p, () => writeBarcodes(p));
      return { created, updated: list.length - created };
    }).immediate();
  }

  return {
    upsertProducts(list) {
      // The demo shelf keeps whatever an owner changed since, except price, name and barcode, as before.
      const full = list.map((p): CatalogProduct => {
        const old = byCode.get(p.code);
        return {
          ...p, barcodes: p.barcode?.trim() ? [p.barcode.trim()] : [],
          category: old?.category ?? null, active: old ? old.active === 1 : true, shelfPrice: null,
          quickKey: old?.quick_key === 1, quickKeyOrder: old?.quick_key_order ?? null,
        };
      });
      saveAll(full);
      return list.length;
    },

    findProductByBarcode(barcode) {
      const row = byBarcode.get(barcode.trim());
      return row ? toProduct(row) : null;
    },

    searchProducts(text, limit) {
      if (text.trim() === '') return [];
      return search(text, false, limit, 0, true).map(toProduct);
    },

    listCatalog({ text, includeInactive, limit, offset }) {
      const products = search(text, includeInactive, limit, offset).map(toCatalogProduct);
      const folded = foldText(text.trim());
      const total = countStatement(folded, includeInactive).get(searchArgs(folded))?.n ?? 0;
      // The exact code or barcode counts too when the text alone would not find it.
      return { products, total: Math.max(total, products.length) };
    },

    getCatalogProduct(code) {
      const row = byCode.get(code);
      return row ? toCatalogProduct(row) : null;
    },

    saveCatalogProducts: saveAll,

    importCatalogProducts(run) {
      return db.transaction(() => {
        const at = now();
        let created = 0;
        let added = 0;
        // Barcodes another product has while a batch is written: one further down the file may give them up, so
        // they are written after the last product (usually none: a re-import drops and writes a product's own).
        const waiting: BarcodeRow[] = [];
        let batch: CatalogProduct[] = [];
        const inBatch = new Set<string>();
        const flush = () => {
          if (batch.length === 0) return;
          const written = writeProducts(batch, at);
          created += written.created;
          waiting.push(...written.waiting);
          batch = [];
          inBatch.clear();
        };
        const result = run((p) => {
          checkProduct(p);
          // A code twice in one batch would count as two creates: the first goes to SQLite before the second.
          if (inBatch.has(p.code)) flush();
          batch.push(p);
          inBatch.add(p.code);
          added += 1;
          if (batch.length >= WRITE_BATCH) flush();
        });
        flush();
        for (let from = 0; from < waiting.length; from += WRITE_BATCH) writeBarcodeRows(waiting.slice(from, from + WRITE_BATCH), { wait: false });
        return { result, created, updated: added - created };
      }).immediate();
    },

    catalogImportWriter(opts = {}) {
      const at = now();
      const lockMs = { longest: 0, total: 0, count: 0 };
      const transaction = <T>(work: () => T): T => {
        opts.beforeTransaction?.();
        const started = performance.now();
        try {
          return db.transaction(work).immediate();
        } finally {
          const held = performance.now() - started;
          lockMs.longest = Math.max(lockMs.longest, held);
          lockMs.total += held;
          lockMs.count += 1;
        }
      };
      let created = 0;
      let committed = 0;
      const waiting: BarcodeRow[] = [];
      let batch: CatalogProduct[] = [];
      const inBatch = new Set<string>();
      const flush = () => {
        if (batch.length === 0) return;
        const list = batch;
        batch = [];
        inBatch.clear();
        const written = transaction(() => writeProducts(list, at));
        created += written.created;
        committed += list.length;
        waiting.push(...written.waiting);
      };
      return {
        add(p) {
          checkProduct(p);
          if (inBatch.has(p.code)) flush();
          batch.push(p);
          inBatch.add(p.code);
          if (batch.length >= IMPORT_TRANSACTION) flush();
        },
        get committed() { return committed; },
        lockMs,
        get created() { return created; },
        finish(how = {}) {
          let barcodesLeft = 0;
          if (how.partial) {
            batch = [];
            inBatch.clear();
            for (let from = 0; from < waiting.length; from += WRITE_BATCH) {
              const rows = waiting.slice(from, from + WRITE_BATCH);
              const taken = transaction(() => {
                const left = takenAmong.all(JSON.stringify(rows)).length;
                addFreeBarcodes.run(JSON.stringify(rows));
                return left;
              });
              barcodesLeft += taken;
            }
          } else {
            flush();
            for (let from = 0; from < waiting.length; from += WRITE_BATCH) {
              const rows = waiting.slice(from, from + WRITE_BATCH);
              transaction(() => writeBarcodeRows(rows, { wait: false }));
            }
          }
          return { created, updated: committed - created, barcodesLeft };
        },
      };
    },

    setProductActive(code, active) {
      setActive.run(active ? 1 : 0, now(), code);
      const row = byCode.get(code);
      return row ? toCatalogProduct(row) : null;
    },

    existingProductCodes(codes) {
      const found = new Set<string>();
      for (const code of codes) if (exists.get(code)) found.add(code);
      return found;
    },

    barcodeOwners(barcodes) {
      const owners = new Map<string, string>();
      for (const barcode of barcodes) {
        const owner = ownerOf.get(barcode);
        if (owner) owners.set(barcode, owner.code);
      }
      return owners;
    },

    *eachCatalogProduct() {
      for (const row of everything.iterate()) yield toCatalogProduct(row);
    },

    quickKeys(limit) {
      return quickKeyRows.all(Math.max(0, Math.floor(limit))).map((row) => ({ ...toProduct(row), category: row.category }));
    },
  };
}
