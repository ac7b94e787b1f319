/**
 * The cart of the sale in progress, as pure functions over plain data. Fields keep what the cashier typed;
 * they are read exactly (decimal-text) when the totals are computed and when the sale is charged.
 */
import type { InvoiceItem } from '../../shared/api/invoice-request';
import type { Locale, ProductDto } from '../../shared/bridge/types';
import type { LineInput } from '../../shared/money';
import { compareDecimal, decimalForInput, parseDecimalText } from '../format/decimal-text';

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

export type LineField = 'quantity' | 'price' | 'discountRate';
export type LineProblem = 'problemQuantity' | 'problemPrice' | 'problemDiscount';

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
  const rate = parseDecimalText(product.taxRate, 'en', 4);
  return rate === null ? null : { code: product.taxCode, rate };
}

/** Adds one unit of the product: to its untouched line when there is one, else as a new line at the end. */
export function addProduct(lines: readonly CartLine[], product: ProductDto, newId: string, locale: Locale): CartLine[] {
  const price = decimalForInput(product.price, locale);
  const discountRate = decimalForInput(product.discountRate, locale);
  const tax = productTax(product);
  const index = lines.findIndex((l) => l.code === product.code && l.price === price && l.discountRate === discountRate
    && taxKey(l.tax) === taxKey(tax));
  const existing = index >= 0 ? lines[index] : undefined;
  const quantity = existing ? parseDecimalText(existing.quantity, locale, 3) : null;
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

/** Reads one line exactly; quantity > 0 (3 decimals), price ≥ 0 (2 decimals), discount 0–100 %. */
export function readLine(line: CartLine, locale: Locale): ReadLine {
  const problems: Partial<Record<LineField, LineProblem>> = {};
  const quantity = parseDecimalText(line.quantity, locale, 3);
  if (quantity === null || /^0(\.0*)?$/.test(quantity)) problems.quantity = 'problemQuantity';
  const price = parseDecimalText(line.price, locale, 2);
  if (price === null) problems.price = 'problemPrice';
  const discount = parseDecimalText(line.discountRate, locale, 2);
  if (discount === null || compareDecimal(discount, '100') > 0) {
    problems.discountRate = 'problemDiscount';
  }
  if (quantity === null || price === null || discount === null || Object.keys(problems).length > 0) return { ok: false, problems };
  const taxes = line.tax ? [{ code: line.tax.code, rate: line.tax.rate }] : [];
  return {
    ok: true,
    input: { quantity, price, discount_rate: discount, taxes },
    item: {
      code: line.code, name: line.name, quantity: Number(quantity), unit_measure: line.unitMeasure,
      price: Number(price), discount_rate: Number(discount), taxes: taxes.map((t) => ({ code: t.code, rate: Number(t.rate) })),
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
