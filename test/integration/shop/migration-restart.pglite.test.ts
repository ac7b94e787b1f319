/**
 * Issue 27: the embedded store's server (PGlite, one process) restarted as a newer one, with a migration pending,
 * while the till's real shop link keeps selling and pushing. The server migrates before it listens again, so for that
 * time the till sees it away and keeps its sales queued; when it answers, every sale goes, once. Nothing lost, nothing
 * set aside. How long the till saw it away is printed (not asserted).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore as openTillStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopLink, type ShopLink } from '../../../electron/core/shop/shop-link';
import type { Database } from '../../../server/db/adapter';
import { migrate, migrations, type Migration } from '../../../server/db/migrations';
import { openPglite } from '../../../server/db/pglite';
import { ensureShop } from '../../../server/store/shop';
import { startShopServer, type ShopServer } from '../../../server/server';
import { sampleSale } from '../../support/sample-sale';
import { memoryCredentials, until } from './shop-test-rig';

const RANGE = '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11';
const PENDING: Migration = {
  name: 'test: a note on every sale, filled and indexed',
  async up(tx) {
    await tx.exec(`
      ALTER TABLE sales ADD COLUMN test_note TEXT;
      UPDATE sales SET test_note = 'nota ' || reference_code;
      CREATE INDEX sales_by_test_note ON sales (test_note);
    `);
  },
};

let cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function open(dir: string, list: readonly Migration[]): Promise<Database> {
  const db = await openPglite(dir, { asShipped: false });
  await migrate(db, Date.now, list);
  await ensureShop(db, Date.now());
  return db;
}

describe('a newer embedded server with a pending migration, started while a till sells', () => {
  it('the till keeps its sales queued while the server migrates, then every one goes once; none set aside', async () => {
    const root = mkdtempSync(join(tmpdir(), 'mostrador-migrate-restart-'));
    cleanup.push(() => rmSync(root, { recursive: true, force: true }));
    const dir = join(root, 'pglite');
    const adminToken = randomBytes(24).toString('base64url');
    let db = await open(dir, migrations);
    let server: ShopServer = await startShopServer({ db, host: '127.0.0.1', port: 0, tls: null, adminToken, log: () => {} });
    const port = server.port;
    cleanup.push(async () => { await server.close(); await db.close(); });

    const store: Store = openTillStore({ path: ':memory:' });
    cleanup.push(() => store.close());
    const credentials = memoryCredentials();
    const code = ((await (await fetch(`${server.url}/admin/pairing`, { method: 'POST', headers: { Authorization: `Bearer ${adminToken}` } })).json()) as { code: string }).code;
    await pairTill({ store, credentials, now: Date.now }, { serverUrl: server.url, code, tillName: 'Caja 1' });
    const link: ShopLink = createShopLink({
      store, credentials, now: Date.now, log: () => {}, onChange: () => {}, client: { retry: { attempts: 1 } },
      pollWaitSeconds: 1, idleMs: 50, backoff: { baseMs: 50, maxMs: 500 },
    });
    await link.restart();
    cleanup.unshift(() => link.stop());

    // Sales already at the server, so the pending migration has some work.
    const made: string[] = [];
    for (let i = 1; i <= 5; i++) made.push(store.recordSale(sampleSale(i, RANGE)).referenceCode);
    link.kick();
    await until('the first sales are acknowledged', () => store.salesWaitingForShop() === 0, 30_000);
    const { rows: cols } = await db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'sales' ORDER BY ordinal_position`);
    const names = cols.map((c) => c.column_name);
    await db.query(`INSERT INTO sales (${names.join(', ')})
      SELECT ${names.map((n) => (n === 'reference_code' ? `'SEED-' || g` : n)).join(', ')} FROM sales, generate_series(1, 5000) g WHERE reference_code = $1`, [made[0]]);

    // The till keeps selling, a sale every 30 ms, while the server stops and a newer one migrates and starts.
    let selling = true;
    let n = 5;
    const seller = (async () => {
      while (selling) {
        n += 1;
        made.push(store.recordSale(sampleSale(n, RANGE)).referenceCode);
        link.kick();
        await new Promise((r) => setTimeout(r, 30));
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const away = Date.now();
    await server.close();
    await db.close();
    db = await open(dir, [...migrations, PENDING]);
    const migratedAt = Date.now();
    server = await startShopServer({ db, host: '127.0.0.1', port, tls: null, adminToken, log: () => {} });
    await new Promise((r) => setTimeout(r, 300));
    selling = false;
    await seller;
    await until('every sale is acknowledged', () => store.salesWaitingForShop() === 0, 60_000);
    const back = Date.now();

    const { rows } = await db.query<{ reference_code: string; test_note: string | null }>(`SELECT reference_code, test_note FROM sales WHERE reference_code NOT LIKE 'SEED-%'`);
    expect(rows.map((r) => r.reference_code).sort()).toEqual([...made].sort());
    expect(rows.every((r) => r.test_note === null || r.test_note === `nota ${r.reference_code}`)).toBe(true);
    expect(store.unsendableSalesCount()).toBe(0);
    const { rows: schema } = await db.query<{ v: number }>('SELECT max(version) AS v FROM schema_migrations');
    expect(Number(schema[0]!.v)).toBe(migrations.length + 1);
    console.log(`newer embedded server with a pending migration: ${made.length} sales made, all acknowledged once; `
      + `stop + migrate (5 000 sales) + start ${migratedAt - away} ms; the till had everything acknowledged ${back - away} ms after the stop`);
  }, 180_000);
});
