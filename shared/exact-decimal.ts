/**
 * Exact decimals for money, on BigInt: a value is `units × 10^-scale`. Money only multiplies, adds, subtracts,
 * divides by powers of ten and rounds half-up (away from zero) to a number of places, so every intermediate result is
 * exact; the one true division (cash rounded to a coin) rounds the exact quotient. A few hundred bytes instead of a
 * decimal library, so the counter can show prices on its first render (`money.ts` is the one calculation).
 */

export interface Exact { readonly units: bigint; readonly scale: number }

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** Beyond this many places (or digits before the point) a figure is not money: refused before BigInt grows huge. */
const MAX_EXPONENT = 1_000;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** An exact decimal from its text ("-12.50", "1e-7", ".5"); null when the text is not a decimal number. */
export function parseExact(text: string): Exact | null {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  if (whole === '' && fraction === '') return null;
  const exponent = Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) return null;
  const digits = BigInt(`${whole}${fraction}` || '0');
  const scale = fraction.length - exponent;
  const units = sign === '-' ? -digits : digits;
  return scale >= 0 ? { units, scale } : { units: units * pow10(-scale), scale: 0 };
}

export const exact = (units: bigint | number, scale = 0): Exact => ({ units: BigInt(units), scale });
export const ZERO: Exact = exact(0);

function aligned(a: Exact, b: Exact): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export function plus(a: Exact, b: Exact): Exact {
  const [x, y, scale] = aligned(a, b);
  return { units: x + y, scale };
}

export function minus(a: Exact, b: Exact): Exact {
  const [x, y, scale] = aligned(a, b);
  return { units: x - y, scale };
}

export const times = (a: Exact, b: Exact): Exact => ({ units: a.units * b.units, scale: a.scale + b.scale });

/** a ÷ 10^n, exactly. */
export const shiftDown = (a: Exact, n: number): Exact => ({ units: a.units, scale: a.scale + n });

export function compare(a: Exact, b: Exact): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** numerator ÷ denominator (denominator > 0) rounded half away from zero to a whole number. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = (2n * n + denominator) / (2n * denominator);
  return negative ? -q : q;
}

/** Rounded half away from zero to `places` decimals (decimal.js's ROUND_HALF_UP). */
export function roundTo(a: Exact, places: number): Exact {
  if (a.scale <= places) return { units: a.units * pow10(places - a.scale), scale: places };
  return { units: divideHalfUp(a.units, pow10(a.scale - places)), scale: places };
}

/** a ÷ b rounded half away from zero to a whole number (b > 0). */
export function divideToWhole(a: Exact, b: Exact): Exact {
  const [x, y] = aligned(a, b);
  return { units: divideHalfUp(x, y), scale: 0 };
}

/** With exactly `places` decimals, rounded half-up; "-0.00" stays as it is (the caller decides about the sign). */
export function toFixed(a: Exact, places: number): string {
  const { units } = roundTo(a, places);
  const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return a.units < 0n ? `-${text}` : text;
}

/** The shortest plain spelling: "19.00" → "19", "8.50" → "8.5", never exponent notation. */
export function toPlain(a: Exact): string {
  let { units, scale } = a;
  while (scale > 0 && units % 10n === 0n) { units /= 10n; scale--; }
  return toFixed({ units, scale }, scale);
}

/** Significant digits, trailing zeros not counted (decimal.js's sd()): 1200 → 2, 0.0012 → 2, 0 → 1. */
export function significantDigits(a: Exact): number {
  let units = a.units < 0n ? -a.units : a.units;
  if (units === 0n) return 1;
  while (units % 10n === 0n) units /= 10n;
  return units.toString().length;
}
