import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILE, DEMO_SERVICE_FILE } from '../../../electron/compose';
import { startSandbox, type RunningSandbox } from '../../../sandbox/server';
import { consumidorFinal } from '../../../shared/customer';
import { CASH, ITEMS, forgetSecret, startAppRig, type AppRig } from './app-rig';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reference codes of the documents a sandbox holds, read from its own SQLite file. */
function documentsIn(file: string): Map<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare('SELECT reference_code AS ref, count(*) AS n FROM documents GROUP BY reference_code').all() as { ref: string; n: number }[];
    return new Map(rows.map((r) => [r.ref, r.n]));
  } finally {
    db.close();
  }
}

// Runs against the real keychain (with-keyring.sh), the embedded demo sandbox and a second sandbox as the shop's service.
describe('charges racing connection switches (demo ⇄ service)', () => {
  const SECRET = `shop-secret-${randomBytes(12).toString('hex')}`;
  const customer = consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '05001' });
  let shopDir: string;
  let shop: RunningSandbox;
  let rig: AppRig;
  const answers: { ok: boolean; code?: string }[] = [];

  beforeAll(async () => {
    shopDir = mkdtempSync(join(tmpdir(), 'mostrador-shop-'));
    shop = await startSandbox({ clientId: 'fc_tienda', clientSecret: SECRET, validationDelayMs: 100, db: join(shopDir, 'shop.sqlite') });
    rig = await startAppRig();
  });
  afterAll(async () => {
    if (rig) await forgetSecret(rig.keychainService, shop.baseUrl, 'fc_tienda');
    await rig?.close();
    await shop?.close();
    rmSync(shopDir, { recursive: true, force: true });
  });

  const rows = (): { ref: string; service: string; state: string }[] => {
    const db = new Database(join(rig.dataDir, DATA_FILE), { readonly: true });
    try {
      return db.prepare('SELECT s.reference_code AS ref, o.service, o.state FROM sales s JOIN outbox o ON o.sale_id = s.id').all() as never;
    } finally {
      db.close();
    }
  };

  it('answers OK for every charge that is on disk, and every charge is on disk (60 charges, 6 switches)', async () => {
    for (let round = 0; round < 6; round++) {
      const toService = round % 2 === 0;
      const work: Promise<unknown>[] = [
        toService
          ? rig.call('settings.saveConnection', { baseUrl: shop.baseUrl, clientId: 'fc_tienda', clientSecret: SECRET })
          : rig.call('settings.useDemo', {}),
      ];
      for (let i = 0; i < 10; i++) {
        work.push(pause(i * 15).then(async () => {
          const answer = await rig.call('sales.charge', { customer, items: ITEMS, payment: CASH });
          answers.push(answer.ok ? { ok: true } : { ok: false, code: answer.error.code });
        }));
      }
      await Promise.all(work);
      // One more once the switch has finished, so each service surely has sales even on a slow machine.
      const after = await rig.call('sales.charge', { customer, items: ITEMS, payment: CASH });
      answers.push(after.ok ? { ok: true } : { ok: false, code: after.error.code });
    }
    expect(answers).toHaveLength(66);
    expect(answers.filter((a) => !a.ok)).toEqual([]);
    expect(rows()).toHaveLength(answers.filter((a) => a.ok).length);
  }, 30_000);

  it('sends and polls every sale through the service it was rung up for, whichever is active now', async () => {
    const deadline = Date.now() + 25_000;
    while (Date.now() < deadline && rows().some((r) => r.state !== 'validated')) await pause(100);
    const all = rows();
    expect(all.filter((r) => r.state !== 'validated')).toEqual([]);
    const demoDocs = documentsIn(join(rig.dataDir, DEMO_SERVICE_FILE));
    const shopDocs = documentsIn(join(shopDir, 'shop.sqlite'));
    const demoSales = all.filter((r) => r.service === 'demo');
    const shopSales = all.filter((r) => r.service !== 'demo');
    expect(demoSales.length).toBeGreaterThan(0);
    expect(shopSales.length).toBeGreaterThan(0);
    for (const sale of demoSales) expect([sale.ref, demoDocs.get(sale.ref), shopDocs.get(sale.ref)]).toEqual([sale.ref, 1, undefined]);
    for (const sale of shopSales) expect([sale.ref, shopDocs.get(sale.ref), demoDocs.get(sale.ref)]).toEqual([sale.ref, 1, undefined]);
  }, 40_000);
});
