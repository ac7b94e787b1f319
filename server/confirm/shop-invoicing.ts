/**
 * The shop's invoicing traffic as Tienda shows it (issue 28): the confirmations' figures (requests in the last minute
 * against the limit, documents waiting per till, who confirms) and the webhooks heard, read from the database so
 * every server process answers alike.
 */
import type { ShopInvoicingStatus } from '../../shared/shop/confirmations';
import type { Database } from '../db/adapter';
import { readShopInvoicingStatus } from './confirmer';

export async function readShopInvoicing(db: Database, now: number): Promise<ShopInvoicingStatus> {
  return readShopInvoicingStatus(db, now);
}
