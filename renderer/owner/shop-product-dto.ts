/**
 * A product as the shop server keeps it (base price only, shared/shop/contract.ts) in the shape the till's product
 * form opens (CatalogProductDto). The server keeps no shelf price, so the form offers the shelf price the base
 * stands for when that shelf price gives back the very same base (shared/shelf-price.ts); otherwise the base.
 */
import type { CatalogProductDto } from '../../shared/bridge/types';
import { basePriceForShelf, shelfPriceOfBase } from '../../shared/shelf-price';
import type { ShopProduct } from '../../shared/shop/contract';

export function shelfPriceFor(p: Pick<ShopProduct, 'price' | 'tax' | 'discountRate'>): string | null {
  const taxes = p.tax ? [p.tax] : [];
  try {
    const shelf = shelfPriceOfBase({ basePrice: p.price, taxes, discountRate: p.discountRate });
    const back = basePriceForShelf({ shelfPrice: shelf, taxes, discountRate: p.discountRate }, { checkQuantities: false });
    return back.exact && Number(back.price) === p.price ? shelf : null;
  } catch {
    return null; // a 100 % discount or a price out of range: the base it is
  }
}

/**
 * The shelf price a catalog list shows under a product's base, as the till's own list does: the exact one
 * (`shelfPriceFor`), and none where it is the base itself (nothing added to it).
 */
export function listedShelfPrice(p: Pick<ShopProduct, 'price' | 'tax' | 'discountRate'>): string | null {
  const shelf = shelfPriceFor(p);
  return shelf !== null && Number(shelf) !== p.price ? shelf : null;
}

export function catalogProductOf(p: ShopProduct): CatalogProductDto {
  return {
    code: p.code, name: p.name, barcode: p.barcodes[0] ?? null, barcodes: [...p.barcodes], price: String(p.price),
    unitMeasure: p.unitMeasure, taxCode: p.tax?.code ?? null, taxRate: p.tax ? String(p.tax.rate) : null,
    discountRate: String(p.discountRate), category: p.category, active: p.active, shelfPrice: shelfPriceFor(p),
    quickKey: p.quickKey ?? false, quickKeyOrder: p.quickKeyOrder ?? null,
  };
}
