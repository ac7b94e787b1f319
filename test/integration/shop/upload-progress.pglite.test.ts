/**
 * Issue 29, the first till's upload of its sales shows its progress: a till (real SQLite file) with 2 000 sales pairs
 * with the real shop server (PGlite) and its link sends them in batches of 500; the status line's `upload` counts sales
 * acknowledged of the total, never going back, and ends finished at the total. Stopped half-way (as when Mostrador
 * closes) and started again, the upload resumes with what was left, and the server holds every sale exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopLink, type ShopLink } from '../../../electron/core/shop/shop-link';
import type { JobProgressDto } from '../../../shared/progress';
import { sampleSale } from '../../support/sample-sale';
import { startHarness, type Harness } from '../server/harness';
import { pgliteStores } from '../server/stores';
import { memoryCredentials, until } from './shop-test-rig';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);
const RANGE = '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11';
const SALES = 2_000;

let harness: Harness | null = null;
let store: Store | null = null;
let link: ShopLink | null = null;
const dir = mkdtempSync(join(tmpdir(), 'mostrador-upload-progress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await link?.stop();
  store?.close();
  await harness?.close();
  link = null;
  store = null;
  harness = null;
});

async function tillWithSales(n: number) {
  harness = await startHarness(stores.open);
  store = openStore({ path: join(dir, `till-${Date.now()}.sqlite`) });
  const s = store;
  s.database().transaction(() => { for (let i = 0; i < n; i++) s.recordSale(sampleSale(i, RANGE)); })();
  const credentials = memoryCredentials();
  const { body } = await harness.admin('POST', '/admin/pairing');
  await pairTill({ store: s, credentials, now: Date.now }, { serverUrl: harness.server.url, code: String(body.code), tillName: 'Caja 1' });
  return { h: harness, s, credentials };
}

/** A link whose every status change records the upload line (what the screens are pushed). */
function watchedLink(s: Store, credentials: ReturnType<typeof memoryCredentials>, seen: JobProgressDto[]): ShopLink {
  const made: ShopLink = createShopLink({
    store: s, credentials, now: Date.now, log: () => {}, client: { retry: { attempts: 1 } },
    pollWaitSeconds: 1, idleMs: 50, backoff: { baseMs: 20, maxMs: 20 },
    onChange: () => {
      const upload = made.line()?.upload;
      if (upload) seen.push(upload);
    },
  });
  return made;
}

function climbs(seen: JobProgressDto[]): void {
  for (let i = 1; i < seen.length; i++) {
    if (seen[i]!.jobId !== seen[i - 1]!.jobId) continue;
    expect(seen[i]!.done).toBeGreaterThanOrEqual(seen[i - 1]!.done);
  }
  expect(seen.every((p) => p.kind === 'shop.upload' && p.unit === 'sales' && !p.cancellable && p.done <= (p.total ?? 0))).toBe(true);
}

describe('the first till\'s upload of its sales, against the real shop server', () => {
  it('counts sales acknowledged of the total, never going back, and ends finished at the total', async () => {
    const { h, s, credentials } = await tillWithSales(SALES);
    const seen: JobProgressDto[] = [];
    link = watchedLink(s, credentials, seen);
    await link.restart();
    await until('every sale is acknowledged', () => s.salesWaitingForShop() === 0, 60_000);
    climbs(seen);
    expect(seen[0]).toMatchObject({ state: 'running', done: 500, total: SALES });
    expect(seen.at(-1)).toMatchObject({ state: 'finished', done: SALES, total: SALES });
    expect(new Set(seen.map((p) => p.jobId)).size).toBe(1);
    // The line keeps saying it ended (for a minute), at the total.
    expect(link.line()?.upload).toMatchObject({ state: 'finished', done: SALES });
    const { rows } = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sales');
    expect(rows[0]!.n).toBe(SALES);
  }, 120_000);

  it('stopped half-way and started again: resumes with what was left, and the server holds each sale once', async () => {
    // Not a multiple of the batch: the upload ends on a short batch here (the first test ends on a full one).
    const SALES = 2_100;
    const { h, s, credentials } = await tillWithSales(SALES);
    const seen: JobProgressDto[] = [];
    link = watchedLink(s, credentials, seen);
    await link.restart();
    await until('a first batch is acknowledged', () => (link!.line()?.upload?.done ?? 0) >= 500, 60_000);
    await link.stop();
    const left = s.salesWaitingForShop();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(SALES);

    const again: JobProgressDto[] = [];
    link = watchedLink(s, credentials, again);
    await link.restart();
    await until('every sale is acknowledged', () => s.salesWaitingForShop() === 0, 60_000);
    climbs(again);
    // The new upload counts what was left (a batch cut by the stop may go again: the server keeps it once).
    const last = again.at(-1)!;
    expect(last).toMatchObject({ state: 'finished' });
    expect(last.done).toBe(last.total);
    expect(last.total).toBeLessThanOrEqual(left);
    const { rows } = await h.db.query<{ n: number; refs: number }>('SELECT count(*)::int AS n, count(DISTINCT reference_code)::int AS refs FROM sales');
    expect(rows[0]).toEqual({ n: SALES, refs: SALES });
  }, 120_000);
});
