/**
 * The product form as typed (text fields) and its reading through the one product rule (shared/product.ts): the
 * same schema the core checks, so the form refuses exactly what the bridge would. Pure: no DOM, no bridge.
 */
import type { CatalogProductDto, Locale } from '../../shared/bridge/types';
import { LIMITS } from '../../shared/limits';
import { productInputSchema, type PriceEntry, type ProductInput } from '../../shared/product';
import { basePriceForShelf, type ShelfPriceResult } from '../../shared/shelf-price';
import { decimalForInput, moneyForInput, parseDecimalText } from '../format/decimal-text';

export interface ProductDraft {
  code: string; name: string; barcodes: string; unitMeasure: string; category: string; priceEntry: PriceEntry;
  price: string; taxCode: string; taxRate: string; discountRate: string; active: boolean; acceptDifference: boolean;
  quickKey: boolean; quickKeyOrder: string;
}

export const EMPTY_PRODUCT: ProductDraft = {
  code: '', name: '', barcodes: '', unitMeasure: '94', category: '', priceEntry: 'shelf', price: '', taxCode: '01',
  taxRate: '19', discountRate: '0', active: true, acceptDifference: false, quickKey: false, quickKeyOrder: '',
};

export function draftOfProduct(p: CatalogProductDto, locale: Locale): ProductDraft {
  return {
    code: p.code, name: p.name, barcodes: p.barcodes.join(' '), unitMeasure: p.unitMeasure, category: p.category ?? '',
    priceEntry: p.shelfPrice !== null ? 'shelf' : 'base', price: moneyForInput(p.shelfPrice ?? p.price, locale),
    taxCode: p.taxCode ?? '', taxRate: decimalForInput(p.taxRate ?? '0', locale), discountRate: decimalForInput(p.discountRate, locale),
    active: p.active, acceptDifference: false, quickKey: p.quickKey, quickKeyOrder: p.quickKeyOrder === null ? '' : String(p.quickKeyOrder),
  };
}

/** A number as typed, or NaN (which the schema refuses with its own message). */
const numberOf = (text: string, locale: Locale, decimals: number): number => {
  const read = parseDecimalText(text, locale, decimals + 2);
  return read === null ? Number.NaN : Number(read);
};

export interface ReadProduct {
  input: ProductInput | null;
  /** Field → message (the schema's English; the screen localises it). */
  problems: Record<string, string>;
  /** The derivation of a shelf price, shown as the owner types. */
  shelf: ShelfPriceResult | null;
}

export function readProductDraft(d: ProductDraft, locale: Locale): ReadProduct {
  const candidate = {
    code: d.code.trim(), name: d.name, barcodes: d.barcodes.split(/\s+/).filter((b) => b !== ''), unitMeasure: d.unitMeasure,
    priceEntry: d.priceEntry, price: numberOf(d.price, locale, LIMITS.priceDecimals),
    tax: d.taxCode === '' ? null : { code: d.taxCode, rate: numberOf(d.taxRate, locale, LIMITS.taxRateDecimals) },
    discountRate: numberOf(d.discountRate, locale, LIMITS.rateDecimals), category: d.category.trim() === '' ? null : d.category.trim(),
    active: d.active, acceptDifference: d.acceptDifference,
    quickKey: d.quickKey, quickKeyOrder: d.quickKey && d.quickKeyOrder.trim() !== '' ? numberOf(d.quickKeyOrder, locale, 0) : null,
  };
  const parsed = productInputSchema.safeParse(candidate);
  if (!parsed.success) {
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? '')] ??= issue.message;
    return { input: null, problems, shelf: null };
  }
  const input = parsed.data;
  let shelf: ShelfPriceResult | null = null;
  if (input.priceEntry === 'shelf') {
    try {
      shelf = basePriceForShelf({ shelfPrice: input.price, taxes: input.tax ? [input.tax] : [], discountRate: input.discountRate });
    } catch (error) {
      return { input: null, problems: { price: (error as Error).message }, shelf: null };
    }
  }
  return { input, problems: {}, shelf };
}
