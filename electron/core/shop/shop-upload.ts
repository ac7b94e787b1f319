/**
 * The first till seeds an empty shop server (issue 20): its catalog, customers, people (PIN hashes only) and the
 * shop-wide settings, once, in batches of one upload. The server refuses with `shop_not_empty` when it already
 * holds another shop's data. Records that do not meet the contract's rules are counted, not sent.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { SHOP_LIMITS, shopPersonSchema, shopProductSchema } from '../../../shared/shop/contract';
import { customerInputSchema } from '../../../shared/customer';
import type { Store } from '../store';
import { SHOP_WIDE_SETTINGS } from '../store/shop-master-data';
import type { ShopClient } from './shop-client';


const productForShop = shopProductSchema.omit({ version: true });
const personForShop = shopPersonSchema.omit({ version: true });
type UploadProduct = z.output<typeof productForShop>;

export interface UploadOutcome { stored: number; skipped: number }

export async function uploadShop(store: Store, client: ShopClient, shopName: string): Promise<UploadOutcome> {
  const uploadId = randomBytes(16).toString('hex');
  let skipped = 0;
  const keep = <T>(schema: z.ZodType<T>, value: unknown): T[] => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return [parsed.data];
    skipped += 1;
    return [];
  };
  const products: UploadProduct[] = [];
  for (const p of store.eachCatalogProduct()) {
    products.push(...keep(productForShop, {
      code: p.code, name: p.name, barcodes: p.barcodes, unitMeasure: p.unitMeasure, price: Number(p.price),
      tax: p.taxCode !== null && p.taxRate !== null ? { code: p.taxCode, rate: Number(p.taxRate) } : null,
      discountRate: Number(p.discountRate), category: p.category, active: p.active, quickKey: p.quickKey, quickKeyOrder: p.quickKeyOrder,
    }));
  }
  const customers = store.allCustomers().flatMap((c) => keep(customerInputSchema, c.customer));
  const people = store.peopleForShop().flatMap((p) => keep(personForShop, p));
  const settings = SHOP_WIDE_SETTINGS.flatMap((key) => {
    const value = store.getSetting(key);
    return value === null ? [] : [{ key, value }];
  });

  const per = SHOP_LIMITS.uploadProductsPerBatch;
  const batches = Math.max(1, Math.ceil(products.length / per), Math.ceil(customers.length / per));
  let stored = 0;
  for (let i = 0; i < batches; i++) {
    const answer = await client.upload({
      shopName: shopName.slice(0, SHOP_LIMITS.shopNameLength) || 'Tienda',
      uploadId,
      products: products.slice(i * per, (i + 1) * per),
      customers: customers.slice(i * per, (i + 1) * per),
      people: i === 0 ? people.slice(0, 200) : [],
      settings: i === 0 ? settings : [],
      last: i === batches - 1,
    });
    stored += answer.stored;
  }
  return { stored, skipped: skipped + Math.max(0, people.length - 200) };
}
