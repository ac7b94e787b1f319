/**
 * Tills and server of different contract versions (issue 27, shared/shop/contract-version.ts), on the real server
 * (PGlite, loopback) and the till's real shop link. A till of the previous version is what tills before issue 27
 * send (no version header); a server of the previous version is this server with `contractVersion: 1` (no header,
 * strict reading, no version refusal: as before issue 27); servers of later versions are stand-ins (a proxy in front
 * of the real server that answers as one would), and the tests that use one say so.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { contractUpdate, createShopLink, problemCode, type ShopLink } from '../../../electron/core/shop/shop-link';
import { CONTRACT_HEADER, CONTRACT_VERSION, tolerantParse } from '../../../shared/shop/contract-version';
import { changesResponseSchema, salesBatchSchema } from '../../../shared/shop/contract';
import { esShopLine } from '../../../renderer/i18n/es-shop-line';
import { shopServerLineText } from '../../../renderer/status/shop-server-line';
import { sampleSale } from '../../support/sample-sale';
import { startContractProxy, type ContractProxy } from '../../support/contract-proxy';
import { startHarness, type Harness } from '../server/harness';
import { product, sale } from '../server/samples';
import { pgliteStores } from '../server/stores';
import { memoryCredentials, until } from './shop-test-rig';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);
const RANGE = '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11';

let harness: Harness | null = null;
let proxy: ContractProxy | null = null;
let store: Store | null = null;
let link: ShopLink | null = null;
afterEach(async () => {
  await link?.stop();
  store?.close();
  await proxy?.close();
  await harness?.close();
  link = null;
  store = null;
  proxy = null;
  harness = null;
});

/** This till, paired with `h` (through `via` when given), its link running fast. */
async function linkedTill(h: Harness, via?: string): Promise<{ s: Store; l: ShopLink }> {
  store = openStore({ path: ':memory:' });
  const credentials = memoryCredentials();
  const { body } = await h.admin('POST', '/admin/pairing');
  await pairTill({ store, credentials, now: Date.now }, { serverUrl: via ?? h.server.url, code: String(body.code), tillName: 'Caja 1' });
  link = createShopLink({
    store, credentials, now: Date.now, log: () => {}, onChange: () => {}, client: { retry: { attempts: 1 } },
    pollWaitSeconds: 1, idleMs: 50, backoff: { baseMs: 20, maxMs: 100 },
  });
  await link.restart();
  return { s: store, l: link };
}

async function serverSales(h: Harness): Promise<string[]> {
  const { rows } = await h.db.query<{ reference_code: string }>('SELECT reference_code FROM sales ORDER BY reference_code');
  return rows.map((r) => r.reference_code);
}

describe('a till of the previous contract version against this server', () => {
  it('a till that sends no version header (version 1, as before issue 27) pushes its sale once and pulls master data', async () => {
    harness = await startHarness(stores.open);
    await harness.saveAtServer('product', 'P-1', product('P-1', 2500));
    const old = await harness.pairedTill();
    const first = await old.call('POST', '/v1/sales', { sales: [sale('OLD-1')] });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ stored: 1, unchanged: 0 });
    expect(first.headers.get(CONTRACT_HEADER)).toBe(String(CONTRACT_VERSION));
    const again = await old.call('POST', '/v1/sales', { sales: [sale('OLD-1')] });
    expect(again.body).toEqual({ stored: 0, unchanged: 1 });
    const feed = await old.call('GET', '/v1/changes?since=0&wait=0');
    expect(feed.status).toBe(200);
    expect(feed.body.changes.map((c: { key: string }) => c.key)).toContain('P-1');
    expect(await serverSales(harness)).toEqual(['OLD-1']);
  }, 60_000);

  it('a till one version ahead (stand-in: header 3 and fields this server does not know) is read tolerantly: its sale is stored once', async () => {
    harness = await startHarness(stores.open);
    const next = await harness.pairedTill();
    const header = { [CONTRACT_HEADER]: String(CONTRACT_VERSION + 1) };
    const body = JSON.stringify({ sales: [{ ...sale('NEXT-1'), tipAmount: '500.00' }], batchNote: 'a later field' });
    const send = () => next.raw('POST', '/v1/sales', body, { ...header, Authorization: next.authorization('POST', '/v1/sales', body) });
    expect((await send()).body).toEqual({ stored: 1, unchanged: 0 });
    expect((await send()).body).toEqual({ stored: 0, unchanged: 1 });
    // The same body from a till of this very version is refused with the field named: strictness is kept among equals.
    const same = await next.raw('POST', '/v1/sales', body, { [CONTRACT_HEADER]: String(CONTRACT_VERSION), Authorization: next.authorization('POST', '/v1/sales', body) });
    expect(same.status).toBe(400);
    expect(JSON.stringify(same.body)).toContain('batchNote');
    expect(await serverSales(harness)).toEqual(['NEXT-1']);
  }, 60_000);

  it('a till two versions ahead, or a till too old for a server two versions ahead (stand-in), is told which side to update (426), nothing stored', async () => {
    harness = await startHarness(stores.open);
    const far = await harness.pairedTill();
    const body = JSON.stringify({ sales: [sale('FAR-1')] });
    const ahead = await far.raw('POST', '/v1/sales', body, { [CONTRACT_HEADER]: String(CONTRACT_VERSION + 2), Authorization: far.authorization('POST', '/v1/sales', body) });
    expect(ahead.status).toBe(426);
    expect(ahead.body.error).toMatchObject({ code: 'contract_version', update: 'server' });
    expect(ahead.body.error.message).toMatch(/update the shop server/);
    const broken = await far.raw('POST', '/v1/sales', body, { [CONTRACT_HEADER]: 'dos', Authorization: far.authorization('POST', '/v1/sales', body) });
    expect(broken.status).toBe(400);
    expect(await serverSales(harness)).toEqual([]);
    await harness.close();

    harness = await startHarness(stores.open, { contractVersion: 3 });
    const old = harness.newTill();
    const { body: code } = await harness.admin('POST', '/admin/pairing');
    const paired = await old.pair(code.code);
    expect(paired.status).toBe(426);
    expect(paired.body.error).toMatchObject({ code: 'contract_version', update: 'till' });
  }, 60_000);
});

describe('this till against a server of another contract version', () => {
  it('against a server of the previous version (version option 1: no header, strict): sales pushed once, master data pulled, nothing shown', async () => {
    harness = await startHarness(stores.open, { contractVersion: 1 });
    await harness.saveAtServer('product', 'P-1', product('P-1', 2500));
    const { s, l } = await linkedTill(harness);
    const sales = [1, 2, 3].map((i) => s.recordSale(sampleSale(i, RANGE)));
    l.kick();
    await until('every sale is acknowledged', () => s.salesWaitingForShop() === 0, 30_000);
    await until('the product is pulled', () => s.getCatalogProduct('P-1') !== null, 30_000);
    expect(await serverSales(harness)).toEqual(sales.map((x) => x.referenceCode).sort());
    expect(s.unsendableSalesCount()).toBe(0);
    expect(l.line()?.problem).toBeNull();
  }, 60_000);

  it('against a server one version ahead (stand-in: a proxy saying version 3 and adding fields to every answer): sales pushed once, master data pulled', async () => {
    harness = await startHarness(stores.open);
    await harness.saveAtServer('product', 'P-1', product('P-1', 2500));
    proxy = await startContractProxy(harness.server.url, { say: CONTRACT_VERSION + 1, addFields: true });
    const { s, l } = await linkedTill(harness, proxy.url);
    const sales = [1, 2].map((i) => s.recordSale(sampleSale(i, RANGE)));
    l.kick();
    await until('every sale is acknowledged', () => s.salesWaitingForShop() === 0, 30_000);
    await until('the product is pulled', () => s.getCatalogProduct('P-1')?.price === '2500', 30_000);
    expect(await serverSales(harness)).toEqual(sales.map((x) => x.referenceCode).sort());
    expect(proxy.seen.filter((x) => x === 'POST /v1/sales 200')).toHaveLength(1);
    expect(s.unsendableSalesCount()).toBe(0);
    expect(l.line()?.problem).toBeNull();
  }, 60_000);

  it('against a server two versions ahead (stand-in proxy saying version 4): sales stay queued, none set aside, the status bar says to update this till; updated, they go once', async () => {
    harness = await startHarness(stores.open);
    proxy = await startContractProxy(harness.server.url, { say: null });
    const { s, l } = await linkedTill(harness, proxy.url);
    await until('the link is in touch', () => l.lastContactAt() !== null, 30_000);
    proxy.mode = { say: CONTRACT_VERSION + 2 };
    const made = s.recordSale(sampleSale(1, RANGE));
    l.kick();
    await until('the version problem is shown', () => l.line()?.problem === 'CONTRACT_UPDATE_TILL', 30_000);
    expect(s.salesWaitingForShop()).toBe(1);
    expect(s.unsendableSalesCount()).toBe(0);
    const text = shopServerLineText(l.line(), esShopLine, 'es-CO', Date.now());
    expect(text?.text).toBe('Servidor de la tienda: 1 venta por enviar — esta caja es de una versión anterior al servidor de la tienda: actualice esta caja; sus ventas esperan aquí y salen solas después');
    // The answer was refused after the server acted on it: the sale may be there once; the till sends it again later.
    proxy.mode = { say: CONTRACT_VERSION + 1 };
    await until('the sale is acknowledged', () => s.salesWaitingForShop() === 0, 30_000);
    await until('the problem clears', () => l.line()?.problem === null, 30_000);
    expect(await serverSales(harness)).toEqual([made.referenceCode]);
  }, 60_000);

  it('against an older server that refuses a field it does not know (stand-in proxy: no header, 400 on sales): the sale stays queued and the line says to update the server', async () => {
    harness = await startHarness(stores.open);
    proxy = await startContractProxy(harness.server.url, { say: null, refuseSales: true });
    const { s, l } = await linkedTill(harness, proxy.url);
    const made = s.recordSale(sampleSale(1, RANGE));
    l.kick();
    await until('the version problem is shown', () => l.line()?.problem === 'CONTRACT_UPDATE_SERVER', 30_000);
    // The feed keeps answering meanwhile: the problem stays said until a push goes through.
    await new Promise((r) => setTimeout(r, 300));
    expect(l.line()?.problem).toBe('CONTRACT_UPDATE_SERVER');
    expect(s.salesWaitingForShop()).toBe(1);
    expect(s.unsendableSalesCount()).toBe(0);
    expect(shopServerLineText(l.line(), esShopLine, 'es-CO', Date.now())?.text).toContain('actualice el servidor');
    proxy.mode = { say: CONTRACT_VERSION };
    await until('the sale is acknowledged', () => s.salesWaitingForShop() === 0, 30_000);
    expect(await serverSales(harness)).toEqual([made.referenceCode]);
    expect(s.unsendableSalesCount()).toBe(0);
  }, 60_000);
});

describe('pairing across versions', () => {
  it('this till pairing with a server two versions ahead (version option 4) is told to update this till; nothing paired', async () => {
    harness = await startHarness(stores.open, { contractVersion: CONTRACT_VERSION + 2 });
    store = openStore({ path: ':memory:' });
    const { body } = await harness.admin('POST', '/admin/pairing');
    const refused = await pairTill({ store, credentials: memoryCredentials(), now: Date.now }, { serverUrl: harness.server.url, code: String(body.code), tillName: 'Caja 1' })
      .then(() => null, (error: unknown) => error);
    expect(contractUpdate(refused)).toBe('till');
    expect(problemCode(refused)).toBe('CONTRACT_UPDATE_TILL');
    expect(store.shopState().paired).toBe(false);
    const { rows } = await harness.db.query('SELECT id FROM tills');
    expect(rows).toHaveLength(0);
  }, 60_000);
});

describe('tolerant reading', () => {
  it('drops only unknown fields, nested ones and in a union member too; anything else wrong is still refused', () => {
    const batch = { sales: [{ ...sale('T-1'), later: 1, cash: { received: '20000.00', change: '100.00', later: true } }], later: 'x' };
    const read = tolerantParse(salesBatchSchema, batch);
    expect(read.success).toBe(true);
    expect(JSON.stringify(read.data)).not.toContain('later');
    expect(tolerantParse(salesBatchSchema, { ...batch, sales: [{ ...batch.sales[0], total: 'twelve' }] }).success).toBe(false);
    const page = { changes: [{ seq: 1, kind: 'product', key: 'P', data: { ...product('P'), version: 1, later: 1 }, later: 2 }], cursor: 1, more: false, generation: 'ab'.repeat(16), later: 3 };
    expect(tolerantParse(changesResponseSchema, page).success).toBe(true);
    expect(changesResponseSchema.safeParse(page).success).toBe(false);
  });
});
