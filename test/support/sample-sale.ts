/** Realistic counter sales for integration tests, reliability runs and benchmarks. */
import type { InvoiceItem } from '../../shared/api/invoice-request';
import { consumidorFinal } from '../../shared/customer';
import type { SaleInput } from '../../electron/core/store/sales';

const CATALOG: InvoiceItem[] = [
  { code: 'P-001', name: 'Café molido 500 g', quantity: 1, unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] },
  { code: 'P-002', name: 'Arepas de maíz x10', quantity: 2, unit_measure: '94', price: 6500, discount_rate: 10, taxes: [{ code: '01', rate: 0 }] },
  { code: 'P-003', name: 'Detergente 1 L', quantity: 1, unit_measure: 'LTR', price: 12990.5, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] },
  { code: 'P-004', name: 'Queso campesino', quantity: 0.375, unit_measure: 'KGM', price: 32000, discount_rate: 5, taxes: [{ code: '01', rate: 19 }] },
  { code: 'P-005', name: 'Almuerzo ejecutivo', quantity: 1, unit_measure: '94', price: 16000, discount_rate: 0, taxes: [{ code: '04', rate: 8 }] },
];

export function sampleSale(i: number, numberingRangeId: string | null = null): SaleInput {
  const items = [CATALOG[i % CATALOG.length] as InvoiceItem, CATALOG[(i * 7 + 3) % CATALOG.length] as InvoiceItem].map((item, k) => ({
    ...item,
    quantity: k === 0 ? item.quantity : 1 + (i % 3),
  }));
  return {
    customer: consumidorFinal({ email: 'caja@tienda.example.co', municipality_code: '11001' }),
    items,
    payment: { form_code: '1', means_code: i % 2 === 0 ? '10' : '48' },
    numberingRangeId,
  };
}
