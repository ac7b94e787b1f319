/**
 * Issue 26, the till's side against the real shop server (PGlite, loopback): pairing takes the server's name for the
 * till, a rename from Settings → Esta caja is the server's to decide (refused plainly when another till has the name
 * or the server is away, nothing changed here), and a rename made at the server reaches the till through the feed.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { renameAtServer, shopServerHandlers } from '../../../electron/core/app/shop-server-handlers';
import { BridgeFailure } from '../../../electron/core/bridge/bridge-failure';
import { openStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopClient, type ShopClient } from '../../../electron/core/shop/shop-client';
import type { ShopLink } from '../../../electron/core/shop/shop-link';
import { readShopPairing } from '../../../electron/core/shop/shop-pairing-record';
import { sampleSale } from '../../support/sample-sale';
import { startHarness, type Harness } from '../server/harness';
import { pgliteStores } from '../server/stores';
import { memoryCredentials } from './shop-test-rig';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);

let harness: Harness | null = null;
const opened: Store[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) s.close();
  await harness?.close();
  harness = null;
});

interface PairedTill { store: Store; client: ShopClient; credentials: ReturnType<typeof memoryCredentials>; link: ShopLink }

async function pairedTill(h: Harness, tillName?: string, before: (s: Store) => void = () => {}): Promise<PairedTill> {
  const store = openStore({ path: ':memory:' });
  opened.push(store);
  before(store);
  const credentials = memoryCredentials();
  const { body } = await h.admin('POST', '/admin/pairing');
  const { record, key } = await pairTill({ store, credentials, now: Date.now }, { serverUrl: h.server.url, code: String(body.code), tillName });
  const client = createShopClient({ baseUrl: record.serverUrl, pin: record.pin, tillId: record.tillId, privateKey: key.privateKey, retry: { attempts: 1 } });
  // Only what renameAtServer asks of the link: the pairing as the till keeps it.
  const link = { pairing: () => readShopPairing(store) } as unknown as ShopLink;
  return { store, client, credentials, link };
}

async function pull(s: Store, client: ShopClient): Promise<void> {
  for (;;) {
    const page = await client.changes(s.shopState().cursor, 0);
    s.applyShopChanges(page);
    if (!page.more) return;
  }
}

const rename = (t: PairedTill, name: string) => renameAtServer({ store: t.store, credentials: t.credentials, now: Date.now }, t.link, { retry: { attempts: 1 } }, name);

describe('the till\'s name, decided by the shop server', () => {
  it('fresh tills paired without a name take «Caja 1» and «Caja 2»; one paired with a name keeps it', async () => {
    harness = await startHarness(stores.open);
    const one = await pairedTill(harness);
    const two = await pairedTill(harness);
    const three = await pairedTill(harness, 'Mostrador');
    expect([one, two, three].map((t) => t.store.getSetting('till_name'))).toEqual(['Caja 1', 'Caja 2', 'Mostrador']);
  });

  it('a rename at the till is refused when another till has the name (nothing changes), applied when free, and heard by the feed', async () => {
    harness = await startHarness(stores.open);
    const one = await pairedTill(harness);
    const two = await pairedTill(harness);
    const refused = await rename(two, 'caja 1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BridgeFailure);
    expect((refused as BridgeFailure).fields).toEqual({ tillName: 'till 1 is already named "Caja 1"; choose another name' });
    expect(two.store.getSetting('till_name')).toBe('Caja 2');
    await rename(two, 'Bodega');
    expect(two.store.getSetting('till_name')).toBe('Bodega');
    await pull(one.store, one.client);
    await pull(two.store, two.client);
    expect(one.store.getSetting('till_name')).toBe('Caja 1');
    expect(two.store.getSetting('till_name')).toBe('Bodega');
    const tills = (await harness.admin('GET', '/admin/tills')).body.tills.map((t: { name: string }) => t.name);
    expect(tills).toEqual(['Caja 1', 'Bodega']);
  });

  it('a rename made at the server reaches the till through the feed; with the server away a rename at the till is refused and changes nothing', async () => {
    harness = await startHarness(stores.open);
    await pairedTill(harness);
    const two = await pairedTill(harness);
    await pull(two.store, two.client);
    expect((await harness.admin('POST', '/admin/tills/rename', { till: '2', name: 'Caja del fondo' })).status).toBe(200);
    await pull(two.store, two.client);
    expect(two.store.getSetting('till_name')).toBe('Caja del fondo');
    await harness.close();
    harness = null;
    const away = await rename(two, 'Otra').catch((e: unknown) => e);
    expect(away).toBeInstanceOf(BridgeFailure);
    expect(away).toMatchObject({ code: 'UNAVAILABLE', reason: 'SHOP_RENAME_AWAY' });
    expect(two.store.getSetting('till_name')).toBe('Caja del fondo');
  });

  it('a till that sold before pairing keeps those sales\' numbers: they are listed under the name they were made with', async () => {
    harness = await startHarness(stores.open);
    await pairedTill(harness);
    const two = await pairedTill(harness, undefined, (s) => {
      for (const i of [1, 2, 3]) {
        const sale = s.recordSale(sampleSale(i, '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11'));
        s.stampSale(sale.saleId, { tillId: s.tillId(), tillName: 'Caja 1', cashier: null, usedOverrides: [] });
      }
    });
    expect(two.store.getSetting('till_name')).toBe('Caja 2');
    expect(two.store.salesUnderOtherNames('Caja 2')).toEqual([{ name: 'Caja 1', count: 3, first: 1, last: 3 }]);
    const pushed = two.store.dueSales(10).map((d) => [d.sale.saleNumber, d.sale.tillName]);
    expect(pushed).toEqual([[1, 'Caja 1'], [2, 'Caja 1'], [3, 'Caja 1']]);
  });

  it('pairing from Settings with a name another till has is refused with the reason Settings words, and leaves the till unpaired', async () => {
    harness = await startHarness(stores.open);
    await pairedTill(harness, 'Mostrador');
    const store = openStore({ path: ':memory:' });
    opened.push(store);
    const link = {
      pairing: () => (store.shopState().paired ? readShopPairing(store) : null), line: () => null, lastContactAt: () => null,
      restart: async () => {}, stop: async () => {},
    } as unknown as ShopLink;
    const handlers = shopServerHandlers({ store, credentials: memoryCredentials(), now: Date.now, log: () => {} }, link, { retry: { attempts: 1 } });
    const code = String((await harness.admin('POST', '/admin/pairing')).body.code);
    const refused = await handlers['shopServer.pair']({ address: harness.server.url, code, tillName: 'MOSTRADOR' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', reason: 'SHOP_NAME_TAKEN', fields: { tillName: 'till 1 is already named "Mostrador"; choose another name' } });
    expect(store.shopState().paired).toBe(false);
    const paired = await handlers['shopServer.pair']({ address: harness.server.url, code, tillName: '' });
    expect(paired).toMatchObject({ paired: true, tillNumber: 2, tillName: 'Caja 2', earlierNames: [] });
  });
});
