/**
 * This till's share of the service's limit through the bridge, and the composed app writing down its requests
 * per service (real app: SQLite file, embedded demo sandbox over HTTP, real keychain).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILE } from '../../../electron/compose';
import { consumidorFinal } from '../../../shared/customer';
import { CASH, ITEMS, startAppRig, waitForState, type AppRig } from './app-rig';

let rig: AppRig;
beforeAll(async () => {
  rig = await startAppRig();
});
afterAll(async () => {
  await rig.close();
});

describe('rate share setting and the request journal (composed app)', () => {
  it('is 100 % by default; a share that is not a whole 5–100 % is refused with the field and nothing changes', async () => {
    expect((await rig.value('settings.get', {})).rateShare).toBe(100);
    for (const rateShare of [0, 4, 33.5, 101, -50]) {
      const answer = await rig.call('settings.save', { rateShare, locale: 'en' });
      expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { rateShare: expect.any(String) } } });
    }
    const after = await rig.value('settings.get', {});
    expect(after).toMatchObject({ rateShare: 100, locale: 'es-CO' });
    expect((await rig.value('settings.save', { rateShare: 50 })).rateShare).toBe(50);
    expect((await rig.value('settings.get', {})).rateShare).toBe(50);
  });

  it('the requests a sale needed are written down for the demo service, each with its finish', async () => {
    const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
    const charged = await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await waitForState(rig, charged.saleId, 'validated');
    const reader = new Database(join(rig.dataDir, DATA_FILE), { readonly: true });
    const rows = reader.prepare('SELECT service, at, finished_at FROM api_requests').all() as Array<{ service: string; at: number; finished_at: number | null }>;
    reader.close();
    expect(rows.length).toBeGreaterThanOrEqual(3); // token, ranges, the invoice (and its polls)
    expect(new Set(rows.map((r) => r.service))).toEqual(new Set(['demo']));
    expect(rows.filter((r) => r.finished_at !== null).every((r) => (r.finished_at as number) >= r.at)).toBe(true);
  });
});
