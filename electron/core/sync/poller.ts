/**
 * Learns the fate of documents the service has accepted but not yet validated. With several pending it reads
 * the documents list (one request covers a page of them) and looks up one by one only those the list did not show.
 */
import type { RemoteDocument } from '../../../shared/api/document';
import { isApiError } from '../../../common/invoicing/errors';
import type { OutboxEntry } from '../store/outbox';
import { applyDocument } from './outcome';
import type { SyncApi, SyncStore } from './ports';

export interface PollOptions {
  /** Only this service's documents are looked up (a document id means nothing to another service). */
  service?: string;
  perPage: number;
  /** Individual look-ups per round, so a long backlog cannot turn into a request storm. */
  maxLookups: number;
  /** The entries this poll is for (those due); others the documents list happens to show are updated too. */
  only?: ReadonlySet<number>;
}

export interface PollResult {
  /** Entries whose state or remote status changed. */
  changed: number;
  /** The entries that changed, with their new state, for the UI. */
  updates: { entryId: number; referenceCode: string; state: string }[];
  /** Entries still waiting for the service. */
  pending: number;
  /** Every entry whose document this poll saw, and whether it is final now (no longer queued). */
  looked: { entryId: number; final: boolean }[];
}

/** The smallest page a poll asks for: a few documents more cost nothing, and other tills' may be among them. */
const MIN_PAGE = 10;

export async function pollPending(store: SyncStore, api: SyncApi, opts: PollOptions): Promise<PollResult> {
  const waiting = store.listAwaitingValidation(opts.service).filter((e) => e.remoteId !== null);
  if (waiting.length === 0) return { changed: 0, updates: [], pending: 0, looked: [] };
  const wanted = opts.only ? waiting.filter((e) => opts.only?.has(e.id)) : waiting;
  const byId = new Map(waiting.map((e) => [e.remoteId as string, e]));
  const seen = new Map<string, RemoteDocument>();

  // One document: one look-up. Several: the list (one request covers a page), then look-ups for the rest.
  if (wanted.length > 1) {
    // A page sized to what waits (twice as many, for other tills' documents on the same client id), not always the
    // longest: at a busy counter a few documents wait, and a page of 100 with their QR images is about a megabyte
    // to download and parse every poll (on a field sale's mobile data too). Newest first: pages beyond the ones that
    // can hold our backlog are not worth reading; the look-ups cover the rest.
    const perPage = Math.min(opts.perPage, Math.max(MIN_PAGE, 2 * waiting.length));
    const maxPages = Math.ceil(waiting.length / perPage) + 1;
    const wantedIds = new Set(wanted.map((e) => e.remoteId as string));
    let wantedSeen = 0;
    for (let page = 1; page <= maxPages && wantedSeen < wantedIds.size; page++) {
      const result = await api.listDocuments({ page, perPage });
      for (const doc of result.documents) {
        if (!byId.has(doc.id) || seen.has(doc.id)) continue;
        seen.set(doc.id, doc);
        if (wantedIds.has(doc.id)) wantedSeen++;
      }
      const totalPages = result.page?.total_pages;
      if (result.documents.length === 0 || (totalPages !== undefined && page >= totalPages)) break;
      if (result.page === null) break; // an unpaged list was the whole list
    }
  }

  let changed = 0;
  let pending = 0;
  const updates: PollResult['updates'] = [];
  const looked: PollResult['looked'] = [];
  const missing = wanted.filter((e) => !seen.has(e.remoteId as string)).slice(0, opts.maxLookups);
  for (const entry of missing) {
    try {
      seen.set(entry.remoteId as string, await api.getDocument(entry.remoteId as string));
    } catch (error) {
      if (isApiError(error) && error.kind === 'permanent' && error.status === 404) {
        store.markNeedsAttention(entry.id, `The service no longer knows document ${entry.remoteId}: ${error.message}`);
        changed++;
        updates.push({ entryId: entry.id, referenceCode: entry.referenceCode, state: 'needs_attention' });
        looked.push({ entryId: entry.id, final: true });
        continue;
      }
      throw error;
    }
  }

  for (const [id, doc] of seen) {
    const entry = byId.get(id) as OutboxEntry;
    const before = `${entry.state}/${entry.remoteStatus}`;
    const state = applyDocument(store, entry, doc);
    if (`${state}/${doc.status}` !== before) {
      changed++;
      updates.push({ entryId: entry.id, referenceCode: entry.referenceCode, state });
    }
    if (state === 'queued') pending++;
    looked.push({ entryId: entry.id, final: state !== 'queued' });
  }
  return { changed, updates, pending: pending + (waiting.length - seen.size), looked };
}
