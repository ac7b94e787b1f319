/**
 * Issue 26, "the seller's data and numbering authorisation that the tills send to the server whenever they change
 * (and on pairing)", against the real shop server on PGlite: a till paired with a server that has no seller sends
 * its own; a change at a paired till reaches the server and, through the feed, the other till; a till that pairs
 * later with old details takes the server's instead of sending its own over them.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../electron/core/store';
import { pairTill } from '../../../electron/core/shop/pairing';
import { createShopLink, type ShopLink } from '../../../electron/core/shop/shop-link';
import { shopSettingsPushSchema } from '../../../shared/shop/contract';
import { startHarness, type Harness } from '../server/harness';
import { pgliteStores } from '../server/stores';
import { memoryCredentials, until } from './shop-test-rig';

const stores = pgliteStores();
afterAll(() => stores.closeAll(), 60_000);

let harness: Harness | null = null;
const opened: Array<{ store: Store; link: ShopLink | null }> = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.link?.stop();
    o.store.close();
  }
  await harness?.close();
  harness = null;
});

const seller = (name: string) => JSON.stringify({
  name, nit: '900123456', dv: '8', address: 'Calle 1 # 2-3', phone: '3001234567', email: '', municipalityCode: '11001', resolutionText: '',
});
const numbering = JSON.stringify({ number: '18760000001', prefix: 'SETT', from: 1, to: 5000, validFrom: '2026-01-01', validTo: '2027-12-31' });

async function pairedTill(h: Harness, name: string, local: Record<string, string>): Promise<{ s: Store; link: ShopLink }> {
  const s = openStore({ path: ':memory:', now: Date.now });
  for (const [key, value] of Object.entries(local)) s.setSetting(key, value);
  const entry: { store: Store; link: ShopLink | null } = { store: s, link: null };
  opened.push(entry);
  const credentials = memoryCredentials();
  const { body } = await h.admin('POST', '/admin/pairing');
  await pairTill({ store: s, credentials, now: Date.now }, { serverUrl: h.server.url, code: String(body.code), tillName: name });
  const link = createShopLink({
    store: s, credentials, now: Date.now, log: () => {}, onChange: () => {}, client: { retry: { attempts: 1 } },
    pollWaitSeconds: 1, idleMs: 50, backoff: { baseMs: 20, maxMs: 20 }, auditEveryMs: 60_000,
  });
  entry.link = link;
  await link.restart();
  return { s, link };
}

async function serverSetting(h: Harness, key: string): Promise<unknown> {
  const { rows } = await h.db.query<{ data: unknown }>('SELECT data FROM settings WHERE key = $1', [key]);
  return rows[0]?.data ?? null;
}


describe('the shop-wide settings travel from the tills to the server (issue 26)', () => {
  it('sends them on pairing and on change; a till paired later takes the server\'s, and receives later changes', async () => {
    harness = await startHarness(stores.open);
    const h = harness;
    // The server has no seller (a shop seeded before its seller was set): the first till's pairing sends its own.
    const one = await pairedTill(h, 'Caja 1', { seller: seller('Tienda Uno'), numbering_authorization: numbering });
    await until('the first till\'s seller at the server', async () => (await serverSetting(h, 'seller')) === seller('Tienda Uno'), 20_000);
    expect(await serverSetting(h, 'numbering_authorization')).toBe(numbering);

    // A second till with old details: it takes the server's; the server's are not overwritten.
    const two = await pairedTill(h, 'Caja 2', { seller: seller('Nombre viejo') });
    await until('the second till taking the server\'s seller', () => two.s.getSetting('seller') === seller('Tienda Uno'), 20_000);
    expect(await serverSetting(h, 'seller')).toBe(seller('Tienda Uno'));
    expect(two.s.getSetting('numbering_authorization')).toBe(numbering);

    // The owner changes the seller at the second till: the server has it, and the first till through the feed.
    two.s.setSetting('seller', seller('Tienda Uno S.A.S.'));
    two.link.kick();
    await until('the change at the server', async () => (await serverSetting(h, 'seller')) === seller('Tienda Uno S.A.S.'), 20_000);
    await until('the change at the first till', () => one.s.getSetting('seller') === seller('Tienda Uno S.A.S.'), 20_000);
    // Nothing left to send at either till once the feed brought it back.
    await until('both tills settled', () => one.s.shopSettingsToSend().length === 0 && two.s.shopSettingsToSend().length === 0, 20_000);
  }, 60_000);

  it('accepts only the shop-wide keys (a till\'s own rows, like its id or name, are never sent)', () => {
    expect(shopSettingsPushSchema.safeParse({ settings: [{ key: 'seller', value: seller('x') }] }).success).toBe(true);
    expect(shopSettingsPushSchema.safeParse({ settings: [{ key: 'shop.till_id', value: 'x' }] }).success).toBe(false);
    expect(shopSettingsPushSchema.safeParse({ settings: [{ key: 'till_name', value: 'Caja 9' }] }).success).toBe(false);
  });
});
