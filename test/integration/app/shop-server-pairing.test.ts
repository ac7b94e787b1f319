/**
 * The composed app (real SQLite, real keychain) paired with a stand-in shop server through the bridge: the owner's
 * pairing, the first till's upload, a second shop refused, sales reaching the server, the status line, unpairing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { consumidorFinal } from '../../../shared/customer';
import { createKeytarCredentialStore } from '../../../electron/core/secrets/keytar-store';
import { selfSignedCertificate } from '../../support/self-signed-cert';
import { startStandInShopServer, type StandInShopServer } from '../../support/stand-in-shop-server';
import { CASH, ITEMS, startAppRig, type AppRig } from './app-rig';

const SHOP = { client: { retry: { attempts: 1 } }, pollWaitSeconds: 1, idleMs: 100, backoff: { baseMs: 50, maxMs: 200 } };
const rigs: AppRig[] = [];
const servers: StandInShopServer[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  for (const server of servers.splice(0)) await server.close();
});

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('pairing the composed till with a stand-in shop server', () => {
  it('the first till pairs over HTTPS, uploads its data once, pushes its sales; a second shop is refused plainly', async () => {
    const server = await startStandInShopServer({ tls: selfSignedCertificate() });
    servers.push(server);
    const rig = await startAppRig(undefined, { shop: SHOP });
    rigs.push(rig);

    const badCode = await rig.call('shopServer.pair', { address: server.url, code: 'nope' });
    expect(badCode).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { code: expect.any(String) } } });
    const wrong = await rig.call('shopServer.pair', { address: server.url, code: 'AAAAA-BBBBB' });
    expect(wrong).toMatchObject({ ok: false, error: { reason: 'SHOP_BAD_CODE' } });

    const paired = await rig.value('shopServer.pair', { address: server.url.replace('https://', ''), code: server.openPairing(), seedShop: true });
    expect(paired).toMatchObject({ paired: true, serverUrl: server.url, tillNumber: 1, shopName: 'Tienda de prueba' });
    expect(paired.uploaded).toBeGreaterThan(30);
    expect(server.current('product', 'CAF-500')?.data).toMatchObject({ price: 18900 });
    // The key went to the keychain, under this installation's own account; nothing of it is in the data folder.
    const tillId = (await rig.value('app.info', {})).tillId;
    const key = await createKeytarCredentialStore({ service: rig.keychainService }).getClientSecret({ baseUrl: 'mostrador-shop-server', clientId: `till-key-${tillId}` });
    expect(key).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(rig.dataFilesText()).not.toContain(key!);

    const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
    const charged = await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await until('the sale reaches the shop server', async () => [...server.sales.values()].some((s) => s.referenceCode === charged.referenceCode));
    await until('the status line says nothing waits', async () => (await rig.value('sync.status', {})).shopServer?.salesWaiting === 0);

    // The server away: the status line says since when and how many sales wait; the counter still charges.
    server.away = true;
    await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await until('the status line says the server is away', async () => {
      const line = (await rig.value('sync.status', {})).shopServer;
      return typeof line?.unreachableSince === 'number' && (line?.salesWaiting ?? 0) >= 1;
    });
    server.away = false;

    // A second till of another shop that means to seed this server is refused and left unpaired.
    const other = await startAppRig(undefined, { shop: SHOP });
    rigs.push(other);
    const refused = await other.call('shopServer.pair', { address: server.url, code: server.openPairing(), seedShop: true });
    expect(refused).toMatchObject({ ok: false, error: { reason: 'SHOP_NOT_EMPTY' } });
    expect((await other.value('shopServer.status', {})).paired).toBe(false);

    const unpaired = await rig.value('shopServer.unpair', {});
    expect(unpaired).toMatchObject({ paired: false, serverUrl: null });
    expect(await createKeytarCredentialStore({ service: rig.keychainService }).getClientSecret({ baseUrl: 'mostrador-shop-server', clientId: `till-key-${tillId}` })).toBeNull();
  });

  it('only an owner pairs: a cashier alone is refused', async () => {
    const server = await startStandInShopServer();
    servers.push(server);
    const rig = await startAppRig(undefined, { shop: SHOP });
    rigs.push(rig);
    await rig.value('people.save', { person: { name: 'Dueña', role: 'owner', pin: '4321' } });
    const cashier = await rig.value('people.save', { person: { name: 'Cajero', role: 'cashier', pin: '1234' } });
    await rig.value('people.signIn', { personId: cashier.id, pin: '1234' });
    const refused = await rig.call('shopServer.pair', { address: server.url, code: server.openPairing() });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(server.tills.size).toBe(0);
  });
});
