/**
 * History through the bridge of the composed app (real SQLite file, embedded demo sandbox over HTTP, real keychain):
 * the detail view's facts, search by CUFE prefix with filters, and reprints as numbered copies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumidorFinal } from '../../../shared/customer';
import { CASH, ITEMS, startAppRig, waitForState, type AppRig } from './app-rig';

describe('history: detail, search and reprints', () => {
  let rig: AppRig;
  beforeAll(async () => {
    rig = await startAppRig();
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('shows a validated sale with its payment, cash, attempts and till, and finds it by the start of its CUFE', async () => {
    const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
    const charged = await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH, cash: { received: 60000 } });
    await waitForState(rig, charged.saleId, 'validated');
    const detail = await rig.value('sales.get', { id: charged.saleId });
    expect(detail).toMatchObject({
      paymentMeans: '10', tillName: 'Caja 1', cash: { received: '60000.00', change: '9050.00' }, reprints: [],
      attemptLog: [expect.objectContaining({ outcome: expect.stringMatching(/queued|validated/), startedAt: expect.any(Number) })],
    });
    const cufe = detail?.cufe ?? '';
    expect(cufe).toMatch(/^[0-9a-f]{64}/);
    const found = await rig.value('sales.search', { text: cufe.slice(0, 10).toUpperCase(), paymentMeans: '10', limit: 20 });
    expect(found.sales.map((s) => s.id)).toEqual([charged.saleId]);
    expect((await rig.value('sales.search', { text: cufe.slice(0, 10), paymentMeans: '48', limit: 20 })).total).toBe(0);
  });

  it('reprints a receipt as COPIA 1, 2… with its time, while the original stays unmarked', async () => {
    const [sale] = (await rig.value('sales.search', { limit: 1 })).sales;
    const id = sale?.id ?? 0;
    const first = await rig.value('receipt.reprint', { saleId: id, paperWidth: 58 });
    const second = await rig.value('receipt.reprint', { saleId: id });
    expect(first).toMatchObject({ fiscal: true, paperWidth: 58, copy: { copyNumber: 1, fiscal: true, at: expect.any(Number) } });
    expect(second.copy?.copyNumber).toBe(2);
    expect((await rig.value('receipt.get', { saleId: id })).copy ?? null).toBeNull();
    expect((await rig.value('sales.get', { id }))?.reprints?.map((r) => r.copyNumber)).toEqual([1, 2]);
    expect(await rig.call('receipt.reprint', { saleId: 999_999 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
