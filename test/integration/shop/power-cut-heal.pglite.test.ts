/**
 * Issue 25's proof that a loss at the server is repaired by the tills: the shop server in its own process
 * (`npm run server`, embedded PGlite) acknowledges pushes from two tills, then is SIGKILLed and its data folder put
 * back to a copy taken before the last pushes — what a power cut leaves when the disk had not kept the last commits
 * (this machine cannot cut its own power or drop dirty pages of one folder: the copy stands for "only what was
 * synced", and the loss is larger than a real one would be). Started again, it holds none of those sales while both
 * tills believe them sent; their per-day digests find the gap and push them again, and the server ends holding every
 * sale of both tills once, at its latest revision.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopLink, type ShopLink } from '../../../electron/core/shop/shop-link';
import { sampleSale } from '../../support/sample-sale';
import { startShopServerProcess, type ShopServerProcess } from '../../support/shop-server-process';
import { memoryCredentials, until } from './shop-test-rig';

const RANGE = '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11';

let server: ShopServerProcess | null = null;
const tills: Array<{ store: Store; link: ShopLink }> = [];
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

async function pairedTill(s: ShopServerProcess, name: string): Promise<{ store: Store; link: ShopLink }> {
  const store = openStore({ path: ':memory:' });
  const credentials = memoryCredentials();
  const { body } = await s.admin('POST', '/admin/pairing');
  await pairTill({ store, credentials, now: Date.now }, { serverUrl: s.url, code: String(body.code), tillName: name });
  const link = createShopLink({
    store, credentials, now: Date.now, log: () => {}, onChange: () => {}, client: { retry: { attempts: 1 } },
    // A short interval so the test sees the periodic comparison; the app's is 5 minutes (and at every reconnection).
    pollWaitSeconds: 1, idleMs: 100, backoff: { baseMs: 50, maxMs: 500 }, auditEveryMs: 1_000,
  });
  await link.restart();
  const till = { store, link };
  tills.push(till);
  return till;
}

async function heldAtServer(s: ShopServerProcess): Promise<Map<string, number>> {
  // The owner's own way in: a day report would do, but the revisions are what must match.
  const { openStore: openServerStore } = await import('../../../server/open-store');
  await s.stop();
  const db = await openServerStore({ pgliteDir: join(s.dataDir, 'pglite') });
  try {
    const { rows } = await db.query<{ reference_code: string; revision: number }>('SELECT reference_code, revision FROM sales');
    return new Map(rows.map((r) => [r.reference_code, Number(r.revision)]));
  } finally {
    await db.close();
  }
}

describe('a power cut at the shop server is repaired by the tills (issue 25)', () => {
  it('the server loses acknowledged pushes of two tills; their digests bring back every sale at its latest revision', async () => {
    server = await startShopServerProcess();
    const s = server;
    const one = await pairedTill(s, 'Caja 1');
    const two = await pairedTill(s, 'Caja 2');
    const sold = (t: { store: Store }, from: number, n: number) => Array.from({ length: n }, (_, i) => t.store.recordSale(sampleSale(from + i, RANGE)));
    const first = [...sold(one, 0, 5), ...sold(two, 100, 5)];
    await until('the first sales are acknowledged', () => one.store.salesWaitingForShop() === 0 && two.store.salesWaitingForShop() === 0, 30_000);

    // What the disk holds at the cut: a copy of the folder taken with the server stopped (consistent).
    await s.stop();
    const synced = mkdtempSync(join(tmpdir(), 'mostrador-power-cut-'));
    folders.push(synced);
    cpSync(join(s.dataDir, 'pglite'), join(synced, 'pglite'), { recursive: true });
    await s.start();

    // Acknowledged after that point: new sales, and a reprint that raises a sale's revision.
    const later = [...sold(one, 10, 6), ...sold(two, 110, 6)];
    one.store.recordReprint(first[0]!.saleId, { fiscal: false });
    await until('the later sales are acknowledged', () => one.store.salesWaitingForShop() === 0 && two.store.salesWaitingForShop() === 0, 30_000);
    const everything = [...first, ...later];
    const expected = new Map(everything.map((x) => [x.referenceCode, x.referenceCode === first[0]!.referenceCode ? 2 : 1]));

    // The cut: SIGKILL, and the folder as the disk kept it.
    await s.kill();
    rmSync(join(s.dataDir, 'pglite'), { recursive: true, force: true });
    cpSync(join(synced, 'pglite'), join(s.dataDir, 'pglite'), { recursive: true });
    const lost = await heldAtServer(s);
    expect(lost.size).toBe(first.length);
    expect(lost.get(first[0]!.referenceCode)).toBe(1);
    // Both tills believe everything sent: nothing waits there.
    expect(one.store.salesWaitingForShop() + two.store.salesWaitingForShop()).toBe(0);

    await s.start();
    await until('both tills compared again and pushed what the server lacked', () => {
      const audits = [one.link.lastAudit(), two.link.lastAudit()];
      return audits.every((a) => a !== null && a.differingDays === 0 && Date.now() - a.at < 2_000)
        && one.store.salesWaitingForShop() === 0 && two.store.salesWaitingForShop() === 0;
    }, 60_000);
    for (const t of tills) await t.link.stop();
    const healed = await heldAtServer(s);
    expect(healed).toEqual(expected);
  }, 120_000);
});
