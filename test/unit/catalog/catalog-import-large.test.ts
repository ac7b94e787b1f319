/**
 * The largest catalog a shop hands over, through the import's real path (an upload on disk, read a chunk at a time,
 * written as it is read inside one transaction): 100 000 rows import in one go; one row more refuses the whole file.
 * Speed and memory are the bench's (`npm run bench:catalog`), never asserted here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
    expect(await catalog['catalog.importCommit']({ upload: token })).toEqual({ created: LIMITS.csvFileRows, updated: 0 });
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

  it('rolls back every row already written when a late row is wrong, and names that row and its field', async () => {
    const file = ['codigo;nombre;precio_base', ...Array.from({ length: 30_000 }, (_, i) => `Q${i};Producto ${i};1000`), 'Q-MAL;Producto malo;mil'].join('\n');
    const token = (await uploads.receive([Buffer.from(file)])).token;
    await expect(catalog['catalog.importCommit']({ upload: token })).rejects.toThrow(/Nothing was imported: row 30002, precio_base: "mil" is not a number\./);
    expect(count()).toBe(0);
  }, 600_000);
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
