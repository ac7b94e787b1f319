/**
 * From what the owner entered (shared/product.ts) to the product the store keeps: a shelf price becomes the base
 * price that pays it (shared/shelf-price.ts), kept alongside as entered. One function for the form and the CSV import.
 */
import type { CatalogProductDto } from '../../../shared/bridge/types';
import type { ProductInput } from '../../../shared/product';
import { basePriceForShelf, type ShelfPriceResult } from '../../../shared/shelf-price';

export interface CatalogRecord {
  product: CatalogProductDto;
  /** The derivation of a shelf price (null for a base price): `exact` false means the owner must be told. */
  shelf: ShelfPriceResult | null;
}

export function catalogRecordOf(input: ProductInput, opts: { checkQuantities?: boolean } = {}): CatalogRecord {
  const taxes = input.tax ? [{ code: input.tax.code, rate: input.tax.rate }] : [];
  const shelf = input.priceEntry === 'shelf'
    ? basePriceForShelf({ shelfPrice: input.price, taxes, discountRate: input.discountRate }, opts)
    : null;
  return {
    shelf,
    product: {
      code: input.code,
      name: input.name.trim(),
      barcode: input.barcodes[0] ?? null,
      barcodes: [...input.barcodes],
      price: shelf ? shelf.price : String(input.price),
      shelfPrice: shelf ? input.price.toFixed(2) : null,
      unitMeasure: input.unitMeasure,
      taxCode: input.tax?.code ?? null,
      taxRate: input.tax ? String(input.tax.rate) : null,
      discountRate: String(input.discountRate),
      category: input.category?.trim() ? input.category.trim() : null,
      active: input.active,
      quickKey: input.quickKey ?? false,
      // An order means something only for a quick key; a product that stops being one forgets it.
      quickKeyOrder: input.quickKey ? input.quickKeyOrder ?? null : null,
    },
  };
}

// One sentence for the till's form and the back office's (the renderer localises it by its pattern).
export { shelfMissMessage } from '../../../shared/shelf-price';
