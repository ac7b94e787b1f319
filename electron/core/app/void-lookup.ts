/**
 * The bridge's side of asking the service before a void (electron/core/sync/void-check.ts): the sale's own service
 * is asked; a refusal says why in words the renderer knows (bridge-error-text.ts).
 */
import { invalidField } from '../bridge/bridge-failure';
import type { Sale } from '../store/sales';
import { askServiceBeforeVoid } from '../sync/void-check';
import type { AppContext } from './app-context';
import { currentService } from './settings-mapping';

export async function voidOnlyIfNotHeld(ctx: AppContext, sale: Sale): Promise<void> {
  const service = sale.outbox.service === '' ? currentService(ctx.store) : sale.outbox.service;
  const check = await askServiceBeforeVoid(ctx.store, ctx.connection.apiFor(service), sale);
  if (check.kind === 'not-asked') {
    throw invalidField('saleId', `may be held by the invoicing service, which could not be asked (${check.why}); it was not voided`);
  }
  if (check.kind === 'held') {
    ctx.outboxChanged({ entryId: sale.outbox.id, referenceCode: sale.referenceCode, state: check.state });
    throw invalidField('saleId', `is held by the invoicing service (document ${check.documentId}); it was not voided`);
  }
}
