/**
 * sales.retry for a sale recorded for a service that is not in use: it goes back to ITS OWN service (whose engine
 * is started for it, a real one with its stored secret), never to the one in use; a service that can no longer be
 * reached (no secret) is said plainly and nothing changes. Two real sandboxes over HTTP (the embedded demo and the
 * shop's), the real keychain (with-keyring.sh) and a real SQLite file.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILE } from '../../../electron/compose';
import { serviceKey } from '../../../electron/core/app/settings-mapping';
import { openStore } from '../../../electron/core/store';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { consumidorFinal } from '../../../shared/customer';
import { CASH, ITEMS, forgetSecret, startAppRig, waitForState, type AppRig } from './app-rig';

const SECRET = `shop-secret-${randomBytes(12).toString('hex')}`;
const customer = consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '05001' });

describe('sales.retry sends a sale back to the service it was rung up for', () => {
  let shop: RunningSandbox;
  let rig: AppRig;
  const sale: Record<'demo' | 'shop' | 'gone', { saleId: number; referenceCode: string }> = {} as never;

  async function documentsAtShop(referenceCode: string): Promise<number> {
    const token = await fetch(`${shop.baseUrl}/v1/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(5_000),
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'fc_tienda', client_secret: SECRET }),
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const list = await fetch(`${shop.baseUrl}/v1/documents?reference_code=${referenceCode}`, {
      headers: { authorization: `Bearer ${token.access_token}` }, signal: AbortSignal.timeout(5_000),
    }).then((r) => r.json() as Promise<{ data: unknown[] }>);
    return list.data.length;
  }

  beforeAll(async () => {
    shop = await startSandbox({ clientId: 'fc_tienda', clientSecret: SECRET, validationDelayMs: 100 });
    // Sales from an earlier day that need attention: one for the demo, one for the shop, one for a service whose
    // secret is gone. Marked in the store as a permanent refusal would leave them (none was sent).
    rig = await startAppRig((dataDir) => {
      const store = openStore({ path: join(dataDir, DATA_FILE) });
      const services = { demo: 'demo', shop: serviceKey(shop.baseUrl, 'fc_tienda'), gone: serviceKey('https://gone.example.com', 'fc_gone') };
      for (const [name, service] of Object.entries(services)) {
        const recorded = store.recordSale({ customer, items: ITEMS.slice(0, 1), payment: CASH, numberingRangeId: null, service });
        store.markNeedsAttention(recorded.entryId, 'refused earlier (test set-up)');
        sale[name as keyof typeof sale] = { saleId: recorded.saleId, referenceCode: recorded.referenceCode };
      }
      store.close();
    });
  });
  afterAll(async () => {
    if (rig) await forgetSecret(rig.keychainService, shop.baseUrl, 'fc_tienda');
    await rig?.close();
    await shop?.close();
  });

  it('a demo sale retried while the shop\'s service is in use is validated by the demo, not sent to the shop', async () => {
    await rig.value('settings.saveConnection', { baseUrl: shop.baseUrl, clientId: 'fc_tienda', clientSecret: SECRET });
    expect((await rig.value('app.info', {})).demo).toBe(false);
    const retried = await rig.value('sales.retry', { id: sale.demo.saleId });
    expect(retried.state).not.toBe('needs_attention');
    await waitForState(rig, sale.demo.saleId, 'validated');
    expect(await documentsAtShop(sale.demo.referenceCode)).toBe(0);
  });

  it('a shop sale retried while the demo is in use is sent to the shop with its stored secret', async () => {
    expect((await rig.value('settings.useDemo', {})).connection.mode).toBe('demo');
    await rig.value('sales.retry', { id: sale.shop.saleId });
    await waitForState(rig, sale.shop.saleId, 'validated');
    expect(await documentsAtShop(sale.shop.referenceCode)).toBe(1);
    expect((await rig.value('app.info', {})).demo).toBe(true); // the demo stays the service in use
  });

  it('a sale of a service whose secret is gone is refused plainly, and stays as it was', async () => {
    const answer = await rig.call('sales.retry', { id: sale.gone.saleId });
    expect(answer).toMatchObject({ ok: false, error: { code: 'UNAVAILABLE' } });
    if (answer.ok) return;
    expect(answer.error.message).toMatch(/https:\/\/gone\.example\.com.*no longer in the keychain/);
    expect((await rig.value('sales.get', { id: sale.gone.saleId }))?.state).toBe('needs_attention');
    expect(JSON.stringify(rig.results)).not.toContain(SECRET);
  });
});
