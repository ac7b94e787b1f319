/**
 * Issue 28, end to end with real parts: a composed till (real SQLite, real keychain) on a real invoicing service (the
 * sandbox over HTTP on 127.0.0.1), paired with the real shop server on PGlite that holds the same account's
 * credentials in the real keychain. The till hands its waiting documents to the server, does not read them itself,
 * and shows them VALIDATED from the outcome the feed relays; with the server gone it reads them itself again; with a
 * server that has no credentials it confirms by itself from the start and says why.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rateAccountKey } from '../../../common/invoicing/account-key';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { keychainSecrets } from '../../../server/confirm/keychain';
import { setServiceAccount } from '../../../server/store/confirmations';
import { readShopInvoicing } from '../../../server/confirm/shop-invoicing';
import { CASH, ITEMS, startAppRig, type AppRig } from '../app/app-rig';
import { consumidorFinal } from '../../../shared/consumidor-final';
import { startHarness, type Harness } from '../server/harness';
import { pgliteStores } from '../server/stores';
import { SHOP, until } from './back-office-world';

const stores = pgliteStores();
const secrets = keychainSecrets(`Mostrador pruebas caja confirma ${process.pid}`);
const SECRET = 'secreto-de-la-tienda';
const CUSTOMER = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });

let sandbox: RunningSandbox;
let harness: Harness | null = null;
let till: AppRig | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({ clientId: 'fc_tienda', clientSecret: SECRET, validationDelayMs: 200, faults: true });
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  await stores.closeAll();
  await secrets.delete(rateAccountKey(sandbox.baseUrl, 'fc_tienda')).catch(() => false);
}, 60_000);
afterEach(async () => {
  await till?.close();
  till = null;
  await harness?.close();
  harness = null;
});

/** The service's document reads so far (list pages and single GETs), by whoever made them. */
async function readsAtService(sb: RunningSandbox = sandbox): Promise<number> {
  const token = await (await fetch(`${sb.baseUrl}/v1/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'fc_tienda', client_secret: SECRET }),
  })).json() as { access_token: string };
  const counters = await (await fetch(`${sb.baseUrl}/sandbox/counters`, { headers: { authorization: `Bearer ${token.access_token}` } })).json() as { requests: Record<string, number> };
  return (counters.requests['GET /v1/documents'] ?? 0) + (counters.requests['GET /v1/documents/{id}'] ?? 0);
}

async function serverWith(credentials: boolean, sb: RunningSandbox = sandbox): Promise<Harness> {
  harness = await startHarness(stores.open, { confirmations: { secrets, turnMs: 50, leaseMs: 1_000, rateLimit: { limit: 297, windowMs: 60_000 } } });
  if (credentials) {
    const key = rateAccountKey(sb.baseUrl, 'fc_tienda');
    await secrets.set(key, SECRET);
    await setServiceAccount(harness.db, sb.baseUrl, 'fc_tienda', key, Date.now());
  }
  return harness;
}

async function pairedTillOnService(h: Harness, sb: RunningSandbox = sandbox): Promise<AppRig> {
  const rig = await startAppRig(undefined, { shop: SHOP });
  till = rig;
  await rig.value('settings.saveConnection', { baseUrl: sb.baseUrl, clientId: 'fc_tienda', clientSecret: SECRET });
  const { body } = await h.admin('POST', '/admin/pairing');
  await rig.value('shopServer.pair', { address: h.server.url, code: String(body.code), seedShop: true });
  return rig;
}

const stateOf = async (rig: AppRig, saleId: number) => (await rig.value('sales.get', { id: saleId }))?.state;

describe('the shop server confirms the till\'s invoices (issue 28)', () => {
  it('the till reads none of its documents while the server confirms them; gone, the till reads them itself', async () => {
    const h = await serverWith(true);
    const rig = await pairedTillOnService(h);
    const readsBefore = await readsAtService();
    const serverReadsBefore = h.server.confirmer?.reads() ?? 0;
    const sold = [];
    for (let i = 0; i < 3; i++) sold.push(await rig.value('sales.charge', { customer: CUSTOMER, items: ITEMS, payment: CASH }));
    for (const sale of sold) await until(`sale ${sale.saleId} validated`, async () => (await stateOf(rig, sale.saleId)) === 'validated');
    const detail = await rig.value('sales.get', { id: sold[0]!.saleId });
    expect(detail?.cufe).toMatch(/^[0-9a-f]{64,96}$/i);
    // Every read the service saw was the server's: the till asked nothing about its documents.
    const serverReads = (h.server.confirmer?.reads() ?? 0) - serverReadsBefore;
    expect(serverReads).toBeGreaterThan(0);
    expect((await readsAtService()) - readsBefore).toBe(serverReads);
    await until('the status bar says the server confirms', async () => (await rig.value('sync.status', {})).confirmations?.by === 'server');
    // Tienda's panel: the server confirms for this till, nothing waits, the shop's requests are counted.
    const panel = await readShopInvoicing(h.db, Date.now());
    expect(panel.credentials).toBe('set');
    expect(panel.tills).toEqual([expect.objectContaining({ name: 'Caja 1', waiting: 0, confirmsItself: false })]);
    expect(panel.requestsLastMinute).toBeGreaterThan(0);
    // The screens heard of each validation (sale.updated), as with the till's own polls.
    expect(rig.events.filter((e) => e.event === 'sale.updated' && (e.payload as { state: string }).state === 'validated').length).toBeGreaterThanOrEqual(3);

    // The server goes away: the till's next sale is confirmed by the till itself.
    await h.close();
    harness = null;
    const alone = await rig.value('sales.charge', { customer: CUSTOMER, items: ITEMS, payment: CASH });
    const readsAlone = await readsAtService();
    await until('the sale validated with the server gone', async () => (await stateOf(rig, alone.saleId)) === 'validated', 30_000);
    expect(await readsAtService()).toBeGreaterThan(readsAlone);
  }, 90_000);

  it('a server without the service\'s credentials: the till confirms its own invoices and says why', async () => {
    const h = await serverWith(false);
    const rig = await pairedTillOnService(h);
    const readsBefore = await readsAtService();
    const sale = await rig.value('sales.charge', { customer: CUSTOMER, items: ITEMS, payment: CASH });
    await until('validated by the till itself', async () => (await stateOf(rig, sale.saleId)) === 'validated');
    expect(await readsAtService()).toBeGreaterThan(readsBefore);
    expect(h.server.confirmer?.reads() ?? 0).toBe(0);
    await until('the status bar says why', async () => {
      const c = (await rig.value('sync.status', {})).confirmations;
      return c?.by === 'till' && c.reason === 'no_credentials';
    });
    const panel = await readShopInvoicing(h.db, Date.now());
    expect(panel.credentials).toBe('none');
    expect(panel.tills).toEqual([expect.objectContaining({ confirmsItself: true })]);
  }, 60_000);

  it('a webhook\'s word is not believed: a document heard of while still QUEUED is read, nothing reaches the till, and its verdict comes when the service gives it', async () => {
    const slow = await startSandbox({ clientId: 'fc_tienda', clientSecret: SECRET, validationDelayMs: 3_000, faults: true });
    try {
      const h = await serverWith(true, slow);
      const rig = await pairedTillOnService(h, slow);
      const sale = await rig.value('sales.charge', { customer: CUSTOMER, items: ITEMS, payment: CASH });
      const watched = async () => (await h.db.query<{ document_id: string }>('SELECT document_id FROM service_watch WHERE NOT final')).rows[0]?.document_id;
      await until('the server watches the document', async () => (await watched()) !== undefined);
      const documentId = (await watched())!;
      const readsBefore = h.server.confirmer!.reads();
      // What a webhook would hand over (signature checked by the receiver): the server reads the document at once…
      h.server.confirmer!.heard(documentId);
      await until('the server read the heard document', async () => h.server.confirmer!.reads() > readsBefore, 5_000);
      // …finds it QUEUED, and so nothing is fed to the till: its sale still waits for the service.
      const row = (await h.db.query<{ final: boolean; status: string | null }>('SELECT final, status FROM service_watch WHERE document_id = $1', [documentId])).rows[0];
      expect(row?.final).toBe(false);
      expect(await stateOf(rig, sale.saleId)).toBe('queued');
      await until('validated once the service validated it', async () => (await stateOf(rig, sale.saleId)) === 'validated', 20_000);
    } finally {
      await till?.close();
      till = null;
      await harness?.close();
      harness = null;
      await secrets.delete(rateAccountKey(slow.baseUrl, 'fc_tienda')).catch(() => false);
      await slow.close();
    }
  }, 60_000);
});
