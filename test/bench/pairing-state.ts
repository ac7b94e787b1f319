/**
 * npm run bench:pairing-state [-- --backend all|pglite|postgresql --n 200]
 * What keeping pairing and back-office state in the database (issue 27) costs per request, on embedded PGlite and
 * on a throwaway PostgreSQL cluster with its defaults (fsync on), through a real shop server on 127.0.0.1:
 * - a wrong proof from a device past its own limit (429, one short locked transaction, no check);
 * - a wrong proof checked (403: claimed, every open code unsealed and tried, kept counted), with 10 codes open;
 * - a right proof that pairs a till (claimed, checked, released, the till created), with 10 codes open;
 * - a back-office session check (read the session and its owner, move its idle clock), the cost every Tienda
 *   request now pays.
 * The server's clock is driven (moved a minute on) so the limits let `n` checked proofs through. p50/p95 in ms.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hashPin } from '../../common/pin-hash';
import type { Database } from '../../server/db/adapter';
import { openStore } from '../../server/open-store';
import { startShopServer } from '../../server/server';
import { takeFeedLock, saveRecord } from '../../server/store/master-data';
import { startPgCluster } from '../support/pg-cluster';
import { proofFor, ShopTill } from '../support/shop-till';

const { values } = parseArgs({ options: { backend: { type: 'string', default: 'all' }, n: { type: 'string', default: '200' } } });
const N = Number(values.n);
const OPEN_CODES = 10;

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(2));
};
const figures = (xs: number[]) => `p50 ${pct(xs, 50)} ms, p95 ${pct(xs, 95)} ms (n=${xs.length})`;

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function measure(name: string, db: Database): Promise<void> {
  let offset = 0;
  const adminToken = randomBytes(24).toString('base64url');
  const server = await startShopServer({ db, host: '127.0.0.1', port: 0, tls: null, adminToken, now: () => Date.now() + offset, log: () => {} });
  const openCode = () => server.pairing.openCode();
  try {
    for (let i = 0; i < OPEN_CODES; i++) await openCode();
    const wrong = (till: ShopTill) => till.raw('POST', '/v1/pair', JSON.stringify({ publicKey: till.publicKey, proof: proofFor('0000000000', 'loopback', till.publicKey) }));
    const refused: number[] = [];
    const checked: number[] = [];
    const paired: number[] = [];
    const noisy = new ShopTill(server.url, { from: '127.0.0.2' });
    for (let i = 0; i < 3; i++) await wrong(noisy);
    for (let i = 0; i < N; i++) {
      refused.push(await timed(async () => { if ((await wrong(noisy)).status !== 429) throw new Error('expected 429'); }));
    }
    const quiet = new ShopTill(server.url, { from: '127.0.0.3' });
    while (checked.length < N) {
      offset += 61_000; // a minute on: the limits let the next proofs be checked
      for (let i = 0; i < 3 && checked.length < N; i++) {
        checked.push(await timed(async () => { if ((await wrong(quiet)).status !== 403) throw new Error('expected 403'); }));
      }
    }
    for (let i = 0; i < Math.min(N, 100); i++) {
      const { code } = await openCode();
      const till = new ShopTill(server.url);
      paired.push(await timed(async () => { if ((await till.pair(code)).status !== 200) throw new Error('expected 200'); }));
    }
    const owner = randomBytes(16).toString('hex');
    await db.transaction(async (tx) => {
      await takeFeedLock(tx);
      await saveRecord(tx, 'person', owner, { name: 'Marta', role: 'owner', pinHash: await hashPin('2468', { N: 1024, r: 8, p: 1 }), active: true }, Date.now());
    });
    const opened = await server.sessions.open(owner, '2468');
    if (!opened.ok) throw new Error('no session');
    const checks: number[] = [];
    for (let i = 0; i < N; i++) checks.push(await timed(async () => { if (!(await server.sessions.check(opened.token)).ok) throw new Error('session refused'); }));
    console.log(`${name}:`);
    console.log(`  wrong proof past the device's own limit (429):   ${figures(refused)}`);
    console.log(`  wrong proof checked (403, ${OPEN_CODES} codes open):       ${figures(checked)}`);
    console.log(`  right proof, till paired (200):                 ${figures(paired)}`);
    console.log(`  back-office session check (in process):         ${figures(checks)}`);
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  console.log(`bench:pairing-state — ${new Date().toISOString()}, node ${process.version}`);
  if (values.backend === 'all' || values.backend === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'mostrador-bench-pairing-'));
    const db = await openStore({ pgliteDir: dir });
    try {
      await measure('PGlite (embedded, as the server runs it)', db);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (values.backend === 'all' || values.backend === 'postgresql') {
    const cluster = await startPgCluster({ durable: true });
    if (!cluster) {
      console.log('PostgreSQL: skipped (initdb/pg_ctl not found)');
      return;
    }
    try {
      const db = await openStore({ databaseUrl: await cluster.createDatabase(`bench_pairing_${process.pid}`) });
      try {
        await measure('PostgreSQL (throwaway cluster, defaults: fsync on)', db);
      } finally {
        await db.close();
      }
    } finally {
      cluster.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
