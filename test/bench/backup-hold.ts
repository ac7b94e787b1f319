/**
 * npm run bench:backup [-- --products 120000 --sales 50000 --waiting 200000]
 * Issue 29: how long a backup and a restore's reading hold the core's thread, phase by phase, on a data file of
 * `products` products and `sales` sales (a real SQLite file in a temp folder). A 1 ms timer runs beside the job; every
 * gap between two of its turns over 20 ms is a hold (what a charge would have waited), reported with the phase it fell
 * in. Then the upload's bookkeeping: the count of sales waiting for the shop server (read once per batch of 500 to
 * give the upload's total) on a till with `waiting` unsent sales. Prints figures; asserts nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../../electron/core/store';
import { takeBackup } from '../../electron/core/backup/take-backup';
import { inspectCopy } from '../../electron/core/backup/restore';
import { sampleSale } from '../support/sample-sale';

const { values } = parseArgs({ options: {
  products: { type: 'string', default: '120000' }, sales: { type: 'string', default: '50000' }, waiting: { type: 'string', default: '200000' },
} });
const PRODUCTS = Number(values.products);
const SALES = Number(values.sales);
const WAITING = Number(values.waiting);

/** Runs `work` beside a 1 ms timer; returns the holds over 20 ms with the phase `phase()` said at the time. */
async function holds<T>(work: () => Promise<T>, phase: () => string): Promise<{ value: T; holds: Array<{ ms: number; phase: string }>; ms: number }> {
  const found: Array<{ ms: number; phase: string }> = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > 20) found.push({ ms: Math.round(now - last), phase: phase() });
    last = now;
  }, 1);
  const started = performance.now();
  const value = await work();
  clearInterval(timer);
  return { value, holds: found, ms: Math.round(performance.now() - started) };
}

const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-backup-'));
try {
  const path = join(dir, 'mostrador.sqlite');
  const store = openStore({ path });
  store.upsertProducts(Array.from({ length: PRODUCTS }, (_, i) => ({
    code: `P-${i}`, name: `Producto de prueba ${i} con un nombre de catálogo largo`, barcode: String(7700000000000 + i),
    price: '1000', unitMeasure: '94', taxCode: '01', taxRate: '19', discountRate: '0',
  })));
  store.database().transaction(() => { for (let i = 0; i < SALES; i++) store.recordSale(sampleSale(i)); })();
  store.database().pragma('wal_checkpoint(TRUNCATE)');
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(`data file: ${mb(statSync(path).size)} (${PRODUCTS} products, ${SALES} sales)`);

  const folder = join(dir, 'usb');
  mkdirSync(folder);
  for (const passphrase of [null, 'la tienda de doña Rosa 1981']) {
    let phase = 'start';
    const phaseMs: Record<string, number> = {};
    let phaseAt = performance.now();
    const run = await holds(() => takeBackup({
      db: store.database(), stagingDir: dir, folder, passphrase, now: Date.now,
      onProgress: (s) => {
        if (s.phase === phase) return;
        const now = performance.now();
        phaseMs[phase] = Math.round(now - phaseAt);
        phase = s.phase;
        phaseAt = now;
      },
    }), () => phase);
    phaseMs[phase] = Math.round(performance.now() - phaseAt);
    const worst = [...run.holds].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(`backup ${passphrase ? 'encrypted' : 'plain'}: ${run.ms} ms; phases ${JSON.stringify(phaseMs)}; holds over 20 ms: ${run.holds.length}, longest ${JSON.stringify(worst)}`);
    if (passphrase === null) {
      const restoreDir = join(dir, 'restore');
      mkdirSync(restoreDir, { recursive: true });
      let readPhase = 'start';
      const read = await holds(() => inspectCopy(run.value.path, { dataDir: restoreDir, passphrase: null, onProgress: (p) => { readPhase = p; } }), () => readPhase);
      const worstRead = [...read.holds].sort((a, b) => b.ms - a.ms).slice(0, 5);
      console.log(`restore's reading: ${read.ms} ms; holds over 20 ms: ${read.holds.length}, longest ${JSON.stringify(worstRead)}`);
    }
  }
  store.close();

  const tillPath = join(dir, 'till.sqlite');
  const till = openStore({ path: tillPath });
  till.database().transaction(() => { for (let i = 0; i < WAITING; i++) till.recordSale(sampleSale(i)); })();
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    till.salesWaitingForShop();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`upload bookkeeping: salesWaitingForShop with ${WAITING} waiting: median ${times[10]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (read once more per batch of 500 during an upload)`);
  till.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
