/**
 * Prices as the shelf shows them. Colombian consumer prices include every tax (Estatuto del Consumidor, art. 26),
 * but the invoice request's `price` is the unit price before tax. This turns a shelf price into the base price whose
 * line, computed by the one money function (`money.ts`), pays exactly the shelf price — or says that no base with
 * two decimals does, and by how much the nearest one misses.
 */
import DecimalJs from 'decimal.js';
import { calculateLine, type Amount } from './money';
import { LIMITS } from './limits';

const Dec = DecimalJs.clone({ precision: 50, rounding: DecimalJs.ROUND_HALF_UP });
type Dec = InstanceType<typeof Dec>;

export interface ShelfTax { code: string; rate: number | string }

export interface ShelfPriceInput {
  /** The price the customer pays for one unit, taxes included (two decimals at most). */
  shelfPrice: number | string;
  taxes: readonly ShelfTax[];
  /** The product's own discount, as a percentage (usually 0). */
  discountRate?: number | string;
}

export interface ShelfPriceResult {
  /** The base price to send (two decimals), e.g. "4201.68". */
  price: Amount;
  /** What one unit then pays, per money.ts. */
  payable: Amount;
  /** True when `payable` equals the shelf price to the cent. */
  exact: boolean;
  /** payable − shelf price ("0.00" when exact; "0.01" when the nearest base pays a cent more). */
  difference: string;
  /**
   * The smallest quantity from 2 to SHELF_CHECK_QUANTITIES whose line does not pay quantity × shelf price
   * (rounding per line), or null when every one does (or when not checked). Weighed goods (fractional quantities)
   * are not checked.
   */
  driftsAtQuantity: number | null;
}

/** Whole quantities checked for drift at entry (a counter rarely sells more of one shelf item at once). */
export const SHELF_CHECK_QUANTITIES = 12;
/** Cents either side of the estimate that are tried: the rounding of a line moves the payable by a few cents at most. */
const SEARCH_CENTS = 6;

function payableOf(price: Dec, quantity: number, input: ShelfPriceInput): Dec {
  const line = calculateLine({
    quantity, price: price.toFixed(2), discount_rate: input.discountRate ?? 0,
    taxes: input.taxes.map((t) => ({ code: t.code, rate: t.rate })),
  });
  return new Dec(line.payable);
}

/**
 * The base price for a shelf price. Among the bases within a few cents of shelf ÷ (1 + rates) it picks one that pays
 * the shelf price exactly (the one nearest the estimate); when none does, the one whose payable misses by least
 * (on a tie, the one that charges less). Throws RangeError on a malformed figure, like money.ts.
 */
export function basePriceForShelf(input: ShelfPriceInput, opts: { checkQuantities?: boolean } = {}): ShelfPriceResult {
  const shelf = new Dec(String(input.shelfPrice));
  if (!shelf.isFinite() || shelf.isNegative() || shelf.decimalPlaces() > 2) {
    throw new RangeError(`shelf price must be an amount with at most 2 decimals, got ${String(input.shelfPrice)}`);
  }
  const totalRate = input.taxes.reduce((sum, t) => sum.plus(new Dec(String(t.rate))), new Dec(0));
  const keep = new Dec(100).minus(new Dec(String(input.discountRate ?? 0))).div(100);
  if (keep.isZero()) throw new RangeError('a product discounted 100 % has no base price for a shelf price');
  const estimate = shelf.div(keep.times(totalRate.plus(100).div(100))).toDecimalPlaces(2, DecimalJs.ROUND_HALF_UP);

  let best: { price: Dec; payable: Dec; miss: Dec } | null = null;
  // Nearest first (0, −1, +1, −2, …), so an exact base closest to the estimate wins.
  for (let step = 0; step <= 2 * SEARCH_CENTS; step++) {
    const offset = step % 2 === 0 ? -step / 2 : (step + 1) / 2;
    const price = estimate.plus(new Dec(offset).div(100));
    if (price.isNegative() || price.gt(LIMITS.maxPrice)) continue;
    const payable = payableOf(price, 1, input);
    const miss = payable.minus(shelf);
    if (miss.isZero()) { best = { price, payable, miss }; break; }
    const better = !best || miss.abs().lt(best.miss.abs()) || (miss.abs().eq(best.miss.abs()) && miss.lt(best.miss));
    if (better) best = { price, payable, miss };
  }
  if (!best) throw new RangeError(`shelf price ${shelf.toFixed(2)} is outside the prices Mostrador accepts`);

  let driftsAtQuantity: number | null = null;
  // A bulk import skips this (each product costs eleven more line calculations); the form shows it.
  for (let q = 2; opts.checkQuantities !== false && q <= SHELF_CHECK_QUANTITIES; q++) {
    if (!payableOf(best.price, q, input).eq(shelf.times(q))) { driftsAtQuantity = q; break; }
  }
  return {
    price: best.price.toFixed(2),
    payable: best.payable.toFixed(2),
    exact: best.miss.isZero(),
    difference: best.miss.toFixed(2),
    driftsAtQuantity,
  };
}

/** What one unit of a base price pays with its taxes and discount (per money.ts): the shelf price it stands for. */
export function shelfPriceOfBase(input: { basePrice: number | string; taxes: readonly ShelfTax[]; discountRate?: number | string }): string {
  return payableOf(new Dec(String(input.basePrice)), 1, { shelfPrice: 0, taxes: input.taxes, discountRate: input.discountRate ?? 0 }).toFixed(2);
}

/** The owner's words when no base pays the shelf price exactly (English; a screen says it in its language). */
export function shelfMissMessage(shelfPrice: string, result: ShelfPriceResult): string {
  return `no base price with 2 decimals pays exactly ${shelfPrice}; the nearest (${result.price}) pays ${result.payable} (difference ${result.difference})`;
}
