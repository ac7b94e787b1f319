/** Reprints (issue 10): a COPIA carries its number and time; the original never; a slip's copy is still no invoice. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consumidorFinal } from '../../../shared/customer';
import type { SellerDto } from '../../../shared/bridge/types';
import { buildReceipt } from '../../../electron/core/receipt/receipt-model';
import { openStore, type Store } from '../../../electron/core/store';

const seller: SellerDto = {
  name: 'Tienda La Esquina S.A.S.', nit: '900373115', dv: '3', address: 'Calle 10 # 5-20', phone: '601 555 0101',
  email: 'ventas@esquina.example.co', municipalityCode: '11001', resolutionText: 'Resolución DIAN 18760000001',
};

let dir: string;
let store: Store;
let clock = Date.UTC(2026, 10, 23, 17, 0, 0);
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mostrador-copy-'));
  store = openStore({ path: join(dir, 'pos.sqlite'), now: () => clock });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function charge() {
  return store.recordSale({
    customer: consumidorFinal({ email: 'caja@esquina.example.co', municipality_code: '11001' }),
    items: [{ code: 'CAF-500', name: 'Café molido 500 g', quantity: 1, unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] }],
    payment: { form_code: '1', means_code: '10' },
    numberingRangeId: null,
  });
}

describe('reprints', () => {
  it('numbers the copies of each sale 1, 2, 3 with their time, and the original is never one', async () => {
    const a = charge();
    const b = charge();
    const first = store.recordReprint(a.saleId, { fiscal: false });
    clock += 60_000;
    const second = store.recordReprint(a.saleId, { fiscal: false });
    expect([first.copyNumber, second.copyNumber, second.at - first.at]).toEqual([1, 2, 60_000]);
    expect(store.recordReprint(b.saleId, { fiscal: false }).copyNumber).toBe(1);
    expect(store.listReprints(a.saleId).map((r) => r.copyNumber)).toEqual([1, 2]);
    expect(() => store.recordReprint(999, { fiscal: false })).toThrow(/no sale 999/);

    const sale = store.getSale(a.saleId)!;
    const original = await buildReceipt(sale, { seller, locale: 'es-CO', paperWidth: 80 });
    expect(original.copy).toBeNull();
    // A provisional slip reprinted is a copy of the slip: still no number, CUFE or QR, still says it is not an invoice.
    const copy = await buildReceipt(sale, { seller, locale: 'es-CO', paperWidth: 58 }, { copyNumber: 2, at: second.at, fiscal: false });
    expect(copy).toMatchObject({ fiscal: false, fullNumber: null, cufe: null, qrImage: null, copy: { copyNumber: 2, at: second.at } });
    expect(copy.title).toBe('Comprobante provisional — no es una factura electrónica');
  });
});
