/**
 * The owner's saves of master data from a checked body (issue 21), one copy for both ways in: the HTTP routes a
 * paired till calls (server/http/back-office-record-routes.ts) and the back-office PC's bridge
 * (server/back-office-pc/handlers.ts). The product form's rule turns a shelf price into its base, a new PIN is
 * hashed here before the write lock and goes no further, and a save that changed something wakes the tills' feed.
 */
import { hashPin } from '../../common/pin-hash';
import type { CustomerRecord, CustomerSave, PersonRecord, PersonSave, ProductSave } from '../../shared/shop/back-office-records';
import type { ShopProduct } from '../../shared/shop/contract';
import { shopProductOfInput } from '../../shared/shop/shop-product';
import type { Database } from '../db/adapter';
import type { ChangeNotifier } from '../http/change-notifier';
import { saveCustomer, savePerson, saveProduct, type Saved } from '../store/back-office-records';

export interface SaveContext { db: Database; notifier: ChangeNotifier; now: () => number }

/** Saved, stale or refused by a rule of the shop (Saved), or a field the product form's rule refuses. */
export type SaveDecision<T> = Saved<T> | { outcome: 'invalid'; field: string; message: string };

function woken<T>(ctx: SaveContext, saved: Saved<T>): Saved<T> {
  // After the transaction committed: a till long-polling the feed asks again and receives the save.
  if (saved.outcome === 'saved' && saved.changed) ctx.notifier.changed();
  return saved;
}

export async function saveProductBody(ctx: SaveContext, body: ProductSave): Promise<SaveDecision<ShopProduct>> {
  const product = shopProductOfInput(body.product);
  if (!product.ok) return { outcome: 'invalid', field: `product.${product.field}`, message: product.message };
  return woken(ctx, await saveProduct(ctx.db, product.product, body.baseVersion, ctx.now()));
}

export async function saveCustomerBody(ctx: SaveContext, body: CustomerSave): Promise<SaveDecision<CustomerRecord>> {
  return woken(ctx, await saveCustomer(ctx.db, body.key, body.customer, body.baseVersion, ctx.now()));
}

export async function savePersonBody(ctx: SaveContext, body: PersonSave): Promise<SaveDecision<PersonRecord>> {
  const { pin, ...change } = body;
  const pinHash = pin === undefined ? null : await hashPin(pin);
  return woken(ctx, await savePerson(ctx.db, change, pinHash, ctx.now()));
}
