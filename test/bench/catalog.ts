/**
 * The catalog at a large shop's size. First the largest file as a shop hands it over: 100 000 products padded with
 * notes to about 20 MB, imported through browser mode as it ships (electron/web.ts bundled, plain node: the till's
 * own process) the way the screen does it: uploaded, previewed, then imported. It reports the time per 20 000 rows
 * and the till process's peak RSS (VmHWM), and checks the count in SQLite through the bridge.
 * Then, in this process on a real SQLite file (WAL, synchronous=FULL): a 20 000-product CSV checked and imported
 * (as `catalog.importPreview` + `importCommit` do, timed together), the catalog filled to 50 000, and the counter's
 * search and barcode look-up timed.
 * Usage: tsx test/bench/catalog.ts [--large 100000] [--large-mb 20] [--import 20000] [--total 50000] [--queries 2000]
 * While the large file is previewed and imported (on the core's import thread, catalog-import-worker.ts), a till
 * charges every 500 ms and searches every 100 ms through the bridge: it prints the charges' p50/p99/max and the
 * longest bridge answer, and the same for 5 s of the till alone before (the demo catalog) and after (the full one).
 * Targets: the large file ≤ 5 000 ms per 20 000 rows and ≤ 250 MB peak RSS; import ≤ 5 000 ms; search and barcode p95 ≤ 10 ms;
 * during the large import, charge p99 ≤ 50 ms and no bridge answer over 100 ms.
 */
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkCatalogImport, type CatalogFileFacts } from '../../electron/core/app/catalog-import';
import { openStore } from '../../electron/core/store';
import { consumidorFinal } from '../../shared/customer';
import type { BridgeInput, BridgeMethod, BridgeResult } from '../../shared/bridge/contract';
import type { UploadReceiptDto } from '../../shared/bridge/types';
import { removeDataDir, startApp, type AppProcess } from '../e2e/app-process';
import { seededRandom } from '../support/seeded-random';
import { buildWebBundle } from './web-bundle';

const { values } = parseArgs({ options: {
  large: { type: 'string', default: '100000' }, 'large-mb': { type: 'string', default: '20' },
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

const HEADER = 'codigo;nombre;codigos_barras;unidad;precio_con_iva;impuesto;tarifa;categoria';
/** One product line; `note` pads it (a notes column the import does not use, as shops' files have). */
function productLine(i: number, note = ''): string {
  const rate = pick(['19', '5', '0', '19']);
  const shelf = `${100 + Math.floor(random() * 200_000)}`;
  return `P${String(i).padStart(7, '0')};${pick(WORDS)} ${pick(KINDS)} ${i % 997} g;${7700000000000 + i};${pick(['94', 'UND', 'kg'])};${shelf};IVA;${rate};${pick(WORDS)}${note}`;
}

function csvOf(from: number, count: number): string {
  const lines = [HEADER];
  for (let i = from; i < from + count; i++) lines.push(productLine(i));
  return lines.join('\r\n');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const ms = (n: number) => Number(n.toFixed(3));
const mb = (bytes: number) => Number((bytes / 1e6).toFixed(1));
const log = (line: string) => process.stdout.write(`${line}\n`);

/** The largest file, written to disk a line at a time (this process never holds it). */
async function writeLargeFile(path: string, rows: number, megabytes: number): Promise<number> {
  const out = createWriteStream(path);
  const plain = Buffer.byteLength(`${productLine(1_000_000 + rows)}\r\n`) + 1;
  const padding = Math.max(0, Math.round((megabytes * 1e6) / rows) - plain);
  const note = padding > 0 ? `;${'Producto de la tienda, revisar precio con el proveedor. '.repeat(Math.ceil(padding / 56)).slice(0, padding)}` : '';
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${HEADER}${note ? ';notas' : ''}\r\n`);
  for (let i = 0; i < rows; i++) await write(`${productLine(1_000_000 + i, note)}\r\n`);
  out.end();
  await once(out, 'finish');
  return bytes;
}

/** The till process's resident memory now (VmRSS) or at its peak so far (VmHWM), in MB. */
function rssOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number((Number(match[1]) / 1024).toFixed(1)) : NaN;
}

/** CPU time the till process has used so far (user + system), in ms: what a call cost it, whatever else the machine runs. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // utime and stime are fields 14 and 15 of the line (12 and 13 after the command), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function answerOf<T>(res: Response, what: string): Promise<T> {
  const envelope = await res.json() as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  if (!envelope.ok) throw new Error(`${what}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}
async function call<M extends BridgeMethod>(app: AppProcess, method: M, input: BridgeInput<M>): Promise<BridgeResult<M>> {
  const res = await fetch(`${app.origin}/bridge/${method}`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-mostrador-key': app.key }, body: JSON.stringify(input),
    signal: AbortSignal.timeout(300_000),
  });
  return answerOf(res, method);
}
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

const CASH = { form_code: '1', means_code: '10' };
const CHARGE_ITEMS = [
  { code: 'CAF-500', name: 'Café molido tradicional 500 g', quantity: 1, unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] },
];
const CUSTOMER = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });

interface TillFigures { charges: number[]; answers: number[]; longest: { method: string; ms: number } }

/**
 * A till at work while `work` runs: a charge every CHARGE_EVERY_MS and a counter search every SEARCH_EVERY_MS, each
 * timed from its request to its answer (the bridge as the screen sees it). Bounded: stops with the work.
 */
const CHARGE_EVERY_MS = 500;
const SEARCH_EVERY_MS = 100;
async function tillDuring<T>(app: AppProcess, work: Promise<T>): Promise<[T, TillFigures]> {
  const figures: TillFigures = { charges: [], answers: [], longest: { method: '', ms: 0 } };
  let running = true;
  const timedCall = async (method: 'sales.charge' | 'catalog.search', input: unknown) => {
    const started = performance.now();
    const res = await fetch(`${app.origin}/bridge/${method}`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-mostrador-key': app.key }, body: JSON.stringify(input),
      signal: AbortSignal.timeout(60_000),
    });
    const envelope = await res.json() as { ok: boolean; error?: { message: string } };
    const elapsed = performance.now() - started;
    if (!envelope.ok) throw new Error(`${method} during the import: ${envelope.error?.message ?? 'failed'}`);
    figures.answers.push(elapsed);
    if (elapsed > figures.longest.ms) figures.longest = { method, ms: elapsed };
    return elapsed;
  };
  const loop = async (every: number, call: () => Promise<number>, into?: number[]) => {
    while (running) {
      const next = performance.now() + every;
      const ms = await call();
      into?.push(ms);
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
  };
  const terms = ['cafe', 'arroz', 'leche', 'pan', 'queso', 'jabon'];
  let n = 0;
  const loops = Promise.all([
    loop(CHARGE_EVERY_MS, () => timedCall('sales.charge', { customer: CUSTOMER, items: CHARGE_ITEMS, payment: CASH }), figures.charges),
    loop(SEARCH_EVERY_MS, () => timedCall('catalog.search', { text: terms[n++ % terms.length] ?? 'cafe', limit: 20 })),
  ]);
  try {
    return [await work, figures];
  } finally {
    running = false;
    await loops;
  }
}

function tillLine(what: string, f: TillFigures): Record<string, number> {
  const charges = [...f.charges].sort((a, b) => a - b);
  const out = { charges: charges.length, p50: ms(percentile(charges, 50)), p99: ms(percentile(charges, 99)), max: ms(charges.at(-1) ?? NaN), longest: ms(f.longest.ms), answers: f.answers.length };
  log(`  ${what}: ${out.charges} charges (one every ${CHARGE_EVERY_MS} ms) p50 ${out.p50} ms, p99 ${out.p99} ms, max ${out.max} ms (target p99 ≤ 50); ` +
    `longest of ${out.answers} bridge answers ${out.longest} ms (${f.longest.method}; target ≤ 100)`);
  return out;
}

async function largeFile(): Promise<Record<string, number>> {
  const rows = Number(values.large);
  const work = mkdtempSync(join(tmpdir(), 'mostrador-bench-large-'));
  const app = await startApp({ bundle: await buildWebBundle(), dataDir: join(work, 'data') });
  try {
    const path = join(work, 'catalogo.csv');
    const bytes = await writeLargeFile(path, rows, Number(values['large-mb']));
    await call(app, 'app.info', {});
    const idle = rssOf(app.pid, 'VmRSS');
    // As the screen does it: the chosen file's bytes as the upload's body (read from disk as they are sent).
    const [receipt, uploadMs] = await timed(async () => answerOf<UploadReceiptDto>(await fetch(`${app.origin}/bridge-upload`, {
      method: 'POST', headers: { 'content-type': 'application/octet-stream', 'x-mostrador-key': app.key }, body: await openAsBlob(path),
    }), 'upload'));
    // The till alone first: what a charge and a search cost with nothing else running.
    const [, idleTill] = await tillDuring(app, new Promise((r) => setTimeout(r, 5_000)));
    const cpuBefore = cpuMsOf(app.pid);
    const [[preview, previewMs], previewTill] = await tillDuring(app, timed(() => call(app, 'catalog.importPreview', { upload: receipt.token })));
    if (preview.errorCount > 0) throw new Error(`the large file has errors: ${JSON.stringify(preview.errors.slice(0, 3))}`);
    const cpuPreview = cpuMsOf(app.pid);
    const [[saved, commitMs], importTill] = await tillDuring(app, timed(() => call(app, 'catalog.importCommit', { upload: receipt.token })));
    const cpuImport = cpuMsOf(app.pid);
    // The till alone again, the catalog now at its full size: what a search costs with no import running.
    const [, afterTill] = await tillDuring(app, new Promise((r) => setTimeout(r, 5_000)));
    if (saved.outcome !== 'imported') throw new Error(`the import did not finish: ${JSON.stringify(saved)}`);
    const inSqlite = (await call(app, 'catalog.list', { text: '', includeInactive: true, limit: 1, offset: 0 })).total;
    const peak = rssOf(app.pid, 'VmHWM');
    const per20k = (n: number) => Number(((n * 20_000) / rows).toFixed(0));
    const wholeMs = uploadMs + previewMs + commitMs;
    log(`large file: ${rows} products, ${mb(bytes)} MB of CSV, through browser mode as it ships (bundled web.ts, plain node)`);
    log(`  upload ${uploadMs.toFixed(0)} ms, preview ${previewMs.toFixed(0)} ms, import ${commitMs.toFixed(0)} ms: ` +
      `${per20k(wholeMs)} ms per 20 000 rows in all (target ≤ 5000); per 20 000 rows the preview ${per20k(previewMs)} ms, the import ${per20k(commitMs)} ms`);
    log(`  CPU time of the till process per 20 000 rows (what the wall-clock figures become on a machine of its own): ` +
      `preview ${per20k(cpuPreview - cpuBefore)} ms, import ${per20k(cpuImport - cpuPreview)} ms`);
    log(`  ${saved.created} created, ${inSqlite} products in SQLite; ${preview.warningCount} shelf prices no base pays exactly (${preview.warnings.length} listed)`);
    log(`  till process RSS: ${idle} MB before, peak ${peak} MB (target ≤ 250 MB; the import's worker thread is in the same process)`);
    log('  the till at work meanwhile (browser mode over HTTP, as the screen calls it):');
    const idleFigures = tillLine('idle, no import', idleTill);
    const previewFigures = tillLine('during the preview', previewTill);
    const importFigures = tillLine('during the import', importTill);
    const afterFigures = tillLine(`alone after it, ${rows} products in the catalog`, afterTill);
    const lockLine = /catalog import: .*/.exec(app.output())?.[0];
    if (lockLine) log(`  the import's own log: ${lockLine}`);
    // The demo shelf's few products are there too.
    if (inSqlite < rows) throw new Error(`expected ${rows} products in SQLite, found ${inSqlite}`);
    const till = (prefix: string, f: Record<string, number>) => Object.fromEntries(Object.entries(f).map(([k, v]) => [`${prefix}${k[0]?.toUpperCase()}${k.slice(1)}`, v]));
    return { ...till('idleCharge', idleFigures), ...till('previewCharge', previewFigures), ...till('importCharge', importFigures), ...till('afterCharge', afterFigures), largeRows: rows, largeMb: mb(bytes), largeMsPer20k: per20k(wholeMs), largePreviewMsPer20k: per20k(previewMs), largeImportMsPer20k: per20k(commitMs), largePreviewCpuMsPer20k: per20k(cpuPreview - cpuBefore), largeImportCpuMsPer20k: per20k(cpuImport - cpuPreview), largePeakRssMb: peak, largeIdleRssMb: idle };
  } finally {
    await app.stop();
    removeDataDir(work);
  }
}

const large = Number(values.large) > 0 ? await largeFile() : {};

const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-catalog-'));
const store = openStore({ path: join(dir, 'bench.sqlite') });
try {
  // The file's bytes, as the bridge hands them to the import (decoding is part of what is timed).
  const file = new TextEncoder().encode(csvOf(0, importRows));
  // As the two calls do: checked (the preview, whose first pass the import reuses), then each row checked again
  // and written as it is read (the import).
  const previewOf = (source: Uint8Array) => {
    let facts: CatalogFileFacts | undefined;
    const preview = checkCatalogImport(source, store, { onFacts: (found) => { facts = found; } });
    return { preview, facts };
  };
  const importFile = (source: Uint8Array, facts = previewOf(source).facts) => store.importCatalogProducts((add) => {
    const check = checkCatalogImport(source, store, facts ? { onProduct: add, facts } : { onProduct: add });
    if (check.errorCount > 0) throw new Error(`the bench file has errors: ${JSON.stringify(check.errors.slice(0, 3))}`);
  });
  const started = process.hrtime.bigint();
  const { preview, facts } = previewOf(file);
  const saved = importFile(file, facts);
  const importMs = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(`import: ${importRows} products (${(file.length / 1e6).toFixed(2)} MB of CSV, shelf prices with IVA) in ${importMs.toFixed(0)} ms; ` +
    `${saved.created} created, ${preview.warningCount} shelf prices no base pays exactly (target ≤ 5000 ms)`);

  // Fill to the total with a second file, then re-import the first (updates by code).
  for (let from = importRows; from < total; from += importRows) importFile(new TextEncoder().encode(csvOf(from, Math.min(importRows, total - from))));
  const reStarted = process.hrtime.bigint();
  importFile(file);
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
    ...large,
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
