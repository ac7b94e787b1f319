/**
 * Issue 25's restore proof: three tills sell all day against the shop server (`npm run server`, embedded PGlite, with
 * its scheduled copies); the morning's copy is taken by the server itself (the owner's `backup-now`, the same path as
 * the daily copy); in the afternoon the tills sell more, reprint and close their shifts with a Z each. Then the
 * server's store is lost and restored from the morning's copy with the one-step `npm run server -- restore`. Started
 * again, the tills find the gap by their digests at the reconnection (their periodic comparison is the app's 5
 * minutes: only the reconnection can have done it) and push again every sale and shift the server lacks: within two
 * minutes it holds every sale of every till once, at its latest revision, and the day report equals the sum of the Z
 * reports to the peso.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import { shiftReport } from '../../../electron/core/app/shift-report';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopLink, type ShopLink } from '../../../electron/core/shop/shop-link';
import { shopDateOf } from '../../../shared/shop/shop-day';
import { dayReport } from '../../../server/store/day-report';
import { openStore as openServerStore } from '../../../server/open-store';
import { sampleSale } from '../../support/sample-sale';
import { startShopServerProcess, type ShopServerProcess } from '../../support/shop-server-process';
import { memoryCredentials, until } from './shop-test-rig';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const RANGE = '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11';
/** The shop's day: 2026-11-27 in Bogotá, from 08:00. */
const MORNING = Date.UTC(2026, 10, 27, 13, 0);
const HOUR = 3_600_000;

let server: ShopServerProcess | null = null;
const tills: Till[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const t of tills.splice(0)) {
    await t.link.stop();
    t.store.close();
  }
  await server?.dispose();
  server = null;
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

interface Till { store: Store; link: ShopLink; clock: { at: number }; shiftId: number; sold: Array<{ saleId: number; referenceCode: string }> }

async function pairedTill(s: ShopServerProcess, name: string): Promise<Till> {
  const clock = { at: MORNING };
  const store = openStore({ path: ':memory:', now: () => clock.at });
  const credentials = memoryCredentials();
  const { body } = await s.admin('POST', '/admin/pairing');
  await pairTill({ store, credentials, now: Date.now }, { serverUrl: s.url, code: String(body.code), tillName: name });
  // The app's own intervals, but for a quicker retry while the server is away (the app backs off up to 30 s).
  const link = createShopLink({ store, credentials, now: Date.now, log: () => {}, onChange: () => {}, backoff: { baseMs: 100, maxMs: 1_000 } });
  await link.restart();
  const shift = store.startShift({ tillId: store.tillId(), tillName: name, openedBy: { id: null, name: 'Rosa' }, openingCash: '100000.00' });
  const till: Till = { store, link, clock, shiftId: shift.id, sold: [] };
  tills.push(till);
  return till;
}

function sell(t: Till, from: number, n: number): void {
  for (let i = 0; i < n; i++) {
    t.clock.at += 7 * 60_000;
    t.sold.push(t.store.recordSale(sampleSale(from + i, RANGE)));
  }
  // As a charge does in the app: the push loop is told there is work.
  t.link.kick();
}

function closeShift(t: Till): void {
  t.clock.at += 10 * 60_000;
  t.store.closeShift(t.shiftId, {
    closedBy: { id: null, name: 'Rosa' }, cashCount: { bills: {}, coins: {} }, countedCash: '100000.00',
    report: (open, sales, closedAt) => shiftReport({ shift: { ...open, closedAt, closedBy: 'Rosa' }, sales, takenAt: closedAt, unsent: { count: 0, oldestAt: null } }),
  });
  t.link.kick();
}

const allSent = () => tills.every((t) => t.store.salesWaitingForShop() === 0 && t.store.dueShifts(1).length === 0);

describe('a shop server restored from the morning\'s copy is healed by its tills (issue 25)', () => {
  it('within two minutes of its restart it holds every sale once at its latest revision, and the day report equals the Z reports', async () => {
    const copies = mkdtempSync(join(tmpdir(), 'mostrador-restore-heal-'));
    folders.push(copies);
    server = await startShopServerProcess({ args: ['--backup-dir', copies] });
    const s = server;
    const shop = await Promise.all(['Caja 1', 'Caja 2', 'Caja 3'].map((name) => pairedTill(s, name)));
    shop.forEach((t, i) => sell(t, i * 100, 6));
    await until('the morning is at the server', allSent, 30_000);

    // The morning's copy, taken by the server (the same path as its daily copy).
    const taken = await s.admin('POST', '/admin/backup');
    expect(taken.status).toBe(200);
    const copy = readdirSync(copies).find((f) => f.endsWith('.tar.gz'));
    expect(copy).toBeDefined();

    // The afternoon: more sales, a reprint (a higher revision of a morning sale), every shift closed with its Z.
    shop.forEach((t, i) => { t.clock.at += 4 * HOUR; sell(t, i * 100 + 50, 8); });
    shop[1]!.store.recordReprint(shop[1]!.sold[2]!.saleId, { fiscal: false });
    shop[1]!.link.kick();
    shop.forEach(closeShift);
    await until('the afternoon is at the server', allSent, 30_000);

    // The server's store is lost; the owner restores the morning's copy in one step and starts the server again.
    await s.kill();
    rmSync(join(s.dataDir, 'pglite'), { recursive: true, force: true });
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'restore', join(copies, copy!), '--data-dir', s.dataDir], { cwd: ROOT });
    const restarted = Date.now();
    await s.start();
    const up = Date.now();
    await until('every till compared with the restored server, pushed again what it lacked, and agrees', () => tills.every((t) => {
      const audit = t.link.lastAudit();
      return audit !== null && audit.at > restarted && audit.differingDays === 0;
    }) && allSent(), 120_000);
    const healedWithin = Date.now() - restarted;

    for (const t of tills) await t.link.stop();
    await s.stop();
    const db = await openServerStore({ pgliteDir: join(s.dataDir, 'pglite') });
    try {
      const { rows } = await db.query<{ reference_code: string; revision: number }>('SELECT reference_code, revision FROM sales');
      const expected = new Map(shop.flatMap((t) => t.sold.map((x) => [x.referenceCode, t.store.database()
        .prepare<[number], { r: number }>('SELECT shop_revision AS r FROM sales WHERE id = ?').get(x.saleId)!.r] as const)));
      expect(rows.length).toBe(expected.size);
      expect(new Map(rows.map((r) => [r.reference_code, Number(r.revision)]))).toEqual(expected);
      // The reprinted morning sale is there at its afternoon revision, not the morning copy's.
      expect(expected.get(shop[1]!.sold[2]!.referenceCode)).toBeGreaterThan(1);

      const report = await dayReport(db, shopDateOf(MORNING));
      expect(report.zReports.count).toBe(3);
      expect(report.tillsWithoutZ).toEqual([]);
      expect(report.tillsIncomplete).toEqual([]);
      expect(report.sales.count).toBe(42);
      expect(report.zReports.sales).toEqual({ count: report.sales.count, total: report.sales.total });
    } finally {
      await db.close();
    }
    console.log(`restored from the morning's copy: the server up in ${up - restarted} ms, healed by the tills ${healedWithin} ms after the restart`);
  }, 240_000);
});
