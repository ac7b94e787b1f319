/** Sample records and sales that meet the shop contract. */
import { randomBytes } from 'node:crypto';
import type { PushedSale, ShopProduct } from '../../../shared/shop/contract';
import { validInvoiceRequest } from '../../support/invoice-body';

export const id32 = (): string => randomBytes(16).toString('hex');

export function product(code: string, price = 1000, active = true): Omit<ShopProduct, 'version'> {
  return {
    code, name: `Producto ${code}`, barcodes: [], unitMeasure: '94', price, tax: null, discountRate: 0, category: null, active,
  };
}

export function sale(referenceCode: string, revision = 1, overrides: Partial<PushedSale> = {}): PushedSale {
  return {
    referenceCode, saleNumber: 1, revision, createdAt: Date.now(), shiftId: null, cashierName: 'Ana',
    invoice: validInvoiceRequest('8f1b6c2e-5d4a-4c3b-9a1e-2f3d4c5b6a70', referenceCode), total: '11900.00', cash: null,
    service: { state: revision > 1 ? 'validated' : 'waiting', fullNumber: null, cufe: null, validatedAt: null },
    corrects: null, correctedBy: null, reprints: 0, ...overrides,
  };
}
