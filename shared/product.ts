/**
 * A catalog product as the owner enters it (the bridge's `catalog.save`, the product form and each CSV row use this
 * one rule). The price is entered either as the base the service expects or as the shelf price with taxes included;
 * a shelf price is turned into a base by `shelf-price.ts` when it is saved.
 */
import { z } from 'zod';
import { expecting } from './api/field-problems';
import { TAX_TYPES, UNIT_MEASURES } from './codes';
import { boundedNumber, boundedText, codeOf, requiredText } from './field-rules';
import { LIMITS } from './limits';
import { DISCOUNT_RATE_RULE, PRICE_RULE, TAX_RATE_RULE } from './sale-input';

/** Codes and barcodes are keys typed by scanners and spreadsheets: no spaces around them, nothing invisible. */
const keyText = (max: number) => requiredText(max)
  .refine((value) => value === value.trim(), { error: 'must not start or end with a space' });

export const barcodeSchema = keyText(LIMITS.barcodeLength)
  .refine((value) => !/\s/.test(value), { error: 'must not contain spaces' });

/** How the owner entered the price: the base before taxes, or the shelf price with taxes included. */
/** A quick key's place: a whole number from 1. */
export const QUICK_KEY_ORDER_RULE = { min: 1, max: LIMITS.maxQuickKeyOrder, decimals: 0 } as const;

export const PRICE_ENTRIES = ['base', 'shelf'] as const;
export type PriceEntry = (typeof PRICE_ENTRIES)[number];

export const productInputSchema = z.strictObject({
  code: keyText(LIMITS.productCodeLength),
  name: requiredText(LIMITS.productNameLength),
  barcodes: z.array(barcodeSchema)
    .max(LIMITS.barcodesPerProduct, { error: `must have at most ${LIMITS.barcodesPerProduct} barcodes` })
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((code, i) => {
        if (seen.has(code)) ctx.addIssue({ code: 'custom', path: [i], message: `barcode ${code} is listed twice`, input: code });
        seen.add(code);
      });
    }),
  unitMeasure: codeOf(UNIT_MEASURES, 'unit of measure'),
  priceEntry: z.enum(PRICE_ENTRIES, expecting('"base" or "shelf"')),
  /** The base price, or the shelf price when priceEntry is "shelf". */
  price: boundedNumber(PRICE_RULE),
  /** null: the product carries no tax (the line is sent with no taxes). */
  tax: z.union([z.null(), z.strictObject({ code: codeOf(TAX_TYPES, 'tax'), rate: boundedNumber(TAX_RATE_RULE) })]),
  discountRate: boundedNumber(DISCOUNT_RATE_RULE),
  category: z.union([z.null(), boundedText(LIMITS.categoryLength)]),
  active: z.boolean(expecting('true or false')),
  /** Shown as a quick key at the counter (what sells without a barcode: tinto, empanada, pan). Absent: not a key. */
  quickKey: z.boolean(expecting('true or false')).optional(),
  /** The key's place in the grid, 1 first; null or absent: after the ordered keys, by name. */
  quickKeyOrder: z.union([z.null(), boundedNumber(QUICK_KEY_ORDER_RULE)]).optional(),
  /**
   * A shelf price no base can pay exactly is saved only when the owner has seen the difference and accepts it.
   * Ignored for base prices.
   */
  acceptDifference: z.boolean(expecting('true or false')).optional(),
});
export type ProductInput = z.output<typeof productInputSchema>;

export const productCodeSchema = keyText(LIMITS.productCodeLength);
