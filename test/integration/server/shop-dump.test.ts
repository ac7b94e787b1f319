/**
 * Verified dumps: on PostgreSQL (pg_dump -Fc in an exported snapshot, pg_restore into a throwaway database, counted)
 * and on the embedded store (PGlite's own dump loaded into an in-memory PGlite, counted). A truncated dump and a
 * dump that does not hold what the shop holds are refused; a restored dump answers the same day report.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../server/open-store';
import { dumpPglite, verifyPgliteDump } from '../../../server/dump/pglite-dump';
import { dumpPostgres, verifyPostgresDump } from '../../../server/dump/postgres-dump';
import { DumpRefused } from '../../../server/dump/shop-counts';
import { shopDateOf, shopDayWindow } from '../../../shared/shop/shop-day';
import { postgresBinDir, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { adminSession, backOffice, pushAll, seedPeople } from './back-office-rig';
import { daySales } from './back-office-samples';
import { startHarness, type Harness } from './harness';
import { product } from './samples';

const folder = mkdtempSync(join(tmpdir(), 'mostrador-dump-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function fillShop(h: Harness, perTill: number): Promise<{ owner: string; date: string }> {
  const people = await seedPeople(h);
  await h.saveAtServer('product', 'CAF-500', product('CAF-500', 18900));
  const tills = [await h.pairedTill('Caja 1'), await h.pairedTill('Caja 2')];
  const date = shopDateOf(Date.now());
  const w = shopDayWindow(date);
  await pushAll(tills, daySales(w.from, w.to, perTill).filter((s) => s.tillIndex < 2));
  await tills[0]!.call('POST', '/v1/shifts', { shifts: [{ shiftId: 1, openedAt: w.from, openedBy: 'Rosa', openingCash: '100000.00',
    closedAt: w.to - 1000, closedBy: 'Rosa', countedCash: '100000.00', report: { kind: 'Z' } }] });
  return { owner: people.owner, date };
}

const bin = postgresBinDir();
describe.skipIf(bin === null)('verified dump on PostgreSQL', () => {
  let cluster: PgCluster | null = null;
  beforeAll(async () => { cluster = await startPgCluster(); }, 120_000);
  afterAll(() => cluster?.stop(), 60_000);
  const tools = () => ({ pgDump: join(bin!, 'pg_dump'), pgRestore: join(bin!, 'pg_restore') });

  it('dumps, restores into a throwaway database and counts the same; the restored copy answers the same day report', async () => {
    const url = await cluster!.createDatabase('dump_source');
    const db = await openStore({ databaseUrl: url });
    const h = await startHarness(async () => ({ db, cleanup: () => db.close() }));
    const { owner, date } = await fillShop(h, 30);
    const file = join(folder, 'shop.pgdump');
    const counts = await dumpPostgres(url, file, tools());
    expect(counts).toMatchObject({ sales: 60, shifts: 1, products: 1, people: 2, tills: 2 });
    expect(await verifyPostgresDump(file, counts, url, tools())).toEqual(counts);
    const before = (await backOffice(h, await adminSession(h, owner), `/v1/back-office/day-report?date=${date}`)).body;
    await h.close();

    const restoredUrl = await cluster!.createDatabase('dump_restored');
    await verifyPostgresDump(file, counts, url, tools(), restoredUrl);
    const restored = await openStore({ databaseUrl: restoredUrl });
    const r = await startHarness(async () => ({ db: restored, cleanup: () => restored.close() }));
    try {
      const after = (await backOffice(r, await adminSession(r, owner), `/v1/back-office/day-report?date=${date}`)).body;
      expect(after).toEqual(before);
      expect(after.sales.count).toBe(60);
    } finally {
      await r.close();
    }
  }, 120_000);

  it('refuses a truncated dump and a dump that does not hold what the shop holds', async () => {
    const url = await cluster!.createDatabase('dump_refusals');
    const db = await openStore({ databaseUrl: url });
    const h = await startHarness(async () => ({ db, cleanup: () => db.close() }));
    await fillShop(h, 10);
    await h.close();
    const file = join(folder, 'refusals.pgdump');
    const counts = await dumpPostgres(url, file, tools());
    await expect(verifyPostgresDump(file, { ...counts, sales: counts.sales + 1 }, url, tools())).rejects.toThrow(/sales: 21 in the shop, 20 in the copy/);
    const cut = join(folder, 'cut.pgdump');
    writeFileSync(cut, readFileSync(file));
    truncateSync(cut, Math.floor(readFileSync(file).length * 0.6));
    await expect(verifyPostgresDump(cut, counts, url, tools())).rejects.toBeInstanceOf(DumpRefused);
  }, 120_000);
});

describe('verified dump of the embedded store (PGlite)', () => {
  it('loads its own dump into an in-memory PGlite and counts the same; refuses a corrupted one', async () => {
    const dir = join(folder, 'pglite');
    const db = await openStore({ pgliteDir: dir });
    const h = await startHarness(async () => ({ db, cleanup: () => db.close() }));
    try {
      await fillShop(h, 8);
      const file = join(folder, 'shop.tar.gz');
      const counts = await dumpPglite(db, file);
      expect(counts).toMatchObject({ sales: 16, shifts: 1, products: 1, people: 2, tills: 2 });
      expect(await verifyPgliteDump(file, counts)).toEqual(counts);
      const bytes = readFileSync(file);
      const cut = join(folder, 'cut.tar.gz');
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expect(verifyPgliteDump(cut, counts)).rejects.toBeInstanceOf(DumpRefused);
    } finally {
      await h.close();
    }
  }, 180_000);
});
