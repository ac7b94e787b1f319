/**
 * The shop's invoicing traffic as Tienda shows it (issue 28): the confirmations' figures (requests in the last minute
 * against the limit, documents waiting per till, who confirms) and the webhooks heard, read from the database so
 * every server process answers alike (a receiver's counts not yet written are at most 2 s behind).
 */
import type { ShopInvoicingStatus } from '../../shared/shop/confirmations';
import type { Database } from '../db/adapter';
import { tiendaWebhooks, webhookNumbers } from '../webhooks/numbers';
import { readShopInvoicingStatus } from './confirmer';

export async function readShopInvoicing(db: Database, now: number): Promise<ShopInvoicingStatus> {
  return readShopInvoicingStatus(db, now, tiendaWebhooks(await webhookNumbers(db)));
}
