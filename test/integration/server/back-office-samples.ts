/**
 * A day of a three-till shop as the server receives it, for the back-office suites: sales of realistic shape
 * (several lines, IVA 19/5/0 and INC 8, discounts, weights, cash and card), some voided or replaced by a
 * correction, some not validated yet; and the Z reports the tills froze at their close.
 */
import { randomBytes } from 'node:crypto';
import type { InvoiceItem } from '../../../shared/api/invoice-request';
import { calculateTotals, cashDue, sumAmounts } from '../../../shared/money';
import type { PushedSale } from '../../../shared/shop/contract';
import { seededRandom } from '../../support/seeded-random';
import { validInvoiceRequest } from '../../support/invoice-body';

const CATALOG: InvoiceItem[] = [
  { code: 'CAF-500', name: 'Café molido 500 g', quantity: 1, unit_measure: '94', price: 18900, discount_rate: 0, taxes: [{ code: '01', rate: 5 }] },
  { code: 'ARE-10', name: 'Arepas de maíz x10', quantity: 1, unit_measure: '94', price: 6500, discount_rate: 10, taxes: [{ code: '01', rate: 0 }] },
  { code: 'DET-1L', name: 'Detergente 1 L', quantity: 1, unit_measure: 'LTR', price: 12990.5, discount_rate: 0, taxes: [{ code: '01', rate: 19 }] },
  { code: 'QUE-KG', name: 'Queso campesino', quantity: 0.375, unit_measure: 'KGM', price: 32000, discount_rate: 5, taxes: [{ code: '01', rate: 19 }] },
  { code: 'ALM-01', name: 'Almuerzo ejecutivo', quantity: 1, unit_measure: '94', price: 16000, discount_rate: 0, taxes: [{ code: '04', rate: 8 }] },
  { code: 'PAN-01', name: 'Pan tajado', quantity: 1, unit_measure: '94', price: 5333.33, discount_rate: 3, taxes: [{ code: '01', rate: 19 }] },
];
const RANGE = '8f1b6c2e-5d4a-4c3b-9a1e-2f3d4c5b6a70';
export const MEANS = ['10', '10', '48', '49', '47'] as const;

export interface DaySale { tillIndex: number; sale: PushedSale }

/** `perTill` sales for each till, spread over the day's window [from, to), with a shift per till (id 1). */
export function daySales(from: number, to: number, perTill: number, seed = 21): DaySale[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const out: DaySale[] = [];
  for (let till = 0; till < 3; till++) {
    for (let n = 1; n <= perTill; n++) {
      const at = from + 60_000 + Math.floor(((to - from - 120_000) * (n - 1 + random() * 0.5)) / perTill);
      const lines = 1 + Math.floor(random() * 3);
      const items = Array.from({ length: lines }, () => {
        const item = pick(CATALOG);
        return { ...item, quantity: item.unit_measure === 'KGM' ? Number((0.125 + random()).toFixed(3)) : 1 + Math.floor(random() * 3) };
      });
      const ref = `T${till + 1}-${randomBytes(6).toString('hex')}-${n}`;
      const invoice = { ...validInvoiceRequest(RANGE, ref), items, payment: { form_code: '1', means_code: pick(MEANS) } };
      const total = calculateTotals(items).payable;
      const state = n % 11 === 0 ? 'needs_attention' : n % 7 === 0 ? 'queued' : 'validated';
      const cash = invoice.payment.means_code === '10' ? { received: '200000.00', change: sumAmounts([]) } : null;
      out.push({
        tillIndex: till,
        sale: {
          referenceCode: ref, saleNumber: n, revision: 1, createdAt: at, shiftId: 1, cashierName: 'Rosa', invoice, total, cash,
          service: state === 'validated'
            ? { state, fullNumber: `SETP${990_000_000 + till * 10_000 + n}`, cufe: randomBytes(48).toString('hex'), validatedAt: at + 2_000 }
            : { state, fullNumber: null, cufe: null, validatedAt: null },
          corrects: null, correctedBy: null, reprints: 0,
        },
      });
    }
  }
  return out;
}

/** Sales that count in a report: neither voided nor replaced. */
export const counts = (s: PushedSale): boolean => s.service.state !== 'voided' && (s.correctedBy === null || s.correctedBy === s.referenceCode);

/** A till's Z report as the till freezes it (the parts the server reads), from that till's counted sales of the shift. */
export function zReportOf(sales: readonly PushedSale[], openingCash: string, counted: string): unknown {
  const counting = sales.filter(counts);
  const cashSales = sumAmounts(counting.filter((s) => s.invoice.payment.means_code === '10').map((s) => cashDue(s.total)));
  const expected = sumAmounts([openingCash, cashSales]);
  const totals = calculateTotals(counting.flatMap((s) => s.invoice.items));
  return {
    kind: 'Z', sales: { count: counting.length, payable: sumAmounts(counting.map((s) => s.total)) },
    taxTotal: totals.tax_total, taxes: totals.taxes,
    cash: { opening: openingCash, cashSales, expected, counted, difference: null, count: null },
  };
}

/** One plain sale (validated unless said), for search tests. */
export function oneSale(ref: string, saleNumber: number, createdAt: number, over: {
  fullNumber?: string | null; cufe?: string | null; identification?: string; buyer?: string;
} = {}): PushedSale {
  const base = validInvoiceRequest(RANGE, ref);
  const invoice = { ...base, customer: { ...base.customer, identification: over.identification ?? base.customer.identification, name: over.buyer ?? base.customer.name } };
  return {
    referenceCode: ref, saleNumber, revision: 1, createdAt, shiftId: 1, cashierName: 'Ana', invoice, total: calculateTotals(invoice.items).payable, cash: null,
    service: { state: 'validated', fullNumber: over.fullNumber ?? null, cufe: over.cufe ?? null, validatedAt: createdAt + 1000 },
    corrects: null, correctedBy: null, reprints: 0,
  };
}
