/**
 * A sale whose send may have reached the service (a 5xx, a timeout, a reset after sending) may be an invoice there.
 * Before such a sale is voided, its own service is asked by the reference code: a document found is recorded on the
 * sale (validated, on its way or rejected) and the void refused; "no such document" is recorded so the store (and its
 * trigger) allow the void; a service that cannot be asked refuses the void with why.
 */
import { invalidField } from '../bridge/bridge-failure';
import type { Sale } from '../store/sales';
import { applyDocument } from '../sync/outcome';
import { findByReference } from '../sync/reference-lookup';
import type { AppContext } from './app-context';
import { currentService } from './settings-mapping';

export async function askServiceBeforeVoid(ctx: AppContext, sale: Sale): Promise<void> {
  const { store } = ctx;
  if (store.saleStanding(sale.id) !== 'maybe_stored') return;
  const notAsked = (why: string) =>
    invalidField('saleId', `may be held by the invoicing service, which could not be asked (${why}); it was not voided`);
  const service = sale.outbox.service === '' ? currentService(store) : sale.outbox.service;
  const api = ctx.connection.apiFor(service);
  if (!api) throw notAsked('its connection is not running');
  // Read before asking: an attempt that ends while the question is on its way makes the answer stale.
  const asOfAttempt = store.latestAttemptId(sale.id);
  let lookup;
  try {
    lookup = await findByReference(api, sale.referenceCode);
  } catch (error) {
    throw notAsked(error instanceof Error ? error.message : String(error));
  }
  if (lookup.kind === 'unknown') throw notAsked(lookup.why);
  if (lookup.kind === 'absent') {
    store.recordServiceLookup({ saleId: sale.id, asOfAttempt, documentId: null });
    return;
  }
  const doc = lookup.document;
  store.recordServiceLookup({ saleId: sale.id, asOfAttempt, documentId: doc.id });
  const entry = store.getSale(sale.id)?.outbox;
  if (entry) {
    const state = applyDocument(store, entry, doc);
    ctx.outboxChanged({ entryId: entry.id, referenceCode: entry.referenceCode, state });
  }
  throw invalidField('saleId', `is held by the invoicing service (document ${doc.id}); it was not voided`);
}
