/**
 * The limits Mostrador itself puts on everything it accepts. The service's own limits are "not shown" in its
 * spec, so these are chosen to be safe: far above what a counter needs, far below what could hurt the service,
 * the store or the screen. The shared schemas (bridge contract, invoice request) enforce them; the README's
 * "Limits" table lists them. Change a limit here and nowhere else.
 */
export const LIMITS = {
  /** Lines on one sale. */
  maxLines: 200,
  /** Bytes of one invoice request body as sent (UTF-8). The sandbox refuses above 1 000 000. */
  maxRequestBytes: 200_000,
  /** Taxes on one line; each tax code at most once. */
  maxTaxesPerLine: 5,

  /** Units of one line: above this a line is a mis-scan, not a sale. */
  maxQuantity: 100_000,
  quantityDecimals: 3,
  /** Unit price before tax, in pesos. */
  maxPrice: 10_000_000_000,
  priceDecimals: 2,
  /** Percentages (discount, tax rate). */
  rateDecimals: 2,

  productCodeLength: 50,
  productNameLength: 200,
  customerNameLength: 200,
  /** Identification digits/characters (a NIT is 5 to 15 digits; passports carry letters). */
  identificationLength: 20,
  emailLength: 120,
  /** A charge whose total is above this asks the cashier to confirm before it is recorded. */
  confirmTotalAbove: 20_000_000,
  /** Characters of a number field as typed on the sale screen (kept in the open sale until it is fixed). */
  typedNumberLength: 32,
} as const;
