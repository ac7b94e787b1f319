/**
 * An independent, exact reference for shared/money.ts, built on BigInt fractions instead of
 * decimal.js, so a property test compares two implementations that share no code.
 */
export interface Rational { num: bigint; den: bigint } // den > 0

const TEN = 10n;

/** Parses "123", "0.375", "1e-7", "1.5E+3" (the spellings String(number) can produce). */
export function parseRational(value: number | string): Rational {
  const text = typeof value === 'number' ? String(value) : value;
  const match = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new Error(`not a decimal: ${text}`);
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  let num = BigInt((whole + fraction) || '0');
  let den = 1n;
  if (exponent >= 0) num *= TEN ** BigInt(exponent);
  else den = TEN ** BigInt(-exponent);
  return { num: sign === '-' ? -num : num, den };
}

export const rational = (num: bigint, den = 1n): Rational => ({ num, den });
export const add = (a: Rational, b: Rational): Rational => ({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
export const sub = (a: Rational, b: Rational): Rational => ({ num: a.num * b.den - b.num * a.den, den: a.den * b.den });
export const mul = (a: Rational, b: Rational): Rational => ({ num: a.num * b.num, den: a.den * b.den });
export const percentOf = (a: Rational, rate: Rational): Rational => ({ num: a.num * rate.num, den: a.den * rate.den * 100n });

/** Half-up (away from zero at exactly half) to a whole number of cents. */
export function roundToCents(r: Rational): bigint {
  const scaled = r.num * 100n;
  const magnitude = scaled < 0n ? -scaled : scaled;
  // floor(|x| + 1/2) = floor((2|x|·den + den) / (2·den))
  const rounded = (2n * magnitude + r.den) / (2n * r.den);
  return scaled < 0n ? -rounded : rounded;
}

export const centsToRational = (c: bigint): Rational => ({ num: c, den: 100n });

/** "-1234.05" from -123405n. */
export function formatCents(c: bigint): string {
  const negative = c < 0n;
  const digits = (negative ? -c : c).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Numeric equality of two rationals (used to group tax rates like "19" and "19.00"). */
export const sameValue = (a: Rational, b: Rational): boolean => a.num * b.den === b.num * a.den;
export const compare = (a: Rational, b: Rational): number => {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

export interface ReferenceLineInput {
  quantity: number | string; price: number | string; discount_rate: number | string;
  taxes: ReadonlyArray<{ code: string; rate: number | string }>;
}
export interface ReferenceLine {
  base: bigint; discount: bigint; lineAmount: bigint; taxes: Array<{ code: string; rate: Rational; amount: bigint }>;
  taxTotal: bigint; payable: bigint;
}

/** The DOMAIN.md rules, in cents: each line figure rounded half-up, later figures built on rounded ones. */
export function referenceLine(line: ReferenceLineInput): ReferenceLine {
  const base = roundToCents(mul(parseRational(line.quantity), parseRational(line.price)));
  const discount = roundToCents(percentOf(centsToRational(base), parseRational(line.discount_rate)));
  const lineAmount = base - discount;
  const taxes = line.taxes.map((t) => {
    const rate = parseRational(t.rate);
    return { code: t.code, rate, amount: roundToCents(percentOf(centsToRational(lineAmount), rate)) };
  });
  const taxTotal = taxes.reduce((s, t) => s + t.amount, 0n);
  return { base, discount, lineAmount, taxes, taxTotal, payable: lineAmount + taxTotal };
}

export interface ReferenceTotals {
  lines: ReferenceLine[]; gross: bigint; discount: bigint; lineExtension: bigint; taxTotal: bigint; payable: bigint;
  taxes: Array<{ code: string; rate: Rational; taxable: bigint; amount: bigint }>;
}

export function referenceTotals(lines: ReadonlyArray<ReferenceLineInput>): ReferenceTotals {
  const computed = lines.map(referenceLine);
  const total = (pick: (l: ReferenceLine) => bigint): bigint => computed.reduce((s, l) => s + pick(l), 0n);
  const taxes: ReferenceTotals['taxes'] = [];
  for (const l of computed) {
    for (const t of l.taxes) {
      const group = taxes.find((g) => g.code === t.code && sameValue(g.rate, t.rate));
      if (group) {
        group.taxable += l.lineAmount;
        group.amount += t.amount;
      } else {
        taxes.push({ code: t.code, rate: t.rate, taxable: l.lineAmount, amount: t.amount });
      }
    }
  }
  taxes.sort((a, b) => (a.code === b.code ? compare(a.rate, b.rate) : a.code < b.code ? -1 : 1));
  return {
    lines: computed,
    gross: total((l) => l.base),
    discount: total((l) => l.discount),
    lineExtension: total((l) => l.lineAmount),
    taxTotal: total((l) => l.taxTotal),
    payable: total((l) => l.payable),
    taxes,
  };
}

/** "19", "8.5", "0": the shortest exact decimal spelling of a rate with a power-of-ten denominator. */
export function formatRate(r: Rational): string {
  let { num, den } = r;
  let places = 0;
  while (den > 1n) {
    if (den % 10n !== 0n) throw new Error('rate is not a finite decimal');
    den /= 10n;
    places += 1;
  }
  while (places > 0 && num % 10n === 0n) {
    num /= 10n;
    places -= 1;
  }
  const negative = num < 0n;
  const digits = (negative ? -num : num).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
}
