/**
 * The till's client against the real shop server (server/, on embedded PGlite, loopback): the same paths the
 * stand-in tests cover, to show the two halves of issue 20 agree on the contract.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopClient, type ShopClient } from '../../../electron/core/shop/shop-client';
import { createShopLink, type ShopLink } from '../../../electron/core/shop/shop-link';
import { uploadShop } from '../../../electron/core/shop/shop-upload';
import { sampleSale } from '../../support/sample-sale';
import { startHarness, type Harness } from '../server/harness';
import { pgliteStores } from '../server/stores';
import { PRODUCT, memoryCredentials, until } from './shop-test-rig';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);
const RANGE = '2b056443-5c1e-4b59-9d5a-6a8f7f3e1c11';

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

async function pairedWithRealServer(seed: (s: Store) => void = () => {}): Promise<{ h: Harness; s: Store; client: ShopClient; credentials: ReturnType<typeof memoryCredentials> }> {
  harness = await startHarness(stores.open);
  store = openStore({ path: ':memory:' });
  seed(store);
  const credentials = memoryCredentials();
  const { body } = await harness.admin('POST', '/admin/pairing');
  const { record, key } = await pairTill({ store, credentials, now: Date.now }, { serverUrl: harness.server.url, code: String(body.code), tillName: 'Caja 1' });
  const client = createShopClient({ baseUrl: record.serverUrl, pin: record.pin, tillId: record.tillId, privateKey: key.privateKey, retry: { attempts: 1 } });
  return { h: harness, s: store, client, credentials };
}

async function pull(s: Store, client: ShopClient): Promise<void> {
  for (;;) {
    const page = await client.changes(s.shopState().cursor, 0);
    s.applyShopChanges(page);
    if (!page.more) return;
  }
}

describe('the till against the real shop server on PGlite', () => {
  it('pairs, seeds the shop, pulls it back with versions, and has an edit on an older copy listed as not applied', async () => {
    const { h, s, client } = await pairedWithRealServer((s) => {
      s.saveCatalogProducts([{
        code: PRODUCT.code, name: PRODUCT.name, barcode: PRODUCT.barcodes[0]!, barcodes: PRODUCT.barcodes, price: '15882.35', shelfPrice: null,
        unitMeasure: '94', taxCode: '01', taxRate: '19', discountRate: '0', category: 'Despensa', active: true, quickKey: false, quickKeyOrder: null,
      }]);
      s.addPerson({ name: 'Ana', role: 'owner', pinHash: 'scrypt$16384$8$1$c2FsdGVkc2FsdA$aGFzaGVkaGFzaGVkaGFzaA' });
    });
    const outcome = await uploadShop(s, client, 'Tienda La Esquina');
    expect(outcome).toMatchObject({ skipped: 0 });
    expect(outcome.stored).toBeGreaterThanOrEqual(2);
    // Records from before the pairing go up by the upload, never as commands.
    expect(s.shopCommandsWaiting()).toBe(0);
    await pull(s, client);
    expect(s.listPeople().map((p) => p.name)).toEqual(['Ana']);
    expect(s.getCatalogProduct(PRODUCT.code)?.price).toBe('15882.35');

    // The owner changes the price at the server while this till changes it from its older copy.
    await h.saveAtServer('product', PRODUCT.code, { ...PRODUCT, price: 20000 });
    s.saveCatalogProducts([{ ...s.getCatalogProduct(PRODUCT.code)!, price: '17000' }]);
    const answer = await client.commands({ commands: s.takeShopCommands(200) });
    expect(answer.results.map((r) => r.outcome)).toEqual(['conflict']);
    s.recordShopDecisions(answer.results);
    expect(s.notAppliedEdits(10)).toEqual([expect.objectContaining({ kind: 'product.save', outcome: 'conflict' })]);
    await pull(s, client);
    expect(s.getCatalogProduct(PRODUCT.code)?.price).toBe('20000');
  }, 60_000);

  it('pushes sales by revision through a crash: the server keeps one row each at the highest revision', async () => {
    const { h, s, credentials } = await pairedWithRealServer();
    const sales = [1, 2, 3].map((i) => s.recordSale(sampleSale(i, RANGE)));
    s.recordReprint(sales[0]!.saleId, { fiscal: false });
    link = createShopLink({
      store: s, credentials, now: Date.now, log: () => {}, onChange: () => {}, client: { retry: { attempts: 1 } },
      pollWaitSeconds: 1, idleMs: 50, backoff: { baseMs: 20, maxMs: 20 },
    });
    await link.restart();
    await until('every sale is acknowledged', () => s.salesWaitingForShop() === 0, 30_000);
    await link.stop();
    // As after a crash before the acknowledgement was recorded: everything goes again.
    s.database().prepare('UPDATE sales SET shop_pushed_revision = 0').run();
    await link.restart();
    await until('every sale is acknowledged again', () => s.salesWaitingForShop() === 0, 30_000);
    const { rows } = await h.db.query<{ reference_code: string; revision: number }>('SELECT reference_code, revision FROM sales ORDER BY reference_code');
    expect(rows.map((r) => r.reference_code).sort()).toEqual(sales.map((x) => x.referenceCode).sort());
    expect(rows.find((r) => r.reference_code === sales[0]!.referenceCode)?.revision).toBe(2);
  }, 60_000);
});
