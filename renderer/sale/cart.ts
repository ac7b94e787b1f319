/**
 * The cart of the sale in progress, as pure functions over plain data. Fields keep what the cashier typed;
 * they are read exactly (decimal-text) when the totals are computed and when the sale is charged.
 */
import type { InvoiceItem } from '../../shared/api/invoice-request';
import type { Locale, ProductDto } from '../../shared/bridge/types';
import { numberProblem, type NumberRule } from '../../shared/number-rule';
import type { LineInput } from '../../shared/money';
import { DISCOUNT_RATE_RULE, PRICE_RULE, QUANTITY_RULE, TAX_RATE_RULE, isSaleTax } from '../../shared/sale-rules';
import { decimalForInput, moneyForInput, parseDecimalText } from '../format/decimal-text';

export interface TaxChoice { code: string; rate: string }

export interface CartLine {
  id: string;
  code: string;
  name: string;
  unitMeasure: string;
  quantity: string;
  price: string;
  discountRate: string;
  tax: TaxChoice | null;
}

export type LineField = 'quantity' | 'price' | 'discountRate' | 'tax';
export type LineProblem =
  | 'problemQuantity' | 'problemQuantityTooLarge' | 'problemPrice' | 'problemPriceTooLarge' | 'problemDiscount' | 'problemTax';

/** The taxes a counter usually applies (DOMAIN.md): IVA 19/5/0 and INC 8. */
export const TAX_CHOICES: readonly TaxChoice[] = [
  { code: '01', rate: '19' }, { code: '01', rate: '5' }, { code: '01', rate: '0' }, { code: '04', rate: '8' },
];

export const taxKey = (tax: TaxChoice | null): string => (tax ? `${tax.code}:${tax.rate}` : '');

export function taxFromKey(key: string): TaxChoice | null {
  const [code, rate] = key.split(':');
  return code && rate ? { code, rate } : null;
}

export function productTax(product: ProductDto): TaxChoice | null {
  if (!product.taxCode || product.taxRate === null) return null;
  const rate = parseDecimalText(product.taxRate, 'en', TAX_RATE_RULE.decimals);
  return rate === null ? null : { code: product.taxCode, rate };
}

/** Adds one unit of the product: to its untouched line when there is one, else as a new line at the end. */
export function addProduct(lines: readonly CartLine[], product: ProductDto, newId: string, locale: Locale): CartLine[] {
  const price = moneyForInput(product.price, locale);
  const discountRate = decimalForInput(product.discountRate, locale);
  const tax = productTax(product);
  // Prices compared as amounts: "18900" typed or kept by an older open sale is the same price as "18.900".
  const samePrice = (text: string) => parseDecimalText(text, locale, PRICE_RULE.decimals) === parseDecimalText(price, locale, PRICE_RULE.decimals);
  const index = lines.findIndex((l) => l.code === product.code && samePrice(l.price) && l.discountRate === discountRate
    && taxKey(l.tax) === taxKey(tax));
  const existing = index >= 0 ? lines[index] : undefined;
  const quantity = existing ? parseDecimalText(existing.quantity, locale, QUANTITY_RULE.decimals) : null;
  if (existing && quantity !== null) {
    const next = [...lines];
    next[index] = { ...existing, quantity: decimalForInput(plusOne(quantity), locale) };
    return next;
  }
  return [...lines, {
    id: newId, code: product.code, name: product.name, unitMeasure: product.unitMeasure,
    quantity: '1', price, discountRate, tax,
  }];
}

/** n + 1 on a canonical decimal string, exactly. */
function plusOne(canonical: string): string {
  const [whole = '0', fraction] = canonical.split('.');
  const next = (BigInt(whole) + 1n).toString();
  return fraction ? `${next}.${fraction}` : next;
}

export function updateLine(lines: readonly CartLine[], id: string, patch: Partial<Omit<CartLine, 'id'>>): CartLine[] {
  return lines.map((l) => (l.id === id ? { ...l, ...patch } : l));
}

export function removeLine(lines: readonly CartLine[], id: string): CartLine[] {
  return lines.filter((l) => l.id !== id);
}

export type ReadLine =
  | { ok: true; input: LineInput; item: InvoiceItem }
  | { ok: false; problems: Partial<Record<LineField, LineProblem>> };

type Judged = { ok: true; canonical: string } | { ok: false; tooLarge: boolean };

/**
 * A typed number judged by the shared sale-line rule for its field (`shared/sale-rules.ts`), the very rule the
 * core applies to `sales.charge`. Text with more decimals than the rule allows is not read at all, so what is
 * accepted is a number whose shortest spelling is exactly what was typed (the totals and the request agree).
 */
function judge(text: string, locale: Locale, rule: NumberRule): Judged {
  const canonical = parseDecimalText(text, locale, rule.decimals);
  if (canonical === null) return { ok: false, tooLarge: false };
  const value = Number(canonical);
  if (numberProblem(value, rule) === null) return { ok: true, canonical };
  return { ok: false, tooLarge: value > rule.max };
}

/**
 * Reads one line exactly, by the shared sale-line rules: quantity (QUANTITY_RULE), price (PRICE_RULE), discount
 * (DISCOUNT_RATE_RULE) and tax (isSaleTax, saleTaxSchema's rule). Anything else is a problem shown by its field, so nothing typed
 * (a barcode in a quantity, say) ever reaches the money calculation out of range, and a line the cart accepts is
 * one the core accepts.
 */
export function readLine(line: CartLine, locale: Locale): ReadLine {
  const problems: Partial<Record<LineField, LineProblem>> = {};
  const quantity = judge(line.quantity, locale, QUANTITY_RULE);
  if (!quantity.ok) problems.quantity = quantity.tooLarge ? 'problemQuantityTooLarge' : 'problemQuantity';
  const price = judge(line.price, locale, PRICE_RULE);
  if (!price.ok) problems.price = price.tooLarge ? 'problemPriceTooLarge' : 'problemPrice';
  const discount = judge(line.discountRate, locale, DISCOUNT_RATE_RULE);
  if (!discount.ok) problems.discountRate = 'problemDiscount';
  // The tax comes from a list, but an open sale read back from the core is checked like anything else.
  const taxRate = line.tax ? parseDecimalText(line.tax.rate, 'en', TAX_RATE_RULE.decimals) : null;
  if (line.tax && (taxRate === null || !isSaleTax({ code: line.tax.code, rate: Number(taxRate) }))) {
    problems.tax = 'problemTax';
  }
  if (!quantity.ok || !price.ok || !discount.ok || Object.keys(problems).length > 0) return { ok: false, problems };
  const taxes = line.tax && taxRate !== null ? [{ code: line.tax.code, rate: taxRate }] : [];
  return {
    ok: true,
    input: { quantity: quantity.canonical, price: price.canonical, discount_rate: discount.canonical, taxes },
    item: {
      code: line.code, name: line.name, quantity: Number(quantity.canonical), unit_measure: line.unitMeasure,
      price: Number(price.canonical), discount_rate: Number(discount.canonical),
      taxes: taxes.map((t) => ({ code: t.code, rate: Number(t.rate) })),
    },
  };
}

export interface ReadCart {
  inputs: LineInput[];
  items: InvoiceItem[];
  /** Problems by line id; empty when every line reads. */
  problems: Record<string, Partial<Record<LineField, LineProblem>>>;
  ready: boolean;
}

/** Reads every line; only lines that read are in the totals, and the cart is ready to charge only when all do. */
export function readCart(lines: readonly CartLine[], locale: Locale): ReadCart {
  const inputs: LineInput[] = [];
  const items: InvoiceItem[] = [];
  const problems: ReadCart['problems'] = {};
  for (const line of lines) {
    const read = readLine(line, locale);
    if (read.ok) {
      inputs.push(read.input);
      items.push(read.item);
    } else {
      problems[line.id] = read.problems;
    }
  }
  return { inputs, items, problems, ready: lines.length > 0 && Object.keys(problems).length === 0 };
}
