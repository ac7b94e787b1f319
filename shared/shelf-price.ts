/**
 * Prices as the shelf shows them. Colombian consumer prices include every tax (Estatuto del Consumidor, art. 26),
 * but the invoice request's `price` is the unit price before tax. This turns a shelf price into the base price whose
 * line, computed by the one money function (`money.ts`), pays exactly the shelf price — or says that no base with
 * two decimals does, and by how much the nearest one misses.
 */
import { compare, divideToWhole, exact, minus, parseExact, plus, roundTo, times, toFixed, type Exact } from './exact-decimal';
import { linePayableFor, type Amount } from './money';
import { LIMITS } from './limits';

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

const HUNDRED = exact(100);
const MAX_PRICE = exact(LIMITS.maxPrice);
const abs = (x: Exact): Exact => (x.units < 0n ? { units: -x.units, scale: x.scale } : x);

/**
 * Answers already given, by shelf price, taxes, discount and check: a shop's catalog repeats a few hundred prices
 * over thousands of products, and an import asks for each row. Bounded: emptied when full.
 */
const answered = new Map<string, ShelfPriceResult>();
const ANSWERS_KEPT = 4_096;

function figure(value: number | string, what: string): Exact {
  const read = parseExact(String(value));
  if (read === null) throw new RangeError(`${what} must be a decimal number, got ${String(value)}`);
  return read;
}

/**
 * The base price for a shelf price. Among the bases within a few cents of shelf ÷ (1 + rates) it picks one that pays
 * the shelf price exactly (the one nearest the estimate); when none does, the one whose payable misses by least
 * (on a tie, the one that charges less). Throws RangeError on a malformed figure, like money.ts.
 */
export function basePriceForShelf(input: ShelfPriceInput, opts: { checkQuantities?: boolean } = {}): ShelfPriceResult {
  const check = opts.checkQuantities !== false;
  const key = `${String(input.shelfPrice)}|${input.taxes.map((t) => `${t.code}:${String(t.rate)}`).join(',')}|${String(input.discountRate ?? 0)}|${check}`;
  const known = answered.get(key);
  if (known) return { ...known };
  const result = searchBase(input, check);
  if (answered.size >= ANSWERS_KEPT) answered.clear();
  answered.set(key, result);
  return { ...result };
}

function searchBase(input: ShelfPriceInput, checkQuantities: boolean): ShelfPriceResult {
  const shelf = parseExact(String(input.shelfPrice));
  if (shelf === null || shelf.units < 0n || compare(roundTo(shelf, 2), shelf) !== 0) {
    throw new RangeError(`shelf price must be an amount with at most 2 decimals, got ${String(input.shelfPrice)}`);
  }
  const discount = figure(input.discountRate ?? 0, 'discount');
  const keep = minus(HUNDRED, discount);
  if (keep.units === 0n) throw new RangeError('a product discounted 100 % has no base price for a shelf price');
  // Checks the discount and rates as calculateLine does, once.
  const payableOf = linePayableFor({ discount_rate: input.discountRate ?? 0, taxes: input.taxes.map((t) => ({ code: t.code, rate: t.rate })) });
  const totalRate = input.taxes.reduce((sum, t) => plus(sum, figure(t.rate, 'tax rate')), exact(0));
  // shelf ÷ ((100 − discount)/100 × (100 + rates)/100), in cents, rounded half-up: shelf × 10⁶ ÷ ((100 − d)(100 + r)).
  const estimate = divideToWhole(times(shelf, exact(1_000_000)), times(keep, plus(HUNDRED, totalRate)));
  const one = exact(1);

  let best: { price: Exact; payable: Exact; miss: Exact } | null = null;
  // Nearest first (0, −1, +1, −2, …), so an exact base closest to the estimate wins.
  for (let step = 0; step <= 2 * SEARCH_CENTS; step++) {
    const offset = step % 2 === 0 ? -step / 2 : (step + 1) / 2;
    const price = exact(estimate.units + BigInt(offset), 2);
    if (price.units < 0n || compare(price, MAX_PRICE) > 0) continue;
    const payable = payableOf(one, price);
    const miss = minus(payable, shelf);
    if (miss.units === 0n) { best = { price, payable, miss }; break; }
    const nearer = best ? compare(abs(miss), abs(best.miss)) : -1;
    const better = nearer < 0 || (nearer === 0 && best !== null && compare(miss, best.miss) < 0);
    if (better) best = { price, payable, miss };
  }
  if (!best) throw new RangeError(`shelf price ${toFixed(shelf, 2)} is outside the prices Mostrador accepts`);

  let driftsAtQuantity: number | null = null;
  // A bulk import skips this (each product costs eleven more line calculations); the form shows it.
  for (let q = 2; checkQuantities && q <= SHELF_CHECK_QUANTITIES; q++) {
    if (compare(payableOf(exact(q), best.price), times(shelf, exact(q))) !== 0) { driftsAtQuantity = q; break; }
  }
  return {
    price: toFixed(best.price, 2),
    payable: toFixed(best.payable, 2),
    exact: best.miss.units === 0n,
    difference: toFixed(best.miss, 2),
    driftsAtQuantity,
  };
}

/** What one unit of a base price pays with its taxes and discount (per money.ts): the shelf price it stands for. */
export function shelfPriceOfBase(input: { basePrice: number | string; taxes: readonly ShelfTax[]; discountRate?: number | string }): string {
  const payableOf = linePayableFor({ discount_rate: input.discountRate ?? 0, taxes: input.taxes.map((t) => ({ code: t.code, rate: t.rate })) });
  return toFixed(payableOf(exact(1), figure(input.basePrice, 'base price')), 2);
}

/** The owner's words when no base pays the shelf price exactly (English; a screen says it in its language). */
export function shelfMissMessage(shelfPrice: string, result: ShelfPriceResult): string {
  return `no base price with 2 decimals pays exactly ${shelfPrice}; the nearest (${result.price}) pays ${result.payable} (difference ${result.difference})`;
}
