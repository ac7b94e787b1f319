/**
 * Numbering ranges for the Settings screen: the service's invoice ranges, the automatic choice (only when the
 * evidence is clear) and the user's override. Changing the override also changes the range new sales freeze in.
 */
import { chooseInvoiceRange, type NumberingRange } from '../../../shared/api/numbering-range';
import type { RangeDto, RangesDto } from '../../../shared/bridge/types';
import { CURRENT_RANGE_KEY, PREFERRED_RANGE_KEY } from '../sync/range-provider';

export interface RangeSource {
  listNumberingRanges(now?: Date): Promise<NumberingRange[]>;
}

interface RangeSettings {
  getSetting(key: string): string | null;
  setSetting(key: string, value: string): void;
}

function rangeDto(r: NumberingRange): RangeDto {
  return { id: r.id, documentType: r.document_type, prefix: r.prefix, from: r.from, to: r.to, resolution: r.resolution, validity: r.validity };
}

export async function listRanges(api: RangeSource, settings: RangeSettings, now: () => number): Promise<RangesDto> {
  const all = await api.listNumberingRanges(new Date(now()));
  const automatic = chooseInvoiceRange(all, null);
  const preferred = settings.getSetting(PREFERRED_RANGE_KEY);
  return {
    ranges: all.filter((r) => r.document_type === 'INVOICE').map(rangeDto),
    automaticId: automatic.kind === 'chosen' ? automatic.range.id : null,
    preferredId: preferred ? preferred : null,
    message:
      automatic.kind === 'needs-choice'
        ? 'More than one invoice numbering range may be current; choose one.'
        : automatic.kind === 'none' ? automatic.reason : null,
  };
}

/**
 * Applies a new override to the range new sales use. Choosing "automatic" again forgets the range in use only when
 * the automatic choice is clear; otherwise the sync engine keeps the one it has until the service refuses it.
 */
export async function applyPreferredRange(api: RangeSource, settings: RangeSettings, preferredId: string | null, now: () => number): Promise<void> {
  if (preferredId) {
    settings.setSetting(CURRENT_RANGE_KEY, preferredId);
    return;
  }
  const automatic = chooseInvoiceRange(await api.listNumberingRanges(new Date(now())), null);
  if (automatic.kind === 'chosen') settings.setSetting(CURRENT_RANGE_KEY, automatic.range.id);
}
