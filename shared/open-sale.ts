/**
 * The open sale: what the cashier has rung up but not charged yet (cart lines as typed, customer, payment).
 * The core keeps it so a reload, a renderer crash or a restart brings it back; this strict schema is the one
 * rule for it, used by the bridge contract (what the core accepts) and by the core when it reads it back.
 */
import { z } from 'zod';
import { paymentSchema, taxSchema } from './api/invoice-request';
import { customerInputSchema } from './customer';
import { LIMITS } from './limits';
import { productCodeText, productNameText, unitMeasureCode } from './sale-line-text';

export { DEFAULT_OPEN_SALE_SLOT } from './open-sale-slot';
export const openSaleSlotSchema = z.string().regex(/^[a-z0-9-]{1,32}$/, { error: 'must be 1 to 32 lowercase letters, digits or "-"' });

/**
 * A number field as the cashier typed it: kept as text, because a half-typed or wrong value ("1,", "abc") is part
 * of the open sale until it is fixed. Only its length is bounded here; its value is judged where it is read.
 */
const typedNumber = z.string().max(LIMITS.typedNumberLength, { error: `must be at most ${LIMITS.typedNumberLength} characters` });

/** A length bound first, then the item schema's own rule for that field (whatever kind of schema it is). */
const bounded = <T extends z.ZodType<unknown, string>>(max: number, rule: T) =>
  z.string().max(max, { error: `must be at most ${max} characters` }).pipe(rule);

export const openSaleLineSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, { error: 'must be a line id' }),
  // The sale line's own rules (the ones the charge applies), so a restored line is one that can be charged.
  code: productCodeText(),
  name: productNameText(),
  unitMeasure: unitMeasureCode(),
  quantity: typedNumber,
  price: typedNumber,
  discountRate: typedNumber,
  tax: z.union([z.null(), z.strictObject({ code: bounded(LIMITS.productCodeLength, taxSchema.shape.code), rate: typedNumber })]),
});

export const openSaleDraftSchema = z.strictObject({
  lines: z.array(openSaleLineSchema).max(LIMITS.maxLines, { error: `must have at most ${LIMITS.maxLines} lines; split the sale in two` }),
  /** null = consumidor final (filled in from this till's defaults when charging). */
  customer: z.union([z.null(), customerInputSchema]),
  payment: paymentSchema,
});

export type OpenSaleLine = z.infer<typeof openSaleLineSchema>;
export type OpenSaleDraft = z.infer<typeof openSaleDraftSchema>;
/** What the screen sends: plain strings where the schema may narrow them to codes. */
export type OpenSaleDraftInput = z.input<typeof openSaleDraftSchema>;

/** A sale worth parking: at least one product. */
export const parkableDraftSchema = openSaleDraftSchema.refine((draft) => draft.lines.length > 0, {
  path: ['lines'], error: 'there is nothing to park: add a product first',
});
