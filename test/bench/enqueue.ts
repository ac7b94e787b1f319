/**
 * How long a cashier waits for a sale to be durable: n recordSale calls on a temp file (WAL, synchronous=FULL),
 * each timed until its transaction has committed. Usage: tsx test/bench/enqueue.ts [--n 10000] [--dir <folder on the disk to measure>]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore, type SaleInput } from '../../electron/core/store';

const { values } = parseArgs({ options: { n: { type: 'string', default: '10000' }, dir: { type: 'string' } } });
const n = Number(values.n);
if (!Number.isInteger(n) || n < 1) throw new Error(`--n must be a positive whole number, got ${values.n}`);

const sale: SaleInput = {
  customer: {
    identification_type: '13', identification: '222222222222', dv: '0', person_type: '2', name: 'Consumidor final',
    tax_regime: '49', email: 'facturas@tienda.co', municipality_code: '11001',
  },
  items: [
    { code: 'P-100', name: 'Pan tajado', quantity: 1, unit_measure: '94', price: 6500, discount_rate: 0, taxes: [] },
    { code: 'P-200', name: 'Leche entera 1 L', quantity: 2, unit_measure: 'LTR', price: 4200.5, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] },
    { code: 'P-300', name: 'Cerveza 330 ml', quantity: 6, unit_measure: '94', price: 3500, discount_rate: 10, taxes: [{ code: '04', rate: 8 }] },
  ],
  payment: { form_code: '1', means_code: '10' },
  numberingRangeId: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b',
};

const dir = mkdtempSync(join(values.dir ?? tmpdir(), 'mostrador-bench-'));
const store = openStore({ path: join(dir, 'bench.sqlite') });
const durations: number[] = [];
try {
  for (let i = 0; i < n; i++) {
    const started = process.hrtime.bigint();
    store.recordSale(sale);
    durations.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}

durations.sort((a, b) => a - b);
const at = (q: number): number => durations[Math.min(durations.length - 1, Math.ceil(q * durations.length) - 1)] ?? NaN;
const round = (ms: number): number => Math.round(ms * 1000) / 1000;
const p50 = round(at(0.5));
const p99 = round(at(0.99));
const max = round(durations[durations.length - 1] ?? NaN);
console.log(`recordSale to durable, n=${n}: p50 ${p50} ms, p99 ${p99} ms, max ${max} ms (target p99 <= 25 ms)`);
console.log(JSON.stringify({ bench: 'enqueue', n, p50_ms: p50, p99_ms: p99, max_ms: max }));
