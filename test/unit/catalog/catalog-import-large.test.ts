/**
 * The largest catalog a shop hands over, through the import's real path (an upload on disk, read a chunk at a time on
 * the import's worker thread, checked whole, then written in short transactions): 100 000 rows import in one go; one
 * row more refuses the whole file.
 * Speed and memory are the bench's (`npm run bench:catalog`), never asserted here.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogHandlers } from '../../../electron/core/app/catalog-handlers';
import { openStore, type Store } from '../../../electron/core/store';
import { createUploadStore, type UploadStore } from '../../../electron/core/uploads/upload-store';
import { LIMITS } from '../../../shared/limits';

let dir: string;
let store: Store;
let uploads: UploadStore;
let catalog: ReturnType<typeof catalogHandlers>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-catalog-large-'));
  store = openStore({ path: join(dir, 'mostrador.sqlite') });
  uploads = createUploadStore({ dir: join(dir, 'uploads'), maxBytes: LIMITS.catalogFileBytes });
  catalog = catalogHandlers({ store, now: () => 0, uploads });
});
afterEach(() => {
  uploads.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A file of `rows` products sent as the screen sends it, in pieces as they are made (never one string). */
async function uploadProducts(rows: number): Promise<string> {
  async function* pieces() {
    yield Buffer.from('codigo;nombre;codigos_barras;unidad;precio_con_iva;impuesto;tarifa;categoria\r\n');
    for (let from = 0; from < rows; from += 5_000) {
      const lines: string[] = [];
      for (let i = from; i < Math.min(rows, from + 5_000); i++) {
        lines.push(`P${i};Producto ${i} de la tienda;${7_700_000_000_000 + i};${['UND', 'kg', '94'][i % 3]};${1_000 + (i % 9_000)};IVA;${['19', '5', '0'][i % 3]};Despensa\r\n`);
      }
      yield Buffer.from(lines.join(''));
    }
  }
  return (await uploads.receive(pieces())).token;
}

const count = () => store.listCatalog({ text: '', includeInactive: true, limit: 1, offset: 0 }).total;

describe('a catalog at the row limit', () => {
  it(`imports ${LIMITS.csvFileRows} rows in one go, every one of them in SQLite`, async () => {
    const token = await uploadProducts(LIMITS.csvFileRows);
    expect(await catalog['catalog.importCommit']({ upload: token })).toEqual({ created: LIMITS.csvFileRows, updated: 0, outcome: 'imported', saved: LIMITS.csvFileRows, rows: LIMITS.csvFileRows });
    expect(count()).toBe(LIMITS.csvFileRows);
    expect(store.findProductByBarcode(String(7_700_000_000_000 + LIMITS.csvFileRows - 1))?.code).toBe(`P${LIMITS.csvFileRows - 1}`);
    expect(store.getCatalogProduct('P1')).toMatchObject({ unitMeasure: 'KGM', taxRate: '5', category: 'Despensa' });
  }, 600_000);

  it('refuses a file one row over the limit whole: the preview says why, the import writes nothing', async () => {
    const token = await uploadProducts(LIMITS.csvFileRows + 1);
    const preview = await catalog['catalog.importPreview']({ upload: token });
    expect(preview).toMatchObject({ rows: 0, creates: 0, errorCount: 1, errors: [{ row: 1, column: '', message: `the file has more than ${LIMITS.csvFileRows} rows; import it in parts` }] });
    await expect(catalog['catalog.importCommit']({ upload: token })).rejects.toThrow(/Nothing was imported: row 1, file: the file has more than/);
    expect(count()).toBe(0);
  }, 600_000);

  it('writes no row when a late row is wrong (the whole file is checked before the first is written), and names that row and its field', async () => {
    const file = ['codigo;nombre;precio_base', ...Array.from({ length: 30_000 }, (_, i) => `Q${i};Producto ${i};1000`), 'Q-MAL;Producto malo;mil'].join('\n');
    const token = (await uploads.receive([Buffer.from(file)])).token;
    await expect(catalog['catalog.importCommit']({ upload: token })).rejects.toThrow(/Nothing was imported: row 30002, precio_base: "mil" is not a number\./);
    expect(count()).toBe(0);
  }, 600_000);
});

describe('an import after its preview', () => {
  const file = 'codigo;nombre;precio_con_iva;impuesto;tarifa\nA;Uno;11900;IVA;19\nB;Dos;5000;IVA;19\n';

  it('imports what the preview showed', async () => {
    const token = (await uploads.receive([Buffer.from(file)])).token;
    expect(await catalog['catalog.importPreview']({ upload: token })).toMatchObject({ rows: 2, creates: 2, errorCount: 0 });
    expect(await catalog['catalog.importCommit']({ upload: token })).toEqual({ created: 2, updated: 0, outcome: 'imported', saved: 2, rows: 2 });
    expect(store.getCatalogProduct('B')).toMatchObject({ price: '4201.68', shelfPrice: '5000.00' });
  });

  it('refuses a file whose bytes changed after the preview, and writes nothing', async () => {
    const token = (await uploads.receive([Buffer.from(file)])).token;
    await catalog['catalog.importPreview']({ upload: token });
    appendFileSync(uploads.path(token) ?? '', 'C;Tres;12,5;IVA;19\n');
    await expect(catalog['catalog.importCommit']({ upload: token })).rejects.toThrow(
      'Nothing was imported: row 1, file: the file changed after its preview; preview it again.',
    );
    expect(count()).toBe(0);
    // Previewed again, it imports (its decimal comma now seen by the first pass).
    await catalog['catalog.importPreview']({ upload: token });
    expect(await catalog['catalog.importCommit']({ upload: token })).toEqual({ created: 3, updated: 0, outcome: 'imported', saved: 3, rows: 3 });
    expect(store.getCatalogProduct('C')?.shelfPrice).toBe('12.50');
  });

  it('checks every row again at the import: a barcode taken since the preview refuses the file', async () => {
    const token = (await uploads.receive([Buffer.from('codigo;nombre;precio_base;codigos_barras\nA;Uno;100;111\n')])).token;
    expect(await catalog['catalog.importPreview']({ upload: token })).toMatchObject({ errorCount: 0 });
    await catalog['catalog.save']({ mode: 'create', product: {
      code: 'Z', name: 'Otro', barcodes: ['111'], unitMeasure: '94', priceEntry: 'base', price: 100, tax: null, discountRate: 0, category: null, active: true,
    } });
    await expect(catalog['catalog.importCommit']({ upload: token })).rejects.toThrow(/row 2, codigos_barras: barcode 111 already belongs to product Z/);
    expect(store.getCatalogProduct('A')).toBeNull();
  });
});

describe('the upload folder', () => {
  it('refuses a file over its size, keeping nothing, and forgets files past their hour', async () => {
    let now = 0;
    const small = createUploadStore({ dir: join(dir, 'small'), maxBytes: 10, now: () => now });
    await expect(small.receive([Buffer.from('123456'), Buffer.from('789012')])).rejects.toThrow('larger than 10 bytes');
    const kept = await small.receive([Buffer.from('12345')]);
    expect(small.path(kept.token)).toMatch(/\.upload$/);
    now += 61 * 60_000;
    expect(small.path(kept.token)).toBeNull();
    small.close();
  });
});
