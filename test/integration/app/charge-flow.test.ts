import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILE } from '../../../electron/compose';
import { consumidorFinal } from '../../../shared/customer';
import { decodeQrDataUri } from '../../support/qr-decode';
import { CASH, ITEMS, startAppRig, waitForState, type AppRig } from './app-rig';

describe('the composed app on its embedded demo service', () => {
  let rig: AppRig;
  beforeAll(async () => {
    rig = await startAppRig();
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('starts in demo mode with the demo catalog and seller', async () => {
    expect(await rig.value('app.info', {})).toMatchObject({ demo: true, shell: 'browser', locale: 'es-CO', softwareName: 'Mostrador POS' });
    expect(await rig.value('catalog.byBarcode', { barcode: '7702001001002' })).toMatchObject({ code: 'CAF-500', price: '18900', taxRate: '5' });
    const settings = await rig.value('settings.get', {});
    expect(settings.connection).toMatchObject({ mode: 'demo', hasSecret: false });
    expect(settings.seller).toMatchObject({ name: 'Tienda Demo Mostrador S.A.S.', nit: '900373115', dv: '3' });
    expect(settings.defaultEmail).toBe(settings.seller.email);
  });

  it('lists the numbering ranges with the automatic choice (the one current invoice range)', async () => {
    const ranges = await rig.value('ranges.list', {});
    const setp = ranges.ranges.find((r) => r.prefix === 'SETP');
    expect(setp).toMatchObject({ documentType: 'INVOICE', validity: 'current' });
    expect(ranges.ranges.find((r) => r.prefix === 'FEV')).toMatchObject({ validity: 'not-current' });
    expect(ranges.ranges.some((r) => r.documentType !== 'INVOICE')).toBe(false);
    expect(ranges).toMatchObject({ automaticId: setp?.id, preferredId: null, message: null });

    const unknown = await rig.call('settings.save', { preferredRangeId: '5d1f0a52-7a4e-4a8e-9a53-3f5c3b2f9c11' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { preferredRangeId: expect.stringContaining('not one of') } } });
    expect((await rig.value('settings.save', { preferredRangeId: setp!.id })).preferredRangeId).toBe(setp!.id);
    expect((await rig.value('ranges.list', {})).preferredId).toBe(setp!.id);
    expect((await rig.value('settings.save', { preferredRangeId: null })).preferredRangeId).toBeNull();
  });

  it('charges a sale durably at once, then the sync engine gets it validated with a fiscal receipt and QR', async () => {
    const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
    const charged = await rig.value('sales.charge', { customer, items: ITEMS, payment: CASH });
    expect(charged.totals.payable).toBe('50949.00');

    // Durable the moment the call returns: a separate connection to the data file sees the sale and its outbox entry.
    const reader = new Database(join(rig.dataDir, DATA_FILE), { readonly: true });
    const row = reader.prepare(`SELECT s.reference_code, o.state FROM sales s JOIN outbox o ON o.sale_id = s.id WHERE s.id = ?`).get(charged.saleId);
    reader.close();
    expect(row).toMatchObject({ reference_code: charged.referenceCode });

    await waitForState(rig, charged.saleId, 'validated');
    const detail = await rig.value('sales.get', { id: charged.saleId });
    expect(detail).toMatchObject({ state: 'validated', remoteStatus: 'VALIDATED', payable: '50949.00', lastError: null });
    expect(detail?.fullNumber).toMatch(/^SETP\d+$/);

    const receipt = await rig.value('receipt.get', { saleId: charged.saleId });
    expect(receipt).toMatchObject({ fiscal: true, title: 'Factura electrónica de venta', fullNumber: detail?.fullNumber, paperWidth: 80 });
    expect(receipt.cufe).toMatch(/^[0-9a-f]{64}([0-9a-f]{32})?$/);
    expect(decodeQrDataUri(receipt.qrImage!).text).toBe(receipt.qrUrl);

    const states = rig.events.flatMap((e) =>
      e.event === 'sale.updated' && e.payload.referenceCode === charged.referenceCode ? [e.payload.state] : []);
    expect(states[0]).toBe('waiting');
    expect(states.some((s) => s === 'queued' || s === 'validated')).toBe(true);
    const status = await rig.value('sync.status', {});
    expect(status).toMatchObject({ connection: 'online', demo: true, progress: { done: 0, total: 0 } });
    expect(status.counts.validated).toBe(1);

    const found = await rig.value('sales.search', { text: charged.referenceCode, limit: 10 });
    expect(found.total).toBe(1);
    expect(found.sales[0]).toMatchObject({ id: charged.saleId, state: 'validated', customerName: 'Consumidor final' });
    expect(await rig.call('sales.retry', { id: charged.saleId })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('names the till (Caja 1 until set) and gives each sale a short consecutive number: on the charge, the receipt and in search', async () => {
    expect((await rig.value('settings.get', {})).tillName).toBe('Caja 1');
    for (const tillName of ['', '   ', 'x'.repeat(41), 'Caja\n2']) {
      expect(await rig.call('settings.save', { tillName })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', fields: { tillName: expect.any(String) } } });
    }
    expect((await rig.value('settings.save', { tillName: ' Caja 2 ' })).tillName).toBe('Caja 2');

    const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
    const first = await rig.value('sales.charge', { customer, items: ITEMS.slice(0, 1), payment: CASH });
    const second = await rig.value('sales.charge', { customer, items: ITEMS.slice(0, 1), payment: CASH });
    expect(second.shortNumber).toBe(first.shortNumber + 1);
    expect(await rig.value('receipt.get', { saleId: second.saleId })).toMatchObject({ shortNumber: second.shortNumber, tillName: 'Caja 2', referenceCode: second.referenceCode });
    expect((await rig.value('sales.get', { id: second.saleId }))?.shortNumber).toBe(second.shortNumber);
    const padded = String(second.shortNumber).padStart(6, '0');
    const found = await rig.value('sales.search', { text: padded, limit: 10 });
    expect(found.sales.map((s) => [s.id, s.shortNumber])).toEqual([[second.saleId, second.shortNumber]]);
    expect((await rig.value('sales.search', { text: `Caja 2 · ${padded}`, limit: 10 })).total).toBe(1);
    await rig.value('settings.save', { tillName: 'Caja 1' });
    await waitForState(rig, second.saleId, 'validated');
  });

  it('gives a provisional slip while a sale is not validated yet', async () => {
    const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
    const charged = await rig.value('sales.charge', { customer, items: ITEMS.slice(0, 1), payment: CASH });
    const receipt = await rig.value('receipt.get', { saleId: charged.saleId, paperWidth: 58 });
    // 100 ms validation delay: the call above returns long before that.
    expect(receipt).toMatchObject({ fiscal: false, title: 'Comprobante provisional — no es una factura electrónica', qrImage: null, cufe: null, paperWidth: 58 });
    await waitForState(rig, charged.saleId, 'validated');
  });

  it('in browser mode, printing is left to the page and a PDF says where to get one', async () => {
    const customer = consumidorFinal({ email: 'caja@demo.example.co', municipality_code: '11001' });
    const charged = await rig.value('sales.charge', { customer, items: ITEMS.slice(0, 1), payment: CASH });
    expect(await rig.value('receipt.print', { saleId: charged.saleId })).toEqual({ printed: false });
    expect(await rig.call('receipt.pdf', { saleId: charged.saleId })).toMatchObject({
      ok: false, error: { code: 'UNAVAILABLE', message: expect.stringContaining('Save as PDF') },
    });
    await waitForState(rig, charged.saleId, 'validated');
  });
});
