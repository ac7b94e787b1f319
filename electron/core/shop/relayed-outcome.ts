/**
 * A document's outcome relayed by the shop server through the feed (issue 28), applied to this till's outbox as the
 * till's own poll would apply it: only to the sale with that reference whose document it is, only while the sale
 * waits for the service (queued), and only from what the server read of the document with a GET (the feed carries
 * it whole). Anything else — another till's reference, another document, a sale already final here, an unreadable
 * document — changes nothing.
 */
import { classifyStatus, readDocument, type RemoteDocument } from '../../../shared/api/document';
import { DOCUMENT_NOT_FOUND, type DocumentOutcome } from '../../../shared/shop/contract';
import type { OutboxEntry } from '../store/outbox';
import { applyDocument } from '../sync/outcome';
import type { SyncStore } from '../sync/ports';

export interface RelayedUpdate { entryId: number; referenceCode: string; state: string }

/** What a relayed outcome did: an update to say, the document handed back to the till's own looks, or nothing. */
export type RelayedResult = RelayedUpdate | { release: string } | null;

export type OutcomeStore = Pick<SyncStore, 'markQueued' | 'markValidated' | 'markNeedsAttention' | 'markRemoteStatus'> & {
  entryByReference(referenceCode: string): OutboxEntry | null;
};

export function applyRelayedOutcome(store: OutcomeStore, outcome: DocumentOutcome): RelayedResult {
  const entry = store.entryByReference(outcome.referenceCode);
  if (!entry || entry.remoteId === null || entry.remoteId !== outcome.documentId) return null;
  if (entry.state !== 'queued') return null;
  // The server's account does not know it: the till asks the service itself (its GET decides what the sale needs).
  if (outcome.status === DOCUMENT_NOT_FOUND) return { release: entry.referenceCode };
  let doc: RemoteDocument;
  try {
    doc = readDocument(outcome.document);
  } catch {
    return null;
  }
  if (doc.id !== entry.remoteId) return null;
  const kind = classifyStatus(doc.status);
  // Still waiting, as this till already knew: nothing new to write or to say.
  if ((kind === 'pending' || kind === 'unknown') && entry.remoteStatus === doc.status) return null;
  const state = applyDocument(store, entry, doc);
  return { entryId: entry.id, referenceCode: entry.referenceCode, state };
}
