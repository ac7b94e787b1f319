import { describe, expect, it } from 'vitest';
import type { RemoteDocument } from '../../../shared/api/document';
import { consumidorFinal } from '../../../shared/customer';
import { buildReceipt } from '../../../electron/core/receipt/receipt-model';
import { drawQr } from '../../../common/receipt/qr-image';
import { openStore, type Store } from '../../../electron/core/store';
import type { SellerDto } from '../../../shared/bridge/types';
import { decodeQrDataUri } from '../../support/qr-decode';
import { SOFTWARE_MAKER } from '../../../shared/software-maker';

const seller: SellerDto = {
  name: 'Tienda La Esquina S.A.S.', nit: '900373115', dv: '3', address: 'Calle 10 # 5-20', phone: '601 555 0101',
  email: 'ventas@esquina.example.co', municipalityCode: '11001',
  resolutionText: 'Resolución DIAN 18760000001 de 2024-01-01, prefijo SETP, del 990000000 al 995000000',
};
const CUFE = 'a'.repeat(96);
const QR_URL = `https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${CUFE}`;

function doc(referenceCode: string, status: string, extra: Partial<RemoteDocument> = {}): RemoteDocument {
  const base = { id: 'doc-1', type: '01', reference_code: referenceCode, full_number: 'SETP990000001', status, cufe: null, qr_url: null, qr_image: null, errors: [] };
  const d = { ...base, ...extra };
  return { ...d, raw: { ...d } };
}

function chargedSale(store: Store) {
  return store.recordSale({
    customer: consumidorFinal({ email: 'caja@esquina.example.co', municipality_code: '11001' }),
    items: [
      { code: 'CAF-500', name: 'Café molido 500 g', quantity: 2, unit_measure: '94', price: 18900, discount_rate: 10, taxes: [{ code: '01', rate: 5 }] },
      { code: 'ALM-EJE', name: 'Almuerzo ejecutivo', quantity: 1, unit_measure: '94', price: 16000, discount_rate: 0, taxes: [{ code: '04', rate: 8 }] },
    ],
    payment: { form_code: '1', means_code: '10' },
    numberingRangeId: '5d1f0a52-7a4e-4a8e-9a53-3f5c3b2f9c11',
  });
}

describe('receipt model', () => {
  it('is only a provisional slip before validation: says so, and has no number, CUFE or QR', async () => {
    const store = openStore({ path: ':memory:' });
    const recorded = chargedSale(store);
    store.claimNext(1);
    store.markQueued(recorded.entryId, doc(recorded.referenceCode, 'QUEUED'));
    const receipt = await buildReceipt(store.getSale(recorded.saleId)!, { seller, locale: 'es-CO', paperWidth: 58 });
    expect(receipt.fiscal).toBe(false);
    expect(receipt.title).toBe('Comprobante provisional — no es una factura electrónica');
    expect(receipt).toMatchObject({ fullNumber: null, cufe: null, qrUrl: null, qrImage: null, validatedAt: null, state: 'queued', paperWidth: 58 });
    expect(receipt.referenceCode).toBe(recorded.referenceCode);
    expect(receipt.totals.payable).toBe(recorded.totals.payable);
    const english = await buildReceipt(store.getSale(recorded.saleId)!, { seller, locale: 'en', paperWidth: 80 });
    expect(english.title).toBe('Provisional slip — not an electronic invoice');
    store.close();
  });

  it('carries every element DOMAIN.md lists once validated, with the QR drawn locally when the service sent no image', async () => {
    const store = openStore({ path: ':memory:' });
    const recorded = chargedSale(store);
    store.claimNext(1);
    store.markValidated(recorded.entryId, doc(recorded.referenceCode, 'VALIDATED', { cufe: CUFE, qr_url: QR_URL }));
    const sale = store.getSale(recorded.saleId)!;
    const r = await buildReceipt(sale, { seller, locale: 'es-CO', paperWidth: 80 });

    expect(r.fiscal).toBe(true);
    expect(r.title).toBe('Factura electrónica de venta');
    expect(r.seller).toMatchObject({ name: seller.name, nit: '900373115', dv: '3' });
    expect(r.seller.resolutionText).toContain('18760000001');
    expect(r.fullNumber).toBe('SETP990000001');
    expect(r.issuedAt).toBe(sale.createdAt);
    expect(r.validatedAt).not.toBeNull();
    expect(r.customer).toMatchObject({ name: 'Consumidor final', identification: '222222222222' });
    expect(r.items.map((i) => [i.quantity, i.price, i.discount_rate, i.taxes])).toEqual([
      [2, 18900, 10, [{ code: '01', rate: 5 }]], [1, 16000, 0, [{ code: '04', rate: 8 }]],
    ]);
    // line figures and taxes by type and rate come from the shared calculation
    expect(r.totals.lines[0]).toMatchObject({ base: '37800.00', discount: '3780.00', line_amount: '34020.00', tax_total: '1701.00' });
    expect(r.totals.taxes.map((t) => [t.code, t.rate, t.amount])).toEqual([['01', '5', '1701.00'], ['04', '8', '1280.00']]);
    expect(r.totals.payable).toBe('53001.00');
    expect(r.payment).toEqual({ form_code: '1', means_code: '10' });
    expect(r.cufe).toBe(CUFE);
    expect(r.softwareName).toBe('Mostrador POS');
    expect(r.qrUrl).toBe(QR_URL);
    const qr = decodeQrDataUri(r.qrImage!);
    expect(qr.text).toBe(QR_URL);
    // 2 cm at a thermal printer's 203 dpi is 160 dots
    expect(qr.width).toBeGreaterThanOrEqual(160);
    store.close();
  });

  it("uses the service's own QR image when it sent one", async () => {
    const store = openStore({ path: ':memory:' });
    const recorded = chargedSale(store);
    const serviceImage = await drawQr('https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=from-service');
    store.claimNext(1);
    store.markValidated(recorded.entryId, doc(recorded.referenceCode, 'VALIDATED', { cufe: CUFE, qr_url: QR_URL, qr_image: serviceImage }));
    const r = await buildReceipt(store.getSale(recorded.saleId)!, { seller, locale: 'es-CO', paperWidth: 80 });
    expect(r.qrImage).toBe(serviceImage);
    store.close();
  });
});

describe('receipt model: who sold it and at which till', () => {
  function stampedSale(store: Store) {
    const recorded = chargedSale(store);
    const beto = store.addPerson({ name: 'Beto Ríos', role: 'cashier', pinHash: 'scrypt$test-only' });
    store.stampSale(recorded.saleId, { tillId: 'Q7PFXA', tillName: 'Caja Norte', cashier: beto, usedOverrides: [] });
    return recorded;
  }

  it('the provisional slip carries the cashier and the till the sale was rung up at, not the till\'s name today', async () => {
    const store = openStore({ path: ':memory:' });
    const recorded = stampedSale(store);
    const slip = await buildReceipt(store.getSale(recorded.saleId)!, { seller, locale: 'es-CO', paperWidth: 58, tillName: 'Caja renombrada' });
    expect(slip).toMatchObject({ fiscal: false, cashierName: 'Beto Ríos', tillName: 'Caja Norte' });
    store.close();
  });

  it('the fiscal receipt carries them too', async () => {
    const store = openStore({ path: ':memory:' });
    const recorded = stampedSale(store);
    store.claimNext(1);
    store.markValidated(recorded.entryId, doc(recorded.referenceCode, 'VALIDATED', { cufe: CUFE, qr_url: QR_URL }));
    const receipt = await buildReceipt(store.getSale(recorded.saleId)!, { seller, locale: 'es-CO', paperWidth: 80, tillName: 'Caja 1' });
    expect(receipt).toMatchObject({ fiscal: true, cashierName: 'Beto Ríos', tillName: 'Caja Norte' });
    store.close();
  });

  it('a sale from before people were set up has no cashier and falls back to this till\'s name', async () => {
    const store = openStore({ path: ':memory:' });
    const recorded = chargedSale(store);
    const receipt = await buildReceipt(store.getSale(recorded.saleId)!, { seller, locale: 'es-CO', paperWidth: 80, tillName: 'Caja 3' });
    expect(receipt).toMatchObject({ cashierName: '', tillName: 'Caja 3' });
    store.close();
  });
});

describe('the DIAN marks in the receipt model (Resolución 000042 de 2020, art. 11)', () => {
  const numberingAuthorization = {
    number: '18760000001', date: '2024-01-01', prefix: 'SETP', from: '990000000', to: '995000000', validFrom: '2024-01-01', validUntil: '2026-12-31',
  };

  it('a validated sale carries the authorisation from Settings and the software maker', async () => {
    const store = openStore({ path: ':memory:' });
    const recorded = chargedSale(store);
    store.claimNext(1);
    store.markValidated(recorded.entryId, doc(recorded.referenceCode, 'VALIDATED', { cufe: CUFE, qr_url: QR_URL }));
    const r = await buildReceipt(store.getSale(recorded.saleId)!, { seller, locale: 'es-CO', paperWidth: 80, numberingAuthorization });
    expect(r.authorization).toEqual(numberingAuthorization);
    expect(r.softwareMaker).toEqual(SOFTWARE_MAKER);
    store.close();
  });

  it('a provisional slip carries the maker but no authorisation', async () => {
    const store = openStore({ path: ':memory:' });
    const recorded = chargedSale(store);
    const r = await buildReceipt(store.getSale(recorded.saleId)!, { seller, locale: 'es-CO', paperWidth: 80, numberingAuthorization });
    expect(r.authorization).toBeNull();
    expect(r.softwareMaker.softwareName).toBe('Mostrador');
    store.close();
  });
});
