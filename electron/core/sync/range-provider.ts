/**
 * The numbering range new invoices use, remembered in settings so a sale rung up offline can still be frozen
 * with it. Resolved from the service only when unknown or when the service refuses the one we used.
 */
import { resolveNumberingRange } from '../../../common/invoicing/range-selection';
import type { SyncApi, SyncStore } from './ports';

export const CURRENT_RANGE_KEY = 'numbering_range.current_id';
/** Chosen by the user in Settings; wins whenever it is still an INVOICE range. */
export const PREFERRED_RANGE_KEY = 'numbering_range.preferred_id';

export class RangeUnavailableError extends Error {
  override readonly name = 'RangeUnavailableError';
}

export interface RangeProvider {
  /** The range id to freeze into a new request; asks the service only when none is known. */
  current(): Promise<string>;
  /** The service refused `rangeId`: forget it and choose again without it. */
  replaceRefused(rangeId: string): Promise<string>;
}

export function createRangeProvider(opts: { store: SyncStore; api: SyncApi; now: () => number }): RangeProvider {
  let inFlight: Promise<string> | null = null;

  function resolve(rejectedId: string | null): Promise<string> {
    // Concurrent senders share one look-up.
    inFlight ??= (async () => {
      try {
        const result = await resolveNumberingRange({
          api: opts.api,
          preferredId: opts.store.getSetting(PREFERRED_RANGE_KEY),
          rejectedId,
          now: opts.now,
        });
        if (!result.ok) throw new RangeUnavailableError(result.message);
        opts.store.setSetting(CURRENT_RANGE_KEY, result.range.id);
        return result.range.id;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  return {
    async current() {
      return opts.store.getSetting(CURRENT_RANGE_KEY) ?? resolve(null);
    },
    async replaceRefused(rangeId) {
      const known = opts.store.getSetting(CURRENT_RANGE_KEY);
      if (known !== null && known !== rangeId) return known; // another sender already replaced it
      return resolve(rangeId);
    },
  };
}
