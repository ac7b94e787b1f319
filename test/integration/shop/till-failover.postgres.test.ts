/**
 * Issue 27: two shop server processes on one real PostgreSQL (a throwaway cluster, test/support/pg-cluster.ts),
 * sharing the data folder's TLS material (so one certificate, one pin). Three tills (real SQLite files, their links
 * running) are paired through the first and know both addresses — the second typed in Settings as an extra address,
 * checked live against the pin. While the three push sales, the first process is SIGKILLed: each till carries on
 * through the second by itself (no one touches it), and at the end PostgreSQL holds every sale of every till exactly
 * once, at its latest revision.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopServerHandlers } from '../../../electron/core/app/shop-server-handlers';
import { openStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopLink, type ShopLink } from '../../../electron/core/shop/shop-link';
import { startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { sampleSale } from '../../support/sample-sale';
import { startShopServerProcess, type ShopServerProcess } from '../../support/shop-server-process';
import { memoryCredentials, until } from './shop-test-rig';

const RANGE = '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11';
const ROUNDS = 30;
const KILL_AT_ROUND = 12;

interface Till { name: string; store: Store; link: ShopLink; credentials: ReturnType<typeof memoryCredentials>; dir: string; sold: Array<{ saleId: number; referenceCode: string }> }

describe('a till with two addresses carries on through the second when the first process dies (two processes, one PostgreSQL)', () => {
  let cluster: PgCluster | null = null;
  beforeAll(async () => { cluster = await startPgCluster(); }, 120_000);
  afterAll(() => cluster?.stop(), 60_000);

  it('three tills push while the first process is SIGKILLed: nothing lost, nothing twice, no pairing again', async () => {
    if (!cluster) throw new Error('Debian\'s postgresql (initdb, pg_ctl) is not installed');
    const databaseUrl = await cluster.createDatabase('reach_failover');
    const dataDir = mkdtempSync(join(tmpdir(), 'mostrador-reach-pg-'));
    const processes: ShopServerProcess[] = [];
    const tills: Till[] = [];
    try {
      const first = await startShopServerProcess({ tls: true, databaseUrl, dataDir, args: ['--no-announce'] });
      processes.push(first);
      // Paired through the first (its admin file names it while it is the only one running).
      for (const name of ['Caja A', 'Caja B', 'Caja C']) {
        const dir = mkdtempSync(join(tmpdir(), 'mostrador-reach-pg-till-'));
        const store = openStore({ path: join(dir, 'till.db') });
        const credentials = memoryCredentials();
        const { body } = await first.admin('POST', '/admin/pairing');
        await pairTill({ store, credentials, now: Date.now }, { serverUrl: first.url, code: String(body.code), tillName: name });
        const link = createShopLink({
          store, credentials, now: Date.now, log: () => {}, onChange: () => {}, pollWaitSeconds: 2, idleMs: 1_000,
          backoff: { baseMs: 100, maxMs: 1_000 }, client: { retry: { attempts: 2, baseDelayMs: 50, maxDelayMs: 200 } },
        });
        await link.restart();
        tills.push({ name, store, link, credentials, dir, sold: [] });
      }
      // The second process: same database, same data folder (so the same certificate).
      const second = await startShopServerProcess({ tls: true, databaseUrl, dataDir, args: ['--no-announce'] });
      processes.push(second);
      for (const t of tills) {
        const handlers = shopServerHandlers({ store: t.store, credentials: t.credentials, now: Date.now, log: () => {} }, t.link);
        const status = await handlers['shopServer.addAddress']({ address: second.address, extra: true });
        expect(status.serverUrls).toEqual([first.url, second.url]);
      }

      let n = 1;
      let killedAt = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        if (round === KILL_AT_ROUND) {
          // Only once the first process has taken some of every till's sales: the kill comes mid-stream.
          await until('each till pushed some sales through the first process', () => tills.every((t) => t.store.salesWaitingForShop() < t.sold.length), 20_000);
          await first.kill();
          killedAt = Date.now();
        }
        for (const t of tills) {
          t.sold.push(t.store.recordSale(sampleSale(n++, RANGE)));
          // A reprint now and then: a higher revision of an earlier sale must win at the server, once.
          if (round % 7 === 0) t.store.recordReprint(t.sold[t.sold.length - 3]!.saleId, { fiscal: false });
          t.link.kick();
        }
        if (round === KILL_AT_ROUND) {
          // The figure (printed, not asserted): from the SIGKILL to this round's sale of every till acknowledged.
          await until('every till pushed the sale made just after the kill', () => tills.every((t) => t.store.salesWaitingForShop() === 0), 60_000);
          console.log(`failover: every till's next sale acknowledged by the second process ${Date.now() - killedAt} ms after the first was SIGKILLed`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      await until('every till pushed every sale through the second process', () => tills.every((t) => t.store.salesWaitingForShop() === 0), 60_000);
      for (const t of tills) {
        const pairing = t.link.pairing()!;
        expect(pairing.serverUrls).toEqual([second.url, first.url]);
        expect(pairing.tillNumber).toBe(tills.indexOf(t) + 1);
      }

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ reference_code: string; revision: string }>('SELECT reference_code, revision FROM sales');
        const expected = new Map(tills.flatMap((t) => t.sold.map((s) => [s.referenceCode, t.store.database()
          .prepare<[number], { r: number }>('SELECT shop_revision AS r FROM sales WHERE id = ?').get(s.saleId)!.r] as const)));
        expect(rows.length).toBe(ROUNDS * tills.length);
        expect(new Map(rows.map((r) => [r.reference_code, Number(r.revision)]))).toEqual(expected);
      } finally {
        await client.end();
      }
    } finally {
      for (const t of tills) {
        await t.link.stop();
        t.store.close();
        rmSync(t.dir, { recursive: true, force: true });
      }
      for (const p of processes) await p.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
