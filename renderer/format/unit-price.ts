/**
 * What one unit of a product costs the customer, taxes and its own discount included (shared/shelf-price.ts, on the
 * one money function): the figure the shelf, the quick keys and the search list all show, without ",00" (a price is
 * read at a glance). The base before tax is said beside it only where it differs (issue 26).
 */
import type { ProductDto } from '../../shared/bridge/types';
import { formatCop } from '../../shared/money';
import { shelfPriceOfBase } from '../../shared/shelf-price';

const plain = (text: string) => text.replace(/[.,]00$/, '');

export interface UnitPrice {
  /** What the customer pays for one unit, e.g. "$ 7.000"; '' when the product's figures cannot be read. */
  payable: string;
  /** The base before tax ("$ 5.882,35"), or null when it equals what is paid (no tax, no discount). */
  base: string | null;
}

export function unitPriceOf(product: Pick<ProductDto, 'price' | 'taxCode' | 'taxRate' | 'discountRate'>, locale: 'es-CO' | 'en'): UnitPrice {
  try {
    const taxes = product.taxCode && product.taxRate !== null ? [{ code: product.taxCode, rate: product.taxRate }] : [];
    const payable = shelfPriceOfBase({ basePrice: product.price, taxes, discountRate: product.discountRate });
    const base = formatCop(product.price, locale);
    const paid = formatCop(payable, locale);
    return { payable: plain(paid), base: base === paid ? null : base };
  } catch {
    return { payable: '', base: null };
  }
}
