/**
 * What the sync engine needs from the store and the API client, named from the engine's side.
 * The real Store and InvoicingApi satisfy these structurally.
 */
import type { RemoteDocument } from '../../../shared/api/document';
import type { NumberingRange } from '../../../shared/api/numbering-range';
import type { AttemptInput, OutboxEntry, OutboxState } from '../store/outbox';
import type { ConfirmTiming } from '../store/sync-timing';

export interface SyncStore {
  claimNext(limit: number, service?: string): OutboxEntry[];
  assignRange(entryId: number, rangeId: string): OutboxEntry;
  replaceRefusedRange(entryId: number, rangeId: string): OutboxEntry;
  recordAttempt(entryId: number, attempt: AttemptInput): unknown;
  markQueued(entryId: number, doc: RemoteDocument): OutboxEntry;
  markValidated(entryId: number, doc: RemoteDocument): OutboxEntry;
  markNeedsAttention(entryId: number, message: string, doc?: RemoteDocument): OutboxEntry;
  markRemoteStatus(entryId: number, doc: RemoteDocument): OutboxEntry;
  scheduleRetry(entryId: number, nextAttemptAt: number, message: string): OutboxEntry;
  listAwaitingValidation(service?: string): OutboxEntry[];
  counts(): Record<OutboxState, number>;
  getSetting(key: string): string | null;
  setSetting(key: string, value: string): void;
  /** The service's learned QUEUED → final timing (optional: without it the engine learns in memory only). */
  syncTiming?(service: string): ConfirmTiming | null;
  saveSyncTiming?(service: string, timing: ConfirmTiming): void;
}

export interface SyncApi {
  createInvoice(requestBody: string): Promise<RemoteDocument>;
  getDocument(id: string): Promise<RemoteDocument>;
  listDocuments(query?: { page?: number; perPage?: number; status?: string; referenceCode?: string }): Promise<{
    documents: RemoteDocument[];
    /** List entries that could not be read (optional: a client that drops none). */
    skipped?: number;
    page: { page?: number; per_page?: number; total?: number; total_pages?: number } | null;
  }>;
  listNumberingRanges(now?: Date): Promise<NumberingRange[]>;
  /** Whether the rate budget holds requests back now, until when and why (optional: the status bar's words). */
  rateHold?(): { untilMs: number; reason: 'retry-after' | 'window' } | null;
}
