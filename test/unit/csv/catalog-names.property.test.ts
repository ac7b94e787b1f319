/**
 * Export then import gives every product name back unchanged: names that begin like a formula (`=`, `+`), names
 * that begin with the export's own guard (`'=`, `'+`), quotes, separators, spaces at either end, accents.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogHandlers } from '../../../electron/core/app/catalog-handlers';
import { openStore, type Store } from '../../../electron/core/store';
import { LIMITS } from '../../../shared/limits';
import { productInputSchema } from '../../../shared/product';

let dir: string;
let store: Store;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-csv-names-'));
  store = openStore({ path: join(dir, 'mostrador.sqlite') });
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const csvFile = (text: string) => ({ file: Buffer.from(text, 'utf8').toString('base64') });
const START = fc.constantFrom('', "'=", "'+", "''=", "'", '=', '+', '-', '@', ' ', '"', ';', "'-", "'@");
const BODY = fc.string({ unit: fc.constantFrom('a', 'Ñ', 'é', ' ', ';', ',', '"', "'", '=', '+', '|', '1', '.', '%'), maxLength: 20 });
const NAME = fc.tuple(START, BODY).map(([start, body]) => `${start}${body}`.slice(0, LIMITS.productNameLength))
  .filter((name) => productInputSchema.shape.name.safeParse(name).success);

describe('product names through export and import', () => {
  it('come back unchanged, whatever they begin with', async () => {
    const catalog = catalogHandlers({ store, now: () => 0 });
    await fc.assert(fc.asyncProperty(fc.array(NAME, { minLength: 1, maxLength: 8 }), async (names) => {
      for (const [i, name] of names.entries()) {
        await catalog['catalog.save']({ mode: store.getCatalogProduct(`N${i}`) ? 'update' : 'create', product: {
          code: `N${i}`, name, barcodes: [], unitMeasure: '94', priceEntry: 'base', price: 1000, tax: null, discountRate: 0, category: null, active: true,
        } });
      }
      const before = [...store.eachCatalogProduct()];
      const exported = await catalog['catalog.export']({});
      const preview = await catalog['catalog.importPreview'](csvFile(exported.text));
      expect(preview.errors).toEqual([]);
      await catalog['catalog.importCommit'](csvFile(exported.text));
      expect([...store.eachCatalogProduct()].map((p) => p.name)).toEqual(before.map((p) => p.name));
      // Saving trims a name (shared/product.ts), so what is kept is the name without spaces at either end.
      expect(before.slice(0, names.length).map((p) => p.name)).toEqual(names.map((n) => n.trim()));
    }), { numRuns: 60 });
  });
});
