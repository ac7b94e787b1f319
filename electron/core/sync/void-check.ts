/**
 * Before a sale whose send may have reached the service is voided, its service is asked by the reference code. A
 * document found is recorded on the sale (validated, on its way or rejected): it is not voided. "No such document"
 * is recorded as of the latest attempt, so the store and its trigger allow the void until another attempt is made.
 */
import type { Corrections } from '../store/corrections';
import type { Sale } from '../store/sales';
import { applyDocument } from './outcome';
import type { SyncApi, SyncStore } from './ports';
import { findByReference } from './reference-lookup';

export type VoidCheck =
  | { kind: 'no-need' }
  | { kind: 'absent' }
  | { kind: 'held'; documentId: string; state: string }
  | { kind: 'not-asked'; why: string };

export async function askServiceBeforeVoid(
  store: SyncStore & Pick<Corrections, 'saleStanding' | 'latestAttemptId' | 'recordServiceLookup'> & { getSale(id: number): Sale | null },
  api: Pick<SyncApi, 'listDocuments'> | null, sale: Sale,
): Promise<VoidCheck> {
  if (store.saleStanding(sale.id) !== 'maybe_stored') return { kind: 'no-need' };
  if (!api) return { kind: 'not-asked', why: 'its connection is not running' };
  // Read before asking: an attempt that ends while the question is on its way makes the answer stale.
  const asOfAttempt = store.latestAttemptId(sale.id);
  let lookup;
  try {
    lookup = await findByReference(api, sale.referenceCode);
  } catch (error) {
    return { kind: 'not-asked', why: error instanceof Error ? error.message : String(error) };
  }
  if (lookup.kind === 'unknown') return { kind: 'not-asked', why: lookup.why };
  if (lookup.kind === 'absent') {
    store.recordServiceLookup({ saleId: sale.id, asOfAttempt, documentId: null });
    return { kind: 'absent' };
  }
  const doc = lookup.document;
  store.recordServiceLookup({ saleId: sale.id, asOfAttempt, documentId: doc.id });
  const entry = store.getSale(sale.id)?.outbox;
  const state = entry ? applyDocument(store, entry, doc) : 'unknown';
  return { kind: 'held', documentId: doc.id, state };
}
