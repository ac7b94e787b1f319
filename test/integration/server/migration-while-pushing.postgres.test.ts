/**
 * Issue 27: server migrations stay forward-only and run while tills push. On one real PostgreSQL, server A serves
 * three tills that push sales without pause; server B then starts on the same database with one migration A does
 * not have (pending: a column added to every sale, filled for 20 000 sales already there, and indexed — it holds
 * the sales table for its whole transaction) and serves too. Every sale pushed is stored exactly once, none is
 * lost, and no push fails; how long pushes waited while the migration held the table is printed (not asserted:
 * speed figures belong to benches; the numbers are in docs/versions-and-running-the-server.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { migrate, migrations, type Migration } from '../../../server/db/migrations';
import { openStore } from '../../../server/open-store';
import { startShopServer, type ShopServer } from '../../../server/server';
import type { Database } from '../../../server/db/adapter';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { ShopTill } from '../../support/shop-till';
import { sale } from './samples';

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

describe.skipIf(postgresBinDir() === null)('a migration while tills push (real PostgreSQL, two server processes\' worth)', () => {
  let cluster: PgCluster | null = null;
  beforeAll(async () => { cluster = await startPgCluster(); }, 120_000);
  afterAll(() => cluster?.stop(), 60_000);

  it('server B migrates the database A serves while three tills push: every sale stored once, none lost, no push failed', async () => {
    const url = await cluster!.createDatabase('migration_while_pushing');
    const dbA = await openStore({ databaseUrl: url });
    const adminToken = randomBytes(24).toString('base64url');
    const a = await startShopServer({ db: dbA, host: '127.0.0.1', port: 0, tls: null, adminToken, log: () => {} });
    let b: ShopServer | null = null;
    let dbB: Database | null = null;
    try {
      const admin = async (server: ShopServer) => {
        const res = await fetch(`${server.url}/admin/pairing`, { method: 'POST', headers: { Authorization: `Bearer ${adminToken}` } });
        return (await res.json() as { code: string }).code;
      };
      const tills: ShopTill[] = [];
      for (let i = 0; i < 3; i++) {
        const till = new ShopTill(a.url);
        expect((await till.pair(await admin(a))).status).toBe(200);
        tills.push(till);
      }
      // 20 000 sales already there, so the pending migration has work to do while it holds the table.
      expect((await tills[0]!.call('POST', '/v1/sales', { sales: [sale('SEED')] })).status).toBe(200);
      const { rows: cols } = await dbA.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'sales' ORDER BY ordinal_position`);
      const names = cols.map((c) => c.column_name);
      await dbA.query(`INSERT INTO sales (${names.join(', ')})
        SELECT ${names.map((n) => (n === 'reference_code' ? `'SEED-' || g` : n)).join(', ')} FROM sales, generate_series(1, 20000) g WHERE reference_code = 'SEED'`);

      let migrating = true;
      const waits: number[] = [];
      const pushed = new Set<string>();
      let failures = 0;
      /** One till: batches of 10 new sales, each sent until acknowledged (a bounded number of tries), to A or B. */
      async function pushLoop(till: ShopTill, index: number): Promise<void> {
        for (let batch = 0; migrating || batch < 3; batch++) {
          const refs = Array.from({ length: 10 }, (_, k) => `T${index}-${String(batch).padStart(4, '0')}-${k}`);
          const body = { sales: refs.map((r) => sale(r)) };
          const started = performance.now();
          for (let attempt = 1; ; attempt++) {
            const answer = await till.call('POST', '/v1/sales', body).catch(() => null);
            if (answer?.status === 200) break;
            failures += 1;
            if (attempt >= 20) throw new Error(`a push was refused 20 times: ${JSON.stringify(answer?.body)}`);
            await new Promise((r) => setTimeout(r, 100));
          }
          waits.push(performance.now() - started);
          for (const r of refs) pushed.add(r);
          if (batch > 2000) throw new Error('the migration never finished');
        }
      }
      const pushing = tills.map((t, i) => pushLoop(t, i + 1));
      await new Promise((r) => setTimeout(r, 500));

      // Server B starts on the same database with a migration A does not know: it migrates, then serves.
      const migrationStarted = performance.now();
      dbB = await openStore({ databaseUrl: url });
      const version = await migrate(dbB, Date.now, [...migrations, PENDING]);
      const migrationMs = performance.now() - migrationStarted;
      expect(version).toBe(migrations.length + 1);
      b = await startShopServer({ db: dbB, host: '127.0.0.1', port: 0, tls: null, adminToken, log: () => {} });
      // Half the tills move to B (as behind one address): both processes serve the migrated schema.
      const moved = new ShopTill(b.url);
      Object.assign(moved, { tillId: tills[0]!.tillId, tillNumber: tills[0]!.tillNumber, privateKey: tills[0]!.privateKey, publicKey: tills[0]!.publicKey });
      const viaB = await moved.call('POST', '/v1/sales', { sales: [sale('VIA-B')] });
      expect(viaB.status).toBe(200);
      pushed.add('VIA-B');
      await new Promise((r) => setTimeout(r, 500));
      migrating = false;
      await Promise.all(pushing);

      const { rows } = await dbA.query<{ reference_code: string; test_note: string | null }>(
        `SELECT reference_code, test_note FROM sales WHERE reference_code LIKE 'T%' OR reference_code = 'VIA-B'`);
      expect(rows.length).toBe(pushed.size);
      expect(new Set(rows.map((r) => r.reference_code))).toEqual(pushed);
      const { rows: seeded } = await dbA.query<{ n: number }>(`SELECT count(*)::int AS n FROM sales WHERE test_note IS NOT NULL AND reference_code LIKE 'SEED%'`);
      expect(seeded[0]!.n).toBe(20_001);
      expect(failures).toBe(0);
      const sorted = [...waits].sort((x, y) => x - y);
      const p = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
      console.log(`migration while pushing: ${pushed.size} sales in ${waits.length} pushes; the migration (20 000 sales) took ${Math.round(migrationMs)} ms; `
        + `push wait p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, longest ${Math.round(sorted.at(-1)!)} ms; refused or failed tries ${failures}`);
    } finally {
      await b?.close();
      await a.close();
      await dbB?.close();
      await dbA.close();
    }
  }, 300_000);
});
