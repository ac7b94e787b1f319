/**
 * What the owner's reports add up, worked out once when a sale arrives (shared/money.ts, the till's own rule: every
 * line figure rounded half-up to cents, documents add the rounded figures) and kept beside the sale: its lines, its
 * taxes by code and rate, and the columns History searches. PostgreSQL then sums numerics; nothing is recomputed
 * per report and nothing is ever a float.
 */
import { foldText } from '../../shared/folded-text';
import { calculateTotals } from '../../shared/money';
import { invoiceDigits } from '../../shared/sale-search-rule';
import type { PushedSale } from '../../shared/shop/contract';

export interface SaleLineRow {
  line_no: number; code: string; name: string; quantity: string; price: string; discount_rate: string;
  base: string; discount: string; line_amount: string; tax_total: string; payable: string;
}
export interface SaleTaxRow { code: string; rate: string; taxable: string; amount: string }

export interface SaleFigures {
  payment_means: string;
  customer_name: string;
  customer_identification: string;
  full_number: string | null;
  invoice_digits: string | null;
  cufe: string | null;
  gross: string;
  discount: string;
  tax_total: string;
  /** Reference, buyer, identification and invoice number, folded (lower case, no accents): what fragments match. */
  search_text: string;
  lines: SaleLineRow[];
  taxes: SaleTaxRow[];
}

/** Throws RangeError (with the line) when a figure is beyond what money.ts accepts. */
export function saleFigures(sale: PushedSale): SaleFigures {
  const { invoice, service } = sale;
  const totals = calculateTotals(invoice.items);
  const fullNumber = service.fullNumber;
  return {
    payment_means: invoice.payment.means_code,
    customer_name: invoice.customer.name,
    customer_identification: invoice.customer.identification,
    full_number: fullNumber,
    invoice_digits: fullNumber === null ? null : invoiceDigits(fullNumber),
    cufe: service.cufe === null ? null : service.cufe.toLowerCase(),
    gross: totals.gross,
    discount: totals.discount,
    tax_total: totals.tax_total,
    search_text: foldText([sale.referenceCode, invoice.customer.name, invoice.customer.identification, fullNumber ?? ''].join(' ')),
    lines: invoice.items.map((item, i) => {
      const figures = totals.lines[i]!;
      return {
        line_no: i + 1, code: item.code, name: item.name, quantity: String(item.quantity), price: String(item.price),
        discount_rate: String(item.discount_rate), base: figures.base, discount: figures.discount, line_amount: figures.line_amount,
        tax_total: figures.tax_total, payable: figures.payable,
      };
    }),
    taxes: totals.taxes.map((t) => ({ code: t.code, rate: t.rate, taxable: t.taxable_amount, amount: t.amount })),
  };
}

/** Every sale's figures, or the fields they fail on (for a 400 naming them): worked out once per push. */
export function figuresOfBatch(sales: readonly PushedSale[]):
  { ok: true; figures: Map<string, SaleFigures> } | { ok: false; problems: Array<{ field: string; message: string }> } {
  const figures = new Map<string, SaleFigures>();
  const problems: Array<{ field: string; message: string }> = [];
  sales.forEach((sale, i) => {
    try {
      figures.set(figuresKey(sale), saleFigures(sale));
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      problems.push({ field: `sales.${i}.invoice.items`, message: error.message });
    }
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, figures };
}

export const figuresKey = (sale: PushedSale): string => `${sale.referenceCode}\u0000${sale.revision}`;
