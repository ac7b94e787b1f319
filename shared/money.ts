/**
 * Invoice money: the one function the receipt, the history and every report use, so their
 * figures never drift by a cent. Exact decimals only (`exact-decimal.ts`, BigInt); rounding per DOMAIN.md:
 * every line figure is rounded half-up to cents, and document totals add the rounded figures.
 */
import {
  compare, divideToWhole, exact, minus, parseExact, plus, roundTo, shiftDown, significantDigits, times, toFixed, toPlain,
  ZERO, type Exact,
} from './exact-decimal';

/** Exact decimal with exactly two decimals, e.g. "1190.00"; never a float. */
export type Amount = string;

export interface LineInput {
  quantity: number | string;
  price: number | string;
  discount_rate: number | string;
  taxes: ReadonlyArray<{ code: string; rate: number | string }>;
}
/** `rate` is normalised: "19", "8.5". */
export interface LineTax { code: string; rate: string; taxable_amount: Amount; amount: Amount }
export interface LineAmounts {
  base: Amount; discount: Amount; line_amount: Amount; taxes: LineTax[]; tax_total: Amount; payable: Amount;
}
export interface TaxGroup { code: string; rate: string; taxable_amount: Amount; amount: Amount }
export interface DocumentTotals {
  lines: LineAmounts[]; gross: Amount; discount: Amount; line_extension: Amount;
  taxes: TaxGroup[]; tax_total: Amount; payable: Amount;
}

// Input limits that keep every figure a sane amount (and every product of two below 36 digits).
const MAX_SIGNIFICANT_DIGITS = 18;
const LIMIT = exact(10n ** 15n);
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function parseFigure(value: unknown, field: string): Exact {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`${field} must be a finite number, got ${String(value)}`);
    text = String(value); // the shortest exact spelling of the number; no float arithmetic
  } else if (typeof value === 'string') {
    text = value;
  } else {
    throw new RangeError(`${field} must be a number or a decimal string, got ${typeof value}`);
  }
  const d = DECIMAL_TEXT.test(text) ? parseExact(text) : null;
  if (d === null) throw new RangeError(`${field} is not a decimal number: "${text}"`);
  if (d.units < 0n) throw new RangeError(`${field} must not be negative, got ${text}`);
  if (compare(d, LIMIT) >= 0) throw new RangeError(`${field} is too large: ${text}`);
  if (significantDigits(d) > MAX_SIGNIFICANT_DIGITS) {
    throw new RangeError(`${field} has more than ${MAX_SIGNIFICANT_DIGITS} significant digits: ${text}`);
  }
  return d; // -0 reads as 0: BigInt has no negative zero
}

/** Half-up to cents. */
const cents = (d: Exact): Exact => roundTo(d, 2);
const amount = (d: Exact): Amount => toFixed(d, 2);
/** "19.00" → "19", "8.50" → "8.5", never exponent notation. */
const normaliseRate = (d: Exact): string => toPlain(d);
const HUNDRED = exact(100);

interface ExactLine { base: Exact; discount: Exact; lineAmount: Exact; taxes: Array<{ code: string; rate: Exact; amount: Exact }>; taxTotal: Exact }
/** A line's inputs read and checked, before any figure is computed. */
interface LineFigures { quantity: Exact; price: Exact; discountRate: Exact; taxes: Array<{ code: string; rate: Exact }> }

function figuresOf(line: LineInput): LineFigures {
  const quantity = parseFigure(line.quantity, 'quantity');
  const price = parseFigure(line.price, 'price');
  const discountRate = parseFigure(line.discount_rate, 'discount_rate');
  if (compare(discountRate, HUNDRED) > 0) throw new RangeError(`discount_rate is a percentage from 0 to 100, got ${toPlain(discountRate)}`);
  if (!Array.isArray(line.taxes)) throw new RangeError('taxes must be a list');
  const taxes = line.taxes.map((tax, i) => {
    if (typeof tax?.code !== 'string' || tax.code === '') throw new RangeError(`taxes.${i}.code must be a non-empty string`);
    return { code: tax.code, rate: parseFigure(tax.rate, `taxes.${i}.rate`) };
  });
  return { quantity, price, discountRate, taxes };
}

function lineOf(f: LineFigures): ExactLine {
  const base = cents(times(f.quantity, f.price));
  const discount = cents(shiftDown(times(base, f.discountRate), 2));
  const lineAmount = minus(base, discount);
  const taxes = f.taxes.map((tax) => ({ code: tax.code, rate: tax.rate, amount: cents(shiftDown(times(lineAmount, tax.rate), 2)) }));
  const taxTotal = taxes.reduce((sum, t) => plus(sum, t.amount), ZERO);
  return { base, discount, lineAmount, taxes, taxTotal };
}

const exactLine = (line: LineInput): ExactLine => lineOf(figuresOf(line));

/**
 * What one product's line pays at many quantities and prices (a shelf price's search for its base tries up to 13):
 * its discount and taxes read and checked once, then exactly calculateLine's figures, without text in between.
 * Quantity and price must be figures calculateLine would accept (non-negative, below its limit).
 */
export function linePayableFor(product: Pick<LineInput, 'discount_rate' | 'taxes'>): (quantity: Exact, price: Exact) => Exact {
  const fixed = figuresOf({ quantity: 0, price: 0, ...product });
  return (quantity, price) => {
    const line = lineOf({ ...fixed, quantity, price });
    return plus(line.lineAmount, line.taxTotal);
  };
}

function presentLine(x: ExactLine): LineAmounts {
  return {
    base: amount(x.base),
    discount: amount(x.discount),
    line_amount: amount(x.lineAmount),
    taxes: x.taxes.map((t) => ({
      code: t.code, rate: normaliseRate(t.rate), taxable_amount: amount(x.lineAmount), amount: amount(t.amount),
    })),
    tax_total: amount(x.taxTotal),
    payable: amount(plus(x.lineAmount, x.taxTotal)),
  };
}

/** One line's figures, each rounded half-up to cents. Throws RangeError on a malformed input. */
export function calculateLine(line: LineInput): LineAmounts {
  return presentLine(exactLine(line));
}

/** Document totals: sums of the rounded line figures; taxes grouped by (code, numeric rate). */
export function calculateTotals(lines: ReadonlyArray<LineInput>): DocumentTotals {
  const exactLines = lines.map((line, i) => {
    try {
      return exactLine(line);
    } catch (error) {
      if (error instanceof RangeError) throw new RangeError(`line ${i + 1}: ${error.message}`);
      throw error;
    }
  });
  const sum = (pick: (x: ExactLine) => Exact): Exact => exactLines.reduce((s, x) => plus(s, pick(x)), ZERO);

  // Keyed by the normalised rate, so 19, "19" and "19.00" land in one group.
  const groups = new Map<string, { code: string; rate: Exact; taxable: Exact; amount: Exact }>();
  for (const x of exactLines) {
    for (const t of x.taxes) {
      const key = `${t.code}\u0000${normaliseRate(t.rate)}`;
      const group = groups.get(key) ?? { code: t.code, rate: t.rate, taxable: ZERO, amount: ZERO };
      group.taxable = plus(group.taxable, x.lineAmount);
      group.amount = plus(group.amount, t.amount);
      groups.set(key, group);
    }
  }
  const taxes: TaxGroup[] = [...groups.values()]
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : compare(a.rate, b.rate)))
    .map((g) => ({ code: g.code, rate: normaliseRate(g.rate), taxable_amount: amount(g.taxable), amount: amount(g.amount) }));

  const lineExtension = sum((x) => x.lineAmount);
  const taxTotal = sum((x) => x.taxTotal);
  return {
    lines: exactLines.map(presentLine),
    gross: amount(sum((x) => x.base)),
    discount: amount(sum((x) => x.discount)),
    line_extension: amount(lineExtension),
    taxes,
    tax_total: amount(taxTotal),
    payable: amount(plus(lineExtension, taxTotal)),
  };
}

// A no-break space after "$": a narrow receipt column must never leave the sign alone at the end of a line.
const SEPARATORS = { 'es-CO': { thousands: '.', decimal: ',', symbol: '$\u00A0' }, en: { thousands: ',', decimal: '.', symbol: '$' } };

/**
 * Cents on paper and on screen: an invoice, a receipt and a printed report always show two decimals (the spec's
 * amounts); a screen drops ",00" so "$ 18.900" reads at a glance, and keeps cents that are not zero ("$ 4.201,68").
 */
export interface CopStyle { cents: 'always' | 'when-not-zero' }
export const ON_PAPER: CopStyle = { cents: 'always' };

/**
 * "$ 1.234.567,89" (es-CO, the space a no-break one) or "$1,234,567.89" (en); "$ 18.900" for a whole amount unless
 * `style` is ON_PAPER. Grouping is done here on the exact string rather than through Intl, whose output (e.g. the
 * space after "$") varies between ICU versions.
 */
export function formatCop(value: Amount | string, locale: 'es-CO' | 'en' = 'es-CO', style: CopStyle = { cents: 'when-not-zero' }): string {
  if (typeof value !== 'string' || !DECIMAL_TEXT.test(value)) {
    throw new RangeError(`not an amount: "${String(value)}"`);
  }
  const figure = parseExact(value);
  if (figure === null) throw new RangeError(`not an amount: "${value}"`);
  const fixed = toFixed(figure, 2);
  const negative = fixed.startsWith('-') && /[1-9]/.test(fixed);
  const [whole = '0', fraction = '00'] = fixed.replace('-', '').split('.');
  const sep = SEPARATORS[locale] ?? SEPARATORS['es-CO'];
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, sep.thousands);
  const cents = style.cents === 'always' || fraction !== '00' ? `${sep.decimal}${fraction}` : '';
  return `${negative ? '-' : ''}${sep.symbol}${grouped}${cents}`;
}

/**
 * Cash at the counter (DOMAIN.md): no coin below 50 pesos circulates, so a cash total is asked rounded half-up to
 * the smallest coin; the invoice itself never changes. Returns what the till asks for.
 */
export function cashDue(payable: Amount | string, smallestCoin = 50): Amount {
  const total = parseFigure(payable, 'payable');
  const coin = parseFigure(smallestCoin, 'smallest coin');
  if (coin.units === 0n) return amount(total);
  return amount(times(divideToWhole(total, coin), coin));
}

/** received − due, exactly ("-150.00" when the cash does not reach). */
export function cashChange(received: Amount | string | number, due: Amount | string): Amount {
  return amount(minus(parseFigure(received, 'received'), parseFigure(due, 'due')));
}

/** Exact sum of amounts (a shift's totals, a drawer's cash); negative inputs are refused like every figure here. */
export function sumAmounts(values: ReadonlyArray<Amount | string | number>): Amount {
  return amount(values.reduce<Exact>((sum, value, i) => plus(sum, parseFigure(value, `amount ${i + 1}`)), ZERO));
}
