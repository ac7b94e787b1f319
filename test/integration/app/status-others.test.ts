/**
 * The status bar sees every service with work: sales of a service not in use that are still on their way (or
 * stuck there) are reported apart, with that service's own counts and its own engine's state. Real SQLite file,
 * the real embedded demo sandbox, the real keychain (with-keyring.sh); the stuck service is a loopback port where
 * nothing listens.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILE } from '../../../electron/compose';
import { syncStatusDto } from '../../../electron/core/app/sync-status';
import { serviceKey } from '../../../electron/core/app/settings-mapping';
import { openStore } from '../../../electron/core/store';
import type { SyncStatusDto } from '../../../shared/bridge/types';
import { consumidorFinal } from '../../../shared/customer';
import { CASH, ITEMS, startAppRig, waitForState, type AppRig } from './app-rig';

const customer = consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '05001' });
const STUCK = { baseUrl: 'http://127.0.0.1:1', clientId: 'fc_viejo' };

describe('sync.status names the services not in use that still have sales on their way', () => {
  let rig: AppRig;
  beforeAll(async () => {
    rig = await startAppRig((dataDir) => {
      const store = openStore({ path: join(dataDir, DATA_FILE) });
      // Three sales rung up for a service that was in use before (its secret is gone, its address answers nothing).
      for (let i = 0; i < 3; i++) {
        store.recordSale({ customer, items: ITEMS.slice(0, 1), payment: CASH, numberingRangeId: null, service: serviceKey(STUCK.baseUrl, STUCK.clientId) });
      }
      store.close();
    });
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('reports them apart, with their own counts and their engine stuck, while the demo sends its own', async () => {
    const own = await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    await waitForState(rig, own.saleId, 'validated');
    let status: SyncStatusDto = await rig.value('sync.status', {});
    for (let i = 0; i < 100 && !status.others?.[0]?.lastErrorCode; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = await rig.value('sync.status', {});
    }
    expect(status.demo).toBe(true);
    expect(status.others).toHaveLength(1);
    const [other] = status.others ?? [];
    expect(other).toMatchObject({ demo: false, baseUrl: STUCK.baseUrl, counts: { validated: 0, needs_attention: 0 } });
    expect((other?.counts.waiting ?? 0) + (other?.counts.sending ?? 0) + (other?.counts.queued ?? 0)).toBe(3);
    expect(other?.connection).not.toBe('online');
    expect(other?.lastErrorCode).toBe('NO_SECRET');
    // The service in use is not among the others, and its validated sale is not counted there.
    expect(status.counts.validated).toBe(1);
  });
});

describe('syncStatusDto (pure)', () => {
  it('carries each other service as the status bar needs it, and none by default', () => {
    const snapshot = { connection: 'online' as const, counts: { waiting: 0, sending: 0, queued: 0, validated: 1, needs_attention: 0 }, lastError: null, lastErrorCode: null, lastErrorAt: null };
    expect(syncStatusDto(snapshot, { done: 0, total: 0 }, false).others).toEqual([]);
    const counts = { waiting: 2, sending: 0, queued: 1, validated: 0, needs_attention: 0 };
    const dto = syncStatusDto(snapshot, { done: 0, total: 0 }, false, null, [
      { mode: 'demo', baseUrl: null, counts, connection: 'offline', lastErrorCode: 'NETWORK' },
    ]);
    expect(dto.others).toEqual([{ demo: true, baseUrl: null, counts, connection: 'offline', lastErrorCode: 'NETWORK' }]);
  });
});
