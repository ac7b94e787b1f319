/**
 * The catalog at a large shop's size, on a real SQLite file (WAL, synchronous=FULL): a 20 000-product CSV imported
 * (read, checked row by row, planned, then written in one transaction, as `catalog.importPreview` + `importCommit`
 * do, timed together), then the catalog filled to 50 000 and the counter's search and barcode look-up timed.
 * Usage: tsx test/bench/catalog.ts [--import 20000] [--total 50000] [--queries 2000]
 * Targets: import ≤ 5 000 ms; search and barcode p95 ≤ 10 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { planCatalogImport } from '../../electron/core/app/catalog-import';
import { openStore } from '../../electron/core/store';
import { seededRandom } from '../support/seeded-random';

const { values } = parseArgs({ options: {
  import: { type: 'string', default: '20000' }, total: { type: 'string', default: '50000' }, queries: { type: 'string', default: '2000' },
} });
const importRows = Number(values.import);
const total = Number(values.total);
const queries = Number(values.queries);

const WORDS = ['Café', 'Arroz', 'Azúcar', 'Aceite', 'Leche', 'Huevos', 'Pan', 'Arepa', 'Queso', 'Chocolate', 'Panela', 'Fríjol',
  'Lenteja', 'Pasta', 'Atún', 'Sal', 'Gaseosa', 'Agua', 'Jugo', 'Cerveza', 'Detergente', 'Jabón', 'Papel', 'Crema', 'Champú'];
const KINDS = ['tradicional', 'light', 'integral', 'familiar', 'premium', 'económico', 'orgánico', 'x 6', 'x 12', 'bolsa'];
const random = seededRandom(9);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

function csvOf(from: number, count: number): string {
  const lines = ['codigo;nombre;codigos_barras;unidad;precio_con_iva;impuesto;tarifa;categoria'];
  for (let i = from; i < from + count; i++) {
    const rate = pick(['19', '5', '0', '19']);
    const shelf = `${100 + Math.floor(random() * 200_000)}`;
    lines.push(`P${String(i).padStart(6, '0')};${pick(WORDS)} ${pick(KINDS)} ${i % 997} g;${7700000000000 + i};94;${shelf};IVA;${rate};${pick(WORDS)}`);
  }
  return lines.join('\r\n');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const ms = (n: number) => Number(n.toFixed(3));

const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-catalog-'));
const store = openStore({ path: join(dir, 'bench.sqlite') });
try {
  // The file's bytes, as the bridge hands them to the import (decoding is part of what is timed).
  const file = new TextEncoder().encode(csvOf(0, importRows));
  const started = process.hrtime.bigint();
  const plan = planCatalogImport(file, store);
  if (plan.preview.errors.length > 0) throw new Error(`the bench file has errors: ${JSON.stringify(plan.preview.errors.slice(0, 3))}`);
  const saved = store.saveCatalogProducts(plan.products);
  const importMs = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`import: ${importRows} products (${(file.length / 1e6).toFixed(2)} MB of CSV, shelf prices with IVA) in ${importMs.toFixed(0)} ms; ` +
    `${saved.created} created, ${plan.preview.warnings.length} shelf prices no base pays exactly (target ≤ 5000 ms)`);

  // Fill to the total with a second file, then re-import the first (updates by code).
  for (let from = importRows; from < total; from += importRows) {
    const more = planCatalogImport(csvOf(from, Math.min(importRows, total - from)), store);
    store.saveCatalogProducts(more.products);
  }
  const reStarted = process.hrtime.bigint();
  const again = planCatalogImport(file, store);
  store.saveCatalogProducts(again.products);
  const reimportMs = Number(process.hrtime.bigint() - reStarted) / 1e6;
  console.log(`re-import of the same ${importRows} products (updates by code) with ${total} in the catalog: ${reimportMs.toFixed(0)} ms`);

  const time = (run: () => unknown): number[] => {
    const durations: number[] = [];
    for (let i = 0; i < queries; i++) {
      const t0 = process.hrtime.bigint();
      run();
      durations.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return durations.sort((a, b) => a - b);
  };
  const terms = [...WORDS.map((w) => w.toLowerCase().slice(0, 4)), 'cafe', 'xyz', 'P0123', 'integral', 'a', 'zz9'];
  const search = time(() => store.searchProducts(pick(terms), 20));
  const barcode = time(() => store.findProductByBarcode(String(7700000000000 + Math.floor(random() * total))));
  const owner = time(() => store.listCatalog({ text: pick(terms), includeInactive: true, limit: 50, offset: 0 }));
  const summary = {
    importProducts: importRows, importMs: ms(importMs), reimportMs: ms(reimportMs), catalogSize: total, queries,
    searchP50: ms(percentile(search, 50)), searchP95: ms(percentile(search, 95)), searchMax: ms(search.at(-1) ?? NaN),
    barcodeP50: ms(percentile(barcode, 50)), barcodeP95: ms(percentile(barcode, 95)), barcodeMax: ms(barcode.at(-1) ?? NaN),
    ownerListP95: ms(percentile(owner, 95)),
  };
  console.log(`counter search (20 results) at ${total}: p50 ${summary.searchP50} ms, p95 ${summary.searchP95} ms, max ${summary.searchMax} ms (target p95 ≤ 10 ms)`);
  console.log(`barcode look-up at ${total}: p50 ${summary.barcodeP50} ms, p95 ${summary.barcodeP95} ms, max ${summary.barcodeMax} ms (target p95 ≤ 10 ms)`);
  console.log(`owner's list with count (50 results) at ${total}: p95 ${summary.ownerListP95} ms`);
  console.log(JSON.stringify(summary));
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
