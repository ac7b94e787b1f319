/**
 * From what the owner typed in the product form (shared/product.ts) to the product the shop server keeps and every
 * till receives (the contract's shopProductSchema: the base price only): a shelf price becomes the base that pays it
 * (shared/shelf-price.ts), as the till's catalog does; a shelf price no base pays exactly needs acceptDifference.
 */
import type { z } from 'zod';
import type { ProductInput } from '../product';
import { basePriceForShelf, shelfMissMessage } from '../shelf-price';
import type { shopProductSchema } from './contract';

export type ShopProductData = Omit<z.output<typeof shopProductSchema>, 'version'>;

export type ShopProductOfInput = { ok: true; product: ShopProductData } | { ok: false; field: 'price'; message: string };

export function shopProductOfInput(input: ProductInput): ShopProductOfInput {
  const taxes = input.tax ? [{ code: input.tax.code, rate: input.tax.rate }] : [];
  let price = input.price;
  if (input.priceEntry === 'shelf') {
    let shelf;
    try {
      shelf = basePriceForShelf({ shelfPrice: input.price, taxes, discountRate: input.discountRate }, { checkQuantities: false });
    } catch (error) {
      return { ok: false, field: 'price', message: (error as Error).message };
    }
    if (!shelf.exact && input.acceptDifference !== true) return { ok: false, field: 'price', message: shelfMissMessage(input.price.toFixed(2), shelf) };
    price = Number(shelf.price);
  }
  const category = input.category?.trim() ? input.category.trim() : null;
  return {
    ok: true,
    product: {
      code: input.code, name: input.name.trim(), barcodes: [...input.barcodes], unitMeasure: input.unitMeasure, price,
      tax: input.tax, discountRate: input.discountRate, category, active: input.active,
      quickKey: input.quickKey ?? false,
      // An order means something only for a quick key; a product that stops being one forgets it.
      quickKeyOrder: input.quickKey ? input.quickKeyOrder ?? null : null,
    },
  };
}
