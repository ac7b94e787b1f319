/**
 * The rules of a sale line's numbers and its tax, without zod: the cart judges every line with these as the cashier
 * types, from the first render on. `sale-input.ts` builds the bridge's schemas on the very same rules.
 */
import { isCodeOf, TAX_TYPES } from './codes';
import { LIMITS } from './limits';
import { numberProblem } from './number-rule';

export const QUANTITY_RULE = { min: 0, above: true, max: LIMITS.maxQuantity, decimals: LIMITS.quantityDecimals } as const;
export const PRICE_RULE = { min: 0, max: LIMITS.maxPrice, decimals: LIMITS.priceDecimals } as const;
export const DISCOUNT_RATE_RULE = { min: 0, max: LIMITS.maxRate, decimals: LIMITS.rateDecimals } as const;
export const TAX_RATE_RULE = { min: 0, max: LIMITS.maxRate, decimals: LIMITS.taxRateDecimals } as const;

/** A line's tax as `saleTaxSchema` accepts it: a tax code of the list and a rate by TAX_RATE_RULE. */
export function isSaleTax(tax: { code: unknown; rate: unknown }): boolean {
  return typeof tax.code === 'string' && isCodeOf(TAX_TYPES, tax.code)
    && typeof tax.rate === 'number' && numberProblem(tax.rate, TAX_RATE_RULE) === null;
}
