/** How one reply from the service changes an outbox entry. Shared by the sender and the poller. */
import { classifyStatus, type RemoteDocument } from '../../../shared/api/document';
import type { OutboxEntry, OutboxState } from '../store/outbox';
import type { SyncStore } from './ports';

export function rejectionMessage(doc: RemoteDocument): string {
  const details = doc.errors.length > 0 ? `: ${doc.errors.join('; ')}` : '';
  return `The tax authority did not validate the invoice (status ${doc.status})${details}`;
}

/** Applies a document to its entry; returns the new state. Unknown statuses are kept as-is and never count as validated. */
export function applyDocument(
  store: Pick<SyncStore, 'markQueued' | 'markValidated' | 'markNeedsAttention' | 'markRemoteStatus'>, entry: OutboxEntry, doc: RemoteDocument,
): OutboxState {
  switch (classifyStatus(doc.status)) {
    case 'validated':
      return store.markValidated(entry.id, doc).state;
    case 'rejected':
      return store.markNeedsAttention(entry.id, rejectionMessage(doc), doc).state;
    case 'pending':
    case 'unknown':
      return entry.state === 'queued' ? store.markRemoteStatus(entry.id, doc).state : store.markQueued(entry.id, doc).state;
  }
}
