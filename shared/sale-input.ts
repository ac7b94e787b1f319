/**
 * A sale as Mostrador accepts it at the bridge (`sales.charge`) and as the cart checks it: the invoice request's
 * fields held to our own limits (`limits.ts`) and code lists (`codes.ts`). The contract schema in
 * `api/invoice-request.ts` stays what the service accepts (the sandbox uses it); this is stricter on purpose, so
 * that whatever is recorded can be computed, sent and invoiced.
 */
import { z } from 'zod';
import { serializeInvoiceRequest, type InvoiceItem, type InvoicePayment, type InvoiceTax } from './api/invoice-request';
import { CASH_MEANS, CASH_RECEIVED_RULE, tenderCash } from './cash';
import { PAYMENT_FORMS, PAYMENT_MEANS, TAX_TYPES } from './codes';
import { customerInputSchema } from './customer';
import { boundedNumber, codeOf } from './field-rules';
import { LIMITS } from './limits';
import { calculateTotals, formatCop } from './money';
import { openSaleSlotSchema } from './open-sale';
import { ownerOverrideSchema } from './people';
import { productCodeText, productNameText, unitMeasureCode } from './sale-line-text';
import { DISCOUNT_RATE_RULE, PRICE_RULE, QUANTITY_RULE, TAX_RATE_RULE } from './sale-rules';

export { DISCOUNT_RATE_RULE, PRICE_RULE, QUANTITY_RULE, TAX_RATE_RULE } from './sale-rules';

/**
 * The owner's setting "largest discount a cashier may give alone": a line discount's own rule (0 to 100 %, at most
 * 2 decimals), so the Settings field and the bridge refuse the same values. Above it a line needs the owner's PIN.
 */
export const cashierMaxDiscountSchema = boundedNumber(DISCOUNT_RATE_RULE);

export const saleTaxSchema = z.strictObject({
  code: codeOf(TAX_TYPES, 'tax'),
  rate: boundedNumber(TAX_RATE_RULE),
}) satisfies z.ZodType<InvoiceTax>;

export const saleLineSchema = z.strictObject({
  code: productCodeText(),
  name: productNameText(),
  quantity: boundedNumber(QUANTITY_RULE),
  unit_measure: unitMeasureCode(),
  price: boundedNumber(PRICE_RULE),
  discount_rate: boundedNumber(DISCOUNT_RATE_RULE),
  taxes: z.array(saleTaxSchema)
    .max(LIMITS.maxTaxesPerLine, { error: `must have at most ${LIMITS.maxTaxesPerLine} taxes` })
    .superRefine((taxes, ctx) => {
      // Two entries of one tax would charge it twice on the same line.
      const seen = new Set<unknown>();
      taxes.forEach((tax, i) => {
        if (seen.has(tax.code)) {
          ctx.addIssue({ code: 'custom', path: [i, 'code'], message: `tax ${String(tax.code)} is already on this line; each tax at most once`, input: tax });
        }
        seen.add(tax.code);
      });
    }),
}) satisfies z.ZodType<InvoiceItem>;

/** Cash handed over at the counter, in whole pesos (`cash.ts` holds the rule and the tender). */
export const cashInputSchema = z.strictObject({ received: boundedNumber(CASH_RECEIVED_RULE) });

export const salePaymentSchema = z.strictObject({
  form_code: codeOf(PAYMENT_FORMS, 'payment form'),
  means_code: codeOf(PAYMENT_MEANS, 'payment means'),
}) satisfies z.ZodType<InvoicePayment>;

// The longest reference code and a range id stand in for the ones the store adds, so the size is an upper bound.
const LONGEST_REFERENCE = 'X'.repeat(64);
const SOME_RANGE_ID = '00000000-0000-4000-8000-000000000000';

/** UTF-8 bytes of a string, without TextEncoder (shared/ has neither DOM nor Node types). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export interface ChargeInput {
  customer: z.output<typeof customerInputSchema>;
  items: Array<z.output<typeof saleLineSchema>>;
  payment: z.output<typeof salePaymentSchema>;
}

/** Bytes of the request body the store would freeze for this sale (at most: longest reference, a range id). */
export function chargeRequestBytes(sale: ChargeInput): number {
  return utf8Length(serializeInvoiceRequest({ reference_code: LONGEST_REFERENCE, numbering_range_id: SOME_RANGE_ID, ...sale }));
}

/** A sale's lines: at least one, at most LIMITS.maxLines (a charge and a correction alike). */
export const saleLinesSchema = z.array(saleLineSchema)
  .min(1, { error: 'must contain at least one line' })
  .max(LIMITS.maxLines, { error: `must have at most ${LIMITS.maxLines} lines; split the sale in two` });

export const chargeSchema = z.strictObject({
  customer: customerInputSchema,
  items: saleLinesSchema,
  payment: salePaymentSchema,
  /** The open sale this charge comes from: cleared in the same transaction that records the sale. */
  openSaleSlot: openSaleSlotSchema.optional(),
  /** Cash handed over (efectivo only): stored with the sale and printed, never sent to the service. */
  cash: cashInputSchema.optional(),
  /** A cashier charging a saved buyer with other tax data: the owner's PIN for this one charge. */
  ownerOverride: ownerOverrideSchema.optional(),
}).superRefine((sale, ctx) => {
  cashProblem(sale, ctx);
  // A body larger than the service takes could never be invoiced, so it is refused while it can still be split.
  if (!Array.isArray(sale.items)) return;
  let bytes: number;
  try {
    bytes = chargeRequestBytes(sale);
  } catch {
    return; // a field that is not what it should be already has its own issue
  }
  if (bytes > LIMITS.maxRequestBytes) {
    ctx.addIssue({
      code: 'custom', path: ['items'], input: sale.items,
      message: `would make an invoice of ${bytes} bytes, more than the ${LIMITS.maxRequestBytes} allowed; split the sale in two`,
    });
  }
}, { when: (payload) => payload.issues.length === 0 }); // only a sale whose every field is right is measured

/** A cash sale is never charged short, and cash is only for efectivo (the rule the sale screen shows too). */
function cashProblem(sale: { items: ChargeInput['items']; payment: ChargeInput['payment']; cash?: { received: number } | undefined }, ctx: z.RefinementCtx): void {
  if (sale.cash === undefined) return;
  if (sale.payment.means_code !== CASH_MEANS) {
    ctx.addIssue({ code: 'custom', path: ['cash'], input: sale.cash, message: 'is only for a cash payment (payment means 10, efectivo)' });
    return;
  }
  let payable: string;
  try {
    payable = calculateTotals(sale.items).payable;
  } catch {
    return; // a line that cannot be computed already has its own issue
  }
  const reading = tenderCash(payable, sale.cash.received);
  if (!reading.ok) {
    ctx.addIssue({
      code: 'custom', path: ['cash', 'received'], input: sale.cash.received,
      message: `must be at least ${formatCop(reading.due, 'en')}, the amount due in cash (${formatCop(reading.missing, 'en')} missing)`,
    });
  }
}
