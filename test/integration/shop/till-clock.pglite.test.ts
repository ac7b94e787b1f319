/**
 * Tills whose clock is wrong (issue 25) against the real shop server (server/, embedded PGlite, loopback, the real
 * clock): each till's own clock injected through the store's and the client's `now` (the faketime run of separate
 * processes is test/e2e/till-clock.e2e.ts). Every sale reaches the server, signed with the server's time; a stale
 * refusal is re-signed once; the server keeps each till's offset and places each sale by its corrected time; a
 * replayed request is still refused.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { ServerClock } from '../../../electron/core/shop/server-clock';
import { createShopClient, tillSigner } from '../../../electron/core/shop/shop-client';
import { createShopLink, type ShopLink } from '../../../electron/core/shop/shop-link';
import { ShopError } from '../../../electron/core/shop/shop-error';
import { dashboard } from '../../../server/store/dashboard';
import { dayReport } from '../../../server/store/day-report';
import { searchSales } from '../../../server/store/sale-history';
import { SERVER_TIME_HEADER } from '../../../shared/shop/contract';
import { shopDateOf, shopDayWindow } from '../../../shared/shop/shop-day';
import { sampleSale } from '../../support/sample-sale';
import { startHarness, type Harness } from '../server/harness';
import { sale as sampleShopSale } from '../server/samples';
import { pgliteStores } from '../server/stores';
import { memoryCredentials, until } from './shop-test-rig';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);
const RANGE = '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11';
const MIN = 60_000;

let harness: Harness | null = null;
let store: Store | null = null;
let link: ShopLink | null = null;
afterEach(async () => {
  await link?.stop();
  store?.close();
  await harness?.close();
  link = null;
  store = null;
  harness = null;
});

describe('a till whose clock is off, against the real shop server', () => {
  for (const [label, skew] of [['10 minutes ahead', 10 * MIN], ['2 hours ahead', 120 * MIN], ['30 minutes behind', -30 * MIN]] as const) {
    it(`${label}: pairs, learns its offset, every sale reaches the server placed by the corrected time, Tienda names the offset`, async () => {
      harness = await startHarness(stores.open);
      const h = harness;
      const tillNow = () => Date.now() + skew;
      const s = openStore({ path: ':memory:', now: tillNow });
      store = s;
      const credentials = memoryCredentials();
      const clock = new ServerClock({ localNow: tillNow });
      const { body } = await h.admin('POST', '/admin/pairing');
      await pairTill({ store: s, credentials, now: tillNow, client: { clock } }, { serverUrl: h.server.url, code: String(body.code), tillName: 'Caja 1' });
      // The pairing's answer already taught the offset (server − till), to within its round trip.
      expect(Math.abs(clock.offset()! + skew)).toBeLessThan(1_000);

      link = createShopLink({
        store: s, credentials, now: tillNow, log: () => {}, onChange: () => {}, client: { clock, retry: { attempts: 1 } },
        pollWaitSeconds: 1, idleMs: 50, backoff: { baseMs: 20, maxMs: 20 },
      });
      await link.restart();
      // The offset is kept before the sales are made, as a running till has it by its first answer.
      await until('the till keeps its offset', () => s.database().prepare('SELECT clock_offset_ms AS o FROM shop_state').get() !== undefined
        && (s.database().prepare('SELECT clock_offset_ms AS o FROM shop_state').get() as { o: number | null }).o !== null, 10_000);
      const made = [1, 2, 3, 4, 5].map((i) => s.recordSale(sampleSale(i, RANGE)));
      link.kick();
      await until('every sale is at the server', () => s.salesWaitingForShop() === 0, 30_000);

      const { rows } = await h.db.query<{ reference_code: string; created_at: string; clock_offset_ms: string; received_at: string; data: { createdAt: number } }>(
        'SELECT reference_code, created_at, clock_offset_ms, received_at, data FROM sales ORDER BY sale_number');
      expect(rows.map((r) => r.reference_code).sort()).toEqual(made.map((m) => m.referenceCode).sort());
      const ownTime = s.database().prepare<[string], { created_at: number; clock_offset_ms: number }>('SELECT created_at, clock_offset_ms FROM sales WHERE reference_code = ?');
      for (const row of rows) {
        const own = ownTime.get(row.reference_code)!;
        expect(row.data.createdAt).toBe(own.created_at); // the till's own time, kept
        expect(Number(row.clock_offset_ms)).toBe(own.clock_offset_ms); // the offset the till knew when it made the sale
        expect(Number(row.created_at)).toBe(row.data.createdAt + Number(row.clock_offset_ms));
        // Placed by the corrected time: within seconds of when the server received it, whatever the till's clock.
        expect(Math.abs(Number(row.created_at) - Number(row.received_at))).toBeLessThan(10_000);
      }
      // Signed with the server's time from the start: no request was refused.
      expect(h.logs.filter((l) => / 401 /.test(l))).toEqual([]);

      for (let tries = 0; ((await dashboard(h.db, Date.now())).clocks ?? []).length === 0; tries++) {
        if (tries > 100) throw new Error('the server never heard the till\'s clock on its feed');
        await new Promise((r) => setTimeout(r, 100));
      }
      const { clocks, today } = await dashboard(h.db, Date.now());
      expect(clocks).toEqual([expect.objectContaining({ tillNumber: 1, tillName: 'Caja 1' })]);
      expect(Math.abs(clocks![0]!.offsetMs + skew)).toBeLessThan(1_000);
      expect(today.sales.count).toBeGreaterThanOrEqual(1);
      const report = await dayReport(h.db, shopDateOf(Date.now()));
      expect(report.tills[0]?.clockCorrected?.count).toBe(5);
      const page = await searchSales(h.db, { limit: 10 });
      expect(page.sales.every((x) => Math.abs((x.clockOffsetMs ?? 0) + skew) < 1_000)).toBe(true);
    }, 60_000);
  }

  it('a till that knows nothing yet is refused as stale once, re-signs at once with the refusal\'s time, and is let in', async () => {
    harness = await startHarness(stores.open);
    const h = harness;
    const till = await h.pairedTill('Caja 1');
    // The till's clock two hours ahead and nothing learnt: its first signature is stale.
    const clock = new ServerClock({ localNow: () => Date.now() + 120 * MIN });
    const client = createShopClient({ baseUrl: h.server.url, pin: 'loopback', tillId: till.tillId, privateKey: till.privateKey, clock, retry: { attempts: 1 } });
    const ack = await client.sales({ sales: [sampleShopSale('REF-CLOCK-1')] });
    expect(ack).toEqual({ stored: 1, unchanged: 0 });
    const lines = h.logs.filter((l) => l.includes('/v1/sales'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/ 401 .* stale$/);
    expect(lines[1]).toMatch(/ 200 /);
    expect(Math.abs(clock.offset()! + 120 * MIN)).toBeLessThan(1_000);
    // From then on signed right the first time.
    await client.sales({ sales: [sampleShopSale('REF-CLOCK-2')] });
    expect(h.logs.filter((l) => l.includes('/v1/sales'))).toHaveLength(3);
  }, 60_000);

  it('a request signed with the server\'s time and sent again is still refused as replayed', async () => {
    harness = await startHarness(stores.open);
    const h = harness;
    const till = await h.pairedTill('Caja 1');
    const clock = new ServerClock({ localNow: () => Date.now() - 30 * MIN });
    // One answer teaches the clock (the health check's header).
    const sentAt = clock.local();
    const health = await fetch(`${h.server.url}/v1/health`);
    clock.observe(sentAt, clock.local(), health.headers.get(SERVER_TIME_HEADER));
    expect(health.headers.get(SERVER_TIME_HEADER)).toMatch(/^\d{13}$/);
    const sign = tillSigner({ baseUrl: h.server.url, pin: 'loopback', tillId: till.tillId, privateKey: till.privateKey });
    const path = '/v1/changes?since=0&wait=0';
    const authorization = sign('GET', path, '', clock.now());
    const first = await till.raw('GET', path, undefined, { Authorization: authorization });
    expect(first.status).toBe(200);
    expect(first.headers.get(SERVER_TIME_HEADER)).toMatch(/^\d{13}$/);
    const again = await till.raw('GET', path, undefined, { Authorization: authorization });
    expect(again.status).toBe(401);
    expect(again.body.error.reason).toBe('replayed');
    // The refusal tells the time too, as every answer does.
    expect(again.headers.get(SERVER_TIME_HEADER)).toMatch(/^\d{13}$/);
    // The till's own time (30 min behind) is still refused: the window stayed five minutes.
    const own = await till.raw('GET', path, undefined, { Authorization: sign('GET', path, '', clock.local()) });
    expect(own.body.error.reason).toBe('stale');
  }, 60_000);

  it('re-signs once only: a server that keeps answering stale is asked twice, and the refusal comes back', async () => {
    let asked = 0;
    const liar = createServer((_req, res) => {
      asked += 1;
      res.writeHead(401, { 'Content-Type': 'application/json', [SERVER_TIME_HEADER]: String(Date.now() + asked * 3_600_000) });
      res.end(JSON.stringify({ error: { code: 'unauthorized', reason: 'stale', message: 'the request was refused: stale' } }));
    });
    await new Promise<void>((r) => liar.listen(0, '127.0.0.1', () => r()));
    try {
      const h = await startHarness(stores.open);
      harness = h;
      const till = await h.pairedTill('Caja 1');
      const client = createShopClient({
        baseUrl: `http://127.0.0.1:${(liar.address() as AddressInfo).port}`, pin: 'loopback', tillId: till.tillId, privateKey: till.privateKey, retry: { attempts: 3 },
      });
      const failure = await client.sales({ sales: [sampleShopSale('REF-CLOCK-3')] }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ShopError);
      expect((failure as ShopError).serverCode).toBe('stale');
      expect(asked).toBe(2);
    } finally {
      liar.close();
    }
  }, 60_000);

  it('a sale made at 00:05 by a till ten minutes ahead is in the day it was really made (23:55)', async () => {
    harness = await startHarness(stores.open);
    const h = harness;
    const till = await h.pairedTill('Caja 1');
    const today = shopDateOf(Date.now());
    const midnight = shopDayWindow(today).from;
    const answer = await till.call('POST', '/v1/sales', { sales: [sampleShopSale('REF-CLOCK-4', 1, { createdAt: midnight + 5 * MIN, clockOffsetMs: -10 * MIN })] });
    expect(answer.status).toBe(200);
    const yesterday = shopDateOf(midnight - 1);
    const before = await dayReport(h.db, yesterday);
    const after = await dayReport(h.db, today);
    expect(before.sales.count).toBe(1);
    expect(before.tills[0]?.clockCorrected).toEqual({ count: 1, offsetMs: -10 * MIN });
    expect(after.sales.count).toBe(0);
    const detail = await h.db.query<{ data: { createdAt: number } }>('SELECT data FROM sales');
    expect(detail.rows[0]!.data.createdAt).toBe(midnight + 5 * MIN);
  }, 60_000);
});
