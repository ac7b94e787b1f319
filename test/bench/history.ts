/**
 * History at a busy shop's size: 200 000 sales written through the store (recordSale, then validated, refused or left
 * waiting as the engine would leave them) into a fresh SQLite file (WAL, synchronous=FULL), then the file is opened by
 * a fresh process, as the core opens it, which times each kind of search and reports its RSS.
 * Usage: tsx test/bench/history.ts [--sales 200000] [--queries 300] [--keep] [--db kept.sqlite: search only]
 * Targets: p95 ≤ 10 ms for every search; RSS with the file open ≤ 150 MB.
 */
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readDocument } from '../../shared/api/document';
import { consumidorFinal } from '../../shared/customer';
import { nitCheckDigit } from '../../shared/nit';
import { openStore } from '../../electron/core/store';
import { sampleSale } from '../support/sample-sale';
import { seededRandom } from '../support/seeded-random';

const { values } = parseArgs({ options: {
  sales: { type: 'string', default: '200000' }, queries: { type: 'string', default: '300' }, keep: { type: 'boolean', default: false },
  db: { type: 'string' },
} });
const total = Number(values.sales);

const FIRST = ['María', 'José', 'Luis', 'Ana', 'Carlos', 'Luz', 'Jorge', 'Sandra', 'Andrés', 'Paola', 'Juan', 'Diana', 'Óscar', 'Ángela'];
const LAST = ['Gómez', 'Rodríguez', 'Martínez', 'López', 'García', 'Peña', 'Muñoz', 'Castaño', 'Ramírez', 'Torres', 'Díaz', 'Vargas'];
const SHOPS = ['Ferretería', 'Droguería', 'Panadería', 'Restaurante', 'Papelería', 'Distribuidora', 'Tienda'];
const random = seededRandom(10);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/** A shop's regulars: 3 000 buyers with an identification, cédulas and NITs with their DV. */
const regulars = Array.from({ length: 3000 }, (_, i) => {
  const company = i % 4 === 0;
  const identification = company ? String(800_000_000 + i * 7919) : String(10_000_000 + i * 104_729);
  return {
    identification_type: company ? '31' : '13', identification, dv: nitCheckDigit(identification),
    person_type: company ? '1' : '2', tax_regime: company ? '48' : '49',
    name: company ? `${pick(SHOPS)} ${pick(LAST)} ${pick(['S.A.S.', 'Ltda.', 'y Cía.'])}` : `${pick(FIRST)} ${pick(FIRST)} ${pick(LAST)} ${pick(LAST)}`,
    email: `cliente${i}@correo.example.co`, municipality_code: '11001',
  };
});

const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-history-'));
const path = values.db ?? join(dir, 'history.sqlite');
if (!values.db) writeSales();

/** The sales, through the store: recorded, then validated, refused or left waiting as the engine would leave them. */
function writeSales(): void {
  const YEAR_MS = 365 * 24 * 3600 * 1000;
  let clock = Date.UTC(2025, 10, 23, 13, 0, 0);
  const step = Math.floor(YEAR_MS / total);
  const store = openStore({ path, now: () => clock, random });
  const started = performance.now();
  // Three people sell at this till (the hash is a stand-in: nobody signs in during the bench).
  const people = ['Marta', 'Julián', 'Rosa'].map((name, k) => store.addPerson({ name, role: k === 0 ? 'owner' : 'cashier', pinHash: 'bench' }));
  const tillId = store.tillId();
  try {
    for (let i = 0; i < total; i++) {
      clock += step;
      const sale = sampleSale(i, 'a0000000-0000-4000-8000-000000000001');
      // Six sales in ten are to the anonymous buyer, as at most counters.
      if (random() >= 0.6) sale.customer = pick(regulars);
      else sale.customer = consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '11001' });
      sale.payment = { form_code: '1', means_code: pick(['10', '10', '10', '48', '49', '47']) };
      const cashier = people[i % people.length] ?? null;
      const recorded = store.recordSale({ ...sale, stamp: (saleId) => store.stampSale(saleId, { tillId, tillName: 'Caja 1', cashier, usedOverrides: [] }) });
      // The newest 300 still wait for the service; one in 200 was refused; the rest were validated.
      if (i >= total - 300) continue;
      const remote = { id: `d${i}`, reference_code: recorded.referenceCode };
      if (i % 200 === 7) {
        store.markNeedsAttention(recorded.entryId, 'customer.identification: el documento no es válido',
          readDocument({ ...remote, status: 'REJECTED', full_number: null, cufe: null, qr_url: null }));
      } else {
        const cufe = Array.from({ length: 96 }, () => '0123456789abcdef'[Math.floor(random() * 16)]).join('');
        store.markValidated(recorded.entryId, readDocument({
          ...remote, status: 'VALIDATED', full_number: `SETP${990_000_000 + i}`, cufe,
          qr_url: `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${cufe}`,
        }));
      }
      if (i % 20_000 === 0 && i > 0) process.stdout.write(`  ${i} sales written (${Math.round(performance.now() - started)} ms)\n`);
    }
  } finally {
    store.close();
  }
  const writeMs = Math.round(performance.now() - started);
  const bytes = statSync(path).size;
  console.log(`${total} sales written through the store in ${writeMs} ms; database ${(bytes / 1e6).toFixed(1)} MB`);
}

// The searches run in a fresh process bundled as the shipped core is (plain Node, no TypeScript loader, which alone
// takes some 55 MB): its RSS is the core's with this file open, not the generator's.
const searchScript = join(dir, 'history-search.cjs');
await build({
  entryPoints: [join(import.meta.dirname, 'history-search.ts')], outfile: searchScript, bundle: true, platform: 'node',
  format: 'cjs', target: 'node24', external: ['better-sqlite3'], logLevel: 'warning',
});
const child = spawnSync(process.execPath, ['--expose-gc', searchScript, path, String(values.queries)], {
  stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', env: { ...process.env, NODE_PATH: join(import.meta.dirname, '../../node_modules') },
});
process.stdout.write(child.stdout);
if (!values.keep) rmSync(dir, { recursive: true, force: true });
else if (values.db) rmSync(dir, { recursive: true, force: true });
if (values.keep && !values.db) console.log(`kept ${path}`);
process.exitCode = child.status ?? 1;
