/**
 * Sends one claimed outbox entry: the frozen request body, byte for byte, as often as it takes. The service
 * deduplicates by reference_code, so a resend after a timeout or a crash returns the same document.
 */
import { ApiError, isApiError } from '../../../common/invoicing/errors';
import { backoffDelayMs } from '../../../common/invoicing/retry';
import type { OutboxEntry } from '../store/outbox';
import { applyDocument } from './outcome';
import type { SyncApi, SyncStore } from './ports';
import type { RangeProvider } from './range-provider';

export interface SendDeps {
  store: SyncStore;
  api: SyncApi;
  ranges: RangeProvider;
  now: () => number;
  random: () => number;
  retry: { baseMs: number; capMs: number };
}

export type SendResult =
  | { kind: 'done'; state: string }
  | { kind: 'retry-later'; error: Error; connectivity: boolean }
  | { kind: 'unauthorized'; error: Error };

/** Failures that say the service could not be reached at all (as opposed to a service that answered badly). */
export function isConnectivityFailure(error: ApiError): boolean {
  return error.kind === 'transient' && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
}

function describe(error: ApiError): string {
  return error.details.length > 0 ? `${error.message}: ${error.details.join('; ')}` : error.message;
}

export async function submitSale(deps: SendDeps, claimed: OutboxEntry): Promise<SendResult> {
  const { store, api } = deps;
  let entry = claimed;
  const startedAt = deps.now();
  const retryLater = (error: Error, connectivity: boolean): SendResult => {
    // Offline is not the sale's fault: no growing delay, the engine's probe decides when to try again.
    const delay = connectivity ? 0 : backoffDelayMs(Math.min(entry.attempts, 12), deps.retry, deps.random) + deps.retry.baseMs;
    store.scheduleRetry(entry.id, deps.now() + delay, error.message);
    return { kind: 'retry-later', error, connectivity };
  };
  if (entry.numberingRangeId === null) {
    // First sale after an offline start: choose the range now. Nothing is sent yet, so no attempt is counted.
    try {
      entry = store.assignRange(entry.id, await deps.ranges.current());
    } catch (error) {
      if (isApiError(error) && error.kind === 'auth') {
        store.scheduleRetry(entry.id, deps.now(), error.message);
        return { kind: 'unauthorized', error };
      }
      const failure = error instanceof Error ? error : new Error(String(error));
      return retryLater(failure, isApiError(error) && isConnectivityFailure(error));
    }
  }
  try {
    const doc = await api.createInvoice(entry.requestBody);
    store.recordAttempt(entry.id, { startedAt, finishedAt: deps.now(), outcome: 'queued', httpStatus: null, message: doc.status, mayHaveReached: true });
    return { kind: 'done', state: applyDocument(store, entry, doc) };
  } catch (error) {
    if (!isApiError(error)) {
      // A local problem (the store refused a change): keep the sale waiting with the reason.
      return retryLater(error instanceof Error ? error : new Error(String(error)), false);
    }
    const outcome = error.ambiguous ? 'ambiguous' : error.retryable ? 'transient' : 'permanent';
    store.recordAttempt(entry.id, {
      startedAt, finishedAt: deps.now(), outcome, httpStatus: error.status ?? null, message: describe(error),
      // The client says whether the request may have reached the service (a 5xx after a forwarded POST may have).
      mayHaveReached: error.ambiguous,
    });
    if (error.code === 'RANGE_INVALID' && entry.numberingRangeId !== null) {
      // The service refused the request as a whole, so no document exists for it: re-freezing with a new range is safe.
      try {
        const rangeId = await deps.ranges.replaceRefused(entry.numberingRangeId);
        store.replaceRefusedRange(entry.id, rangeId);
        return retryLater(error, false);
      } catch (rangeError) {
        store.markNeedsAttention(entry.id, `${describe(error)}. ${(rangeError as Error).message}`);
        return { kind: 'done', state: 'needs_attention' };
      }
    }
    if (error.kind === 'auth') {
      store.scheduleRetry(entry.id, deps.now(), error.message);
      return { kind: 'unauthorized', error };
    }
    if (error.kind === 'permanent') {
      store.markNeedsAttention(entry.id, describe(error));
      return { kind: 'done', state: 'needs_attention' };
    }
    return retryLater(error, isConnectivityFailure(error));
  }
}
